/// Why the watcher syncs: shown with each result, so a user (or a test) can tell a regular sync
/// from one the network's return set off.
public enum WatchTrigger: String, Sendable, Hashable {
    /// The watcher just started.
    case start
    /// The interval passed since the last success.
    case interval
    /// The network came back and stayed up through the debounce.
    case network
    /// An earlier try failed and its backoff (or the cloud's `retryAfter`) is over.
    case retry
}

/// How one try went, as far as the schedule cares.
public enum WatchOutcome: Sendable, Hashable {
    case succeeded
    /// `temporary`: network trouble, throttling, a busy store — worth a quick retry. Anything
    /// else (bad credentials, a refused request) waits a whole interval.
    case failed(temporary: Bool, retryAfterMs: Int64?)
}
