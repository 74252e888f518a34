import Foundation
import Testing

@testable import SyncHealth

/// The polling fallback sees a change of the files and publishes it once.
@Suite struct PolledNetworkMonitorTests {
    @Test func aRemovedDefaultRouteIsPublishedAsOffline() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("poll-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let proc = root.appendingPathComponent("proc")
        let eth0 = root.appendingPathComponent("sys/eth0")
        try FileManager.default.createDirectory(at: proc, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: eth0, withIntermediateDirectories: true)
        try "up\n".write(to: eth0.appendingPathComponent("operstate"), atomically: true, encoding: .utf8)
        try "0x1003\n".write(to: eth0.appendingPathComponent("flags"), atomically: true, encoding: .utf8)
        let route = proc.appendingPathComponent("route")
        try (NetworkStateFilesTests.header + NetworkStateFilesTests.defaultRoute).write(
            to: route, atomically: true, encoding: .utf8)
        let monitor = PolledNetworkMonitor(
            files: NetworkStateFiles(procNet: proc.path, sysClassNet: root.appendingPathComponent("sys").path),
            interval: .milliseconds(20))

        let seen = try await firstStatuses(2, of: monitor.statuses()) { _ in
            try NetworkStateFilesTests.header.write(to: route, atomically: true, encoding: .utf8)
        }

        #expect(seen == [.online, .offline])
    }
}
