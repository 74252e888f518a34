import Synchronization

/// The publishing end of a monitor's stream: it passes a reading on only when it differs from
/// the last one published, so consumers see real changes — a burst of netlink messages that
/// changes nothing, or a poll that finds the same state, publishes nothing.
final class StatusFeed: Sendable {
    private let continuation: AsyncStream<NetworkStatus>.Continuation
    private let last = Mutex<NetworkStatus?>(nil)

    /// A stream and its feed. Unbounded buffering: dropping a reading could show a consumer the
    /// same status twice in a row.
    static func make() -> (AsyncStream<NetworkStatus>, StatusFeed) {
        let (stream, continuation) = AsyncStream<NetworkStatus>.makeStream()
        return (stream, StatusFeed(continuation))
    }

    private init(_ continuation: AsyncStream<NetworkStatus>.Continuation) {
        self.continuation = continuation
    }

    func publish(_ status: NetworkStatus) {
        let changed = last.withLock { previous in
            defer { previous = status }
            return previous != status
        }
        if changed { continuation.yield(status) }
    }

    func finish() { continuation.finish() }

    /// Runs when the consumer stops iterating (or its task is cancelled) and when `finish` is called.
    func onTermination(_ action: @escaping @Sendable () -> Void) {
        continuation.onTermination = { _ in action() }
    }
}
