/// What a running `trips sync --watch` leaves in the store for `trips sync status`, which runs in
/// another process: with a watcher, "not syncing" means no success for two intervals rather than
/// a day. The watcher removes it when it ends; one killed leaves it behind, and then "not syncing"
/// is exactly what status should say.
public struct SyncWatchRecord: Sendable, Hashable {
    /// How often the watcher syncs, in milliseconds.
    public var intervalMs: Int64
    /// Client wall-clock time the watcher started.
    public var startedMs: Int64

    public init(intervalMs: Int64, startedMs: Int64) {
        self.intervalMs = intervalMs
        self.startedMs = startedMs
    }
}
