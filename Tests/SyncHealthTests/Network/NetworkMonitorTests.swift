import Testing

@testable import SyncHealth

/// The protocol's promise, kept by the feed every monitor publishes through: changes only.
@Suite struct NetworkMonitorTests {
    @Test func repeatedReadingsArePublishedOnce() async {
        let monitor: any NetworkMonitor = ScriptedNetworkMonitor(
            readings: [.offline, .offline, .online, .online, .online, .offline, .online])
        var seen: [NetworkStatus] = []
        for await status in monitor.statuses() { seen.append(status) }
        #expect(seen == [.offline, .online, .offline, .online])
    }
}
