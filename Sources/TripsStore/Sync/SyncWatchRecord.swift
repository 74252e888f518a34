/// What a running `trips sync --watch` leaves in the store for `trips sync status`, which runs in
/// another process: with a watcher, "not syncing" means no success for two intervals rather than
/// a day. The watcher removes it when it ends; one killed leaves it behind, so the record names
/// the watcher process and counts only while that process lives (`isLive`): a dead watcher's
/// interval must not judge the one-shot syncs that follow.
public struct SyncWatchRecord: Sendable, Hashable {
    /// How often the watcher syncs, in milliseconds.
    public var intervalMs: Int64
    /// Client wall-clock time the watcher started.
    public var startedMs: Int64
    /// The watcher process; nil in a record from a build that did not write it.
    public var process: ProcessIdentity?

    public init(intervalMs: Int64, startedMs: Int64, process: ProcessIdentity? = ProcessIdentity.current) {
        self.intervalMs = intervalMs
        self.startedMs = startedMs
        self.process = process
    }

    /// Whether the watcher that wrote this still runs (a record without its process cannot say,
    /// and is not trusted).
    public var isLive: Bool { process?.isAlive ?? false }
}
