/// A source of network changes, so a watcher can sync when the network comes back. Tests inject a
/// scripted one; on Linux `NetlinkNetworkMonitor` (falling back to `PolledNetworkMonitor`).
public protocol NetworkMonitor: Sendable {
    /// The status now, then each real change (never the same status twice in a row). Each call
    /// starts its own observation; it stops (its thread ends, its sockets close) when the
    /// consumer stops iterating or its task is cancelled.
    func statuses() -> AsyncStream<NetworkStatus>
}
