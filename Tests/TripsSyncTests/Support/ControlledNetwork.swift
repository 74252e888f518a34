import SyncHealth

/// A `NetworkMonitor` the test speaks for: `send` publishes a reading to the one watcher that
/// observes it.
final class ControlledNetwork: NetworkMonitor {
    private let stream: AsyncStream<NetworkStatus>
    private let continuation: AsyncStream<NetworkStatus>.Continuation

    init() {
        (stream, continuation) = AsyncStream<NetworkStatus>.makeStream()
    }

    func statuses() -> AsyncStream<NetworkStatus> { stream }

    func send(_ status: NetworkStatus) { continuation.yield(status) }
}
