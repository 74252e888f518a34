/// How much history maintenance keeps (`CanonicalStore.performMaintenance`): the issue's
/// defaults, adjustable so tests can use small values.
public struct MaintenancePolicy: Sendable, Hashable {
    public static let dayMs: Int64 = 86_400_000

    /// How long a deprecated record stays after its `deprecatedAt` before it is purged: 90 days.
    public var deprecatedRetentionMs: Int64
    /// A deprecated record modified this close to its type's watermark stays however old its
    /// deprecation: the next delta reads it again (from the watermark minus the overlap), and
    /// would insert it again after every purge. A day: the largest overlap a sync may use
    /// (`sync.overlapSeconds`, `--overlap` ≤ 86,400).
    public var rereadWindowMs: Int64
    /// How many sync log entries stay, newest first: 1,000 (`trips sync status` reads 200).
    public var eventLogCap: Int
    /// How often a sync's routine maintenance purges (`performRoutineMaintenance`): a day.
    public var purgeIntervalMs: Int64

    public init(
        deprecatedRetentionMs: Int64 = 90 * MaintenancePolicy.dayMs, rereadWindowMs: Int64 = MaintenancePolicy.dayMs,
        eventLogCap: Int = 1_000, purgeIntervalMs: Int64 = MaintenancePolicy.dayMs
    ) {
        self.deprecatedRetentionMs = deprecatedRetentionMs
        self.rereadWindowMs = rereadWindowMs
        self.eventLogCap = eventLogCap
        self.purgeIntervalMs = purgeIntervalMs
    }
}
