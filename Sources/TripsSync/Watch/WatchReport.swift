import SyncHealth

/// What the watcher tells its user, as it happens (`trips sync --watch` prints one line each).
public enum WatchReport: Sendable {
    /// The network changed; `syncInMs` is the debounce when its return will set off a sync.
    case network(NetworkStatus, syncInMs: Int64?)
    /// A try ended (`result` nil when the cloud did not answer the confirming request, with
    /// `unreachable` saying why). `startedMs` is wall-clock time; `nextInMs` is the wait before
    /// the next try (nil while offline).
    case attempt(WatchAttempt)
    /// The cloud asked earlier for no request before `untilMs` (wall clock), and it is not over.
    case waiting(untilMs: Int64)
}

/// One try of the watcher.
public struct WatchAttempt: Sendable {
    public var trigger: WatchTrigger
    /// Wall-clock time the try started.
    public var startedMs: Int64
    public var result: SyncResult?
    /// Why the cloud was not tried, when `result` is nil.
    public var unreachable: String?
    /// Milliseconds until the next try, nil while the network is offline.
    public var nextInMs: Int64?

    public init(
        trigger: WatchTrigger, startedMs: Int64, result: SyncResult?, unreachable: String? = nil,
        nextInMs: Int64? = nil
    ) {
        self.trigger = trigger
        self.startedMs = startedMs
        self.result = result
        self.unreachable = unreachable
        self.nextInMs = nextInMs
    }

    public var succeeded: Bool { result?.succeeded ?? false }
}
