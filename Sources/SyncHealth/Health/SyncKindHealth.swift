import TripsStore

/// How one kind of sync work (setup, import, export) stands, from its log entries.
public struct SyncKindHealth: Sendable, Hashable {
    public var kind: SyncEvent.Kind
    /// The latest entry's state (an entry left running by a dead process reads as failed).
    public var activity: SyncActivity
    /// How long the activity has been so; nil when never started.
    public var age: Duration?
    /// The end of the latest successful run.
    public var lastSuccessMs: Int64?
    /// The latest concluded run (cancellations and a running sync skipped) failed: a retry in
    /// progress does not hide an error until it succeeds.
    public var isFailing: Bool
    /// When the current run of failures began (the first failure after the last success seen).
    public var failingSinceMs: Int64?
    /// The latest concluded failure's message, while failing.
    public var error: String?

    /// - Parameter events: this kind's entries, newest first.
    init(kind: SyncEvent.Kind, events: [SyncEvent], syncRunning: Bool, nowMs: Int64) {
        self.kind = kind
        let activities = events.enumerated().map { index, event in
            Self.activity(of: event, running: syncRunning && index == 0)
        }
        activity = activities.first ?? .notStarted
        age = activity.sinceMs.map { .milliseconds(max(0, nowMs - $0)) }
        var successMs: Int64?
        var failures: [(sinceMs: Int64?, error: String)] = []
        for concluded in activities {
            if case .succeeded(_, let ended) = concluded {
                successMs = ended
                break
            }
            if case .failed(_, _, let error) = concluded { failures.append((concluded.sinceMs, error)) }
        }
        lastSuccessMs = successMs
        isFailing = !failures.isEmpty
        failingSinceMs = failures.last?.sinceMs
        error = failures.first?.error
    }

    /// An entry "in progress" is running only if it is the newest and a process holds the lock.
    private static func activity(of event: SyncEvent, running: Bool) -> SyncActivity {
        switch event.state {
        case .inProgress:
            return running
                ? .inProgress(startedMs: event.startedMs)
                : .failed(startedMs: event.startedMs, endedMs: nil, error: SyncEvent.interruptedError)
        case .succeeded:
            return .succeeded(startedMs: event.startedMs, endedMs: event.endedMs ?? event.startedMs)
        case .failed:
            return .failed(startedMs: event.startedMs, endedMs: event.endedMs, error: event.error ?? "failed")
        case .cancelled:
            return .cancelled(startedMs: event.startedMs, endedMs: event.endedMs ?? event.startedMs)
        }
    }

    /// Started at least once and concluded successfully at least once.
    var hasSucceeded: Bool { lastSuccessMs != nil }

    var isRunning: Bool {
        if case .inProgress = activity { return true }
        return false
    }
}
