import TripsModel

/// How a canonical pull runs (DESIGN §6.1, §6.4).
public struct CanonicalSyncOptions: Sendable, Hashable {
    /// Records per query page: 1…200 (200 is the Web Services maximum).
    public var pageSize: Int
    /// How far before the watermark each pull starts re-reading, to survive records saved with
    /// equal timestamps and query indexes that lag. Re-reads merge as "unchanged".
    public var overlapMs: Int64
    /// Read everything (no watermark), then deprecate local records the server no longer has.
    public var full: Bool
    /// The types to pull, applied in this order (default: the dependency order).
    public var types: [RecordType]
    /// Identifies the cloud (URL, container, environment — no secrets). When it differs from the
    /// one the store last synced with, the watermarks (which belong to the other cloud) are
    /// dropped and a `setup` event is logged; nil skips that check.
    public var cloudIdentity: String?

    public static let maximumPageSize = 200
    public static let defaultOverlapMs: Int64 = 5 * 60 * 1000

    public init(
        pageSize: Int = CanonicalSyncOptions.maximumPageSize, overlapMs: Int64 = CanonicalSyncOptions.defaultOverlapMs,
        full: Bool = false, types: [RecordType] = RecordType.syncOrder, cloudIdentity: String? = nil
    ) {
        self.pageSize = min(max(pageSize, 1), CanonicalSyncOptions.maximumPageSize)
        self.overlapMs = max(0, overlapMs)
        self.full = full
        self.types = RecordType.syncOrder.filter(types.contains)
        self.cloudIdentity = cloudIdentity
    }
}
