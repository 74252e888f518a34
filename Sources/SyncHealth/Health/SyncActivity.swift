/// Where one kind of sync work (setup, import, export) stands: the state of its latest log entry.
public enum SyncActivity: Sendable, Hashable {
    case notStarted
    case inProgress(startedMs: Int64)
    case succeeded(startedMs: Int64, endedMs: Int64)
    /// `endedMs` is nil for a run interrupted by its process dying (still "in progress" in the
    /// log while nobody holds the sync lock).
    case failed(startedMs: Int64, endedMs: Int64?, error: String)
    /// Stopped on request: says nothing about health.
    case cancelled(startedMs: Int64, endedMs: Int64)

    /// The time this state began (the end of a concluded run, the start of a running one).
    public var sinceMs: Int64? {
        switch self {
        case .notStarted: return nil
        case .inProgress(let started): return started
        case .succeeded(_, let ended), .cancelled(_, let ended): return ended
        case .failed(let started, let ended, _): return ended ?? started
        }
    }
}
