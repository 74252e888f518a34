/// One durable entry of the sync log (DESIGN §7): what ran, when, and how it ended. `trips sync
/// status` reads these from another process, so they live in the store, not in memory.
public struct SyncEvent: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// First contact with a (new) cloud: configuration checked by a real request.
        case setup
        /// Pulling records from the cloud into the store (the canonical pull, user-data import).
        case `import`
        /// Pushing local user data to the cloud.
        case export
    }

    public enum State: String, Sendable, Hashable, CaseIterable {
        /// Started and not ended. A sync that died (kill -9, power loss) leaves this behind;
        /// the next sync, holding the lock, closes it as failed ("interrupted").
        case inProgress
        case succeeded
        case failed
        /// Stopped on request (Ctrl-C, SIGTERM, time limit). Not an error: progress is kept.
        case cancelled
    }

    /// The error of an entry whose process died before ending it.
    public static let interruptedError = "interrupted: the sync process ended without finishing"

    public var id: Int64
    public var kind: Kind
    public var state: State
    /// Client wall-clock milliseconds (for people, never for watermarks).
    public var startedMs: Int64
    public var endedMs: Int64?
    /// One line, no secrets.
    public var error: String?
    /// A one-line summary of what happened (counts).
    public var detail: String?

    public init(
        id: Int64, kind: Kind, state: State, startedMs: Int64, endedMs: Int64? = nil, error: String? = nil,
        detail: String? = nil
    ) {
        self.id = id
        self.kind = kind
        self.state = state
        self.startedMs = startedMs
        self.endedMs = endedMs
        self.error = error
        self.detail = detail
    }
}
