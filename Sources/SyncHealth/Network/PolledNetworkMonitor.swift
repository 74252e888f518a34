/// Reads `NetworkStateFiles` every `interval` (a few seconds): the fallback where no netlink
/// socket can be opened. Between readings its thread sleeps in `poll()` on its wake pipe, so
/// stopping is immediate and idle costs one read of a few small files per interval.
public struct PolledNetworkMonitor: NetworkMonitor {
    public var files: NetworkStateFiles
    public var interval: Duration

    public static let defaultInterval: Duration = .seconds(5)

    public init(
        files: NetworkStateFiles = NetworkStateFiles(), interval: Duration = PolledNetworkMonitor.defaultInterval
    ) {
        self.files = files
        self.interval = interval
    }

    public func statuses() -> AsyncStream<NetworkStatus> {
        let files = files
        let timeoutMs = MonitorThread.milliseconds(interval)
        return MonitorThread.start(name: "trips.network.poll") { feed, wake in
            while true {
                feed.publish(files.status)
                let woken = MonitorThread.readable([wake.readEnd], timeoutMs: timeoutMs)?[0] ?? true
                if woken { return }
            }
        }
    }
}
