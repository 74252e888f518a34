import Foundation
import Testing

@testable import SyncHealth

/// The /proc and /sys reader, from fixture text in a temporary directory.
@Suite struct NetworkStateFilesTests {
    static let header =
        "Iface\tDestination\tGateway \tFlags\tRefCnt\tUse\tMetric\tMask\t\tMTU\tWindow\tIRTT\n"
    static let defaultRoute = "eth0\t00000000\t010200C0\t0003\t0\t0\t0\t00000000\t0\t0\t0\n"
    static let subnetRoute = "eth0\t000200C0\t00000000\t0001\t0\t0\t0\t00FFFFFF\t0\t0\t0\n"
    static let loopbackIPv6Reject =
        "00000000000000000000000000000000 00 00000000000000000000000000000000 00 00000000000000000000000000000000 ffffffff 00000001 00000000 00200200       lo\n"

    /// Writes the fixture tree and answers a reader of it.
    private func files(
        route: String, ipv6Route: String = "", interfaces: [String: (operstate: String, flags: String)]
    ) throws -> NetworkStateFiles {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("net-\(UUID().uuidString)")
        let proc = root.appendingPathComponent("proc")
        let sys = root.appendingPathComponent("sys")
        try FileManager.default.createDirectory(at: proc, withIntermediateDirectories: true)
        try route.write(to: proc.appendingPathComponent("route"), atomically: true, encoding: .utf8)
        try ipv6Route.write(to: proc.appendingPathComponent("ipv6_route"), atomically: true, encoding: .utf8)
        for (name, state) in interfaces {
            let directory = sys.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try (state.operstate + "\n").write(
                to: directory.appendingPathComponent("operstate"), atomically: true, encoding: .utf8)
            try (state.flags + "\n").write(
                to: directory.appendingPathComponent("flags"), atomically: true, encoding: .utf8)
        }
        return NetworkStateFiles(procNet: proc.path, sysClassNet: sys.path)
    }

    @Test func aDefaultRouteThroughAnUpInterfaceIsOnline() throws {
        let reader = try files(
            route: Self.header + Self.defaultRoute + Self.subnetRoute, interfaces: ["eth0": ("up", "0x1003")])
        #expect(reader.status == .online)
        #expect(reader.snapshot()?.defaultRouteInterfaces == ["eth0"])
    }

    @Test func withoutADefaultRouteItIsOffline() throws {
        let reader = try files(route: Self.header + Self.subnetRoute, interfaces: ["eth0": ("up", "0x1003")])
        #expect(reader.status == .offline)
    }

    @Test func aDefaultRouteThroughADownInterfaceIsOffline() throws {
        let operDown = try files(route: Self.header + Self.defaultRoute, interfaces: ["eth0": ("down", "0x1003")])
        #expect(operDown.status == .offline)
        let adminDown = try files(route: Self.header + Self.defaultRoute, interfaces: ["eth0": ("unknown", "0x1002")])
        #expect(adminDown.status == .offline)
    }

    @Test func anInterfaceInStateUnknownThatIsUpCounts() throws {
        let reader = try files(
            route: Self.header + Self.defaultRoute.replacingOccurrences(of: "eth0", with: "tun0"),
            interfaces: ["tun0": ("unknown", "0x1091")])
        #expect(reader.status == .online)
    }

    @Test func onlyLoopbackIsOffline() throws {
        let loopbackDefault = "lo\t00000000\t00000000\t0001\t0\t0\t0\t00000000\t0\t0\t0\n"
        let reader = try files(
            route: Self.header + loopbackDefault, ipv6Route: Self.loopbackIPv6Reject,
            interfaces: ["lo": ("unknown", "0x9")])
        #expect(reader.status == .offline)
    }

    @Test func anIPv6DefaultRouteIsEnough() throws {
        let ipv6Default =
            "00000000000000000000000000000000 00 00000000000000000000000000000000 00 fd000000000000000000000000000001 00000400 00000002 00000000 00000003     eth0\n"
        let reader = try files(
            route: Self.header, ipv6Route: Self.loopbackIPv6Reject + ipv6Default, interfaces: ["eth0": ("up", "0x1003")]
        )
        #expect(reader.status == .online)
    }

    @Test func unreadableFilesAreUnknown() {
        let reader = NetworkStateFiles(procNet: "/nonexistent/proc", sysClassNet: "/nonexistent/sys")
        #expect(reader.snapshot() == nil)
        #expect(reader.status == .unknown)
    }
}
