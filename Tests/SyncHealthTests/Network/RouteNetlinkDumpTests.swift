import Testing

@testable import SyncHealth

/// rtnetlink dump messages, made by hand, read into a snapshot.
@Suite struct RouteNetlinkDumpTests {
    private static func bytes<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
        var result: [UInt8] = []
        result.appendInteger(value)
        return result
    }

    /// One netlink message: header, family message, then `struct rtattr`s padded to 4 bytes.
    private static func message(_ type: UInt16, _ family: [UInt8], _ attributes: [(UInt16, [UInt8])]) -> [UInt8] {
        var body = family
        for (kind, value) in attributes {
            body += bytes(UInt16(4 + value.count)) + bytes(kind) + value
            body += [UInt8](repeating: 0, count: RouteNetlink.aligned(value.count) - value.count)
        }
        return bytes(UInt32(16 + body.count)) + bytes(type) + bytes(UInt16(2)) + bytes(UInt32(7)) + bytes(UInt32(0))
            + body
    }

    private static func link(_ index: Int32, _ name: String, flags: UInt32, operstate: UInt8) -> [UInt8] {
        let family = [0, 0] + bytes(UInt16(1)) + bytes(index) + bytes(flags) + bytes(UInt32(0))
        return message(16, family, [(3, Array(name.utf8) + [0]), (16, [operstate])])
    }

    private static func address(_ index: Int32, scope: UInt8, flags: UInt8 = 0) -> [UInt8] {
        message(20, [2, 24, flags, scope] + bytes(UInt32(bitPattern: index)), [(2, [10, 0, 0, 2])])
    }

    private static func defaultRoute(_ index: Int32, table: UInt8 = 254, type: UInt8 = 1, prefix: UInt8 = 0) -> [UInt8]
    {
        message(24, [2, prefix, 0, 0, table, 3, 0, type] + bytes(UInt32(0)), [(4, bytes(index))])
    }

    private static func snapshot(_ datagram: [UInt8]) -> NetworkSnapshot {
        var dump = RouteNetlinkDump()
        for message in RouteNetlink.messages(in: datagram[...]) { dump.add(message) }
        return dump.snapshot
    }

    static let up: UInt32 = 0x1 | 0x40 | 0x10000
    static let loopback = link(1, "lo", flags: up | 0x8, operstate: 0) + address(1, scope: 254)

    @Test func aDefaultRouteThroughAnUpLinkWithAGlobalAddressIsOnline() {
        let snapshot = Self.snapshot(
            Self.loopback + Self.link(2, "veth0", flags: Self.up, operstate: 6) + Self.address(2, scope: 0)
                + Self.defaultRoute(2))
        #expect(snapshot.defaultRouteInterfaces == ["veth0"])
        #expect(snapshot.interfaces.map(\.name) == ["lo", "veth0"])
        #expect(snapshot.status == .online)
    }

    @Test func onlyALinkLocalOrTentativeAddressIsOffline() {
        let linkLocal = Self.snapshot(
            Self.link(2, "veth0", flags: Self.up, operstate: 6) + Self.address(2, scope: 253) + Self.defaultRoute(2))
        #expect(linkLocal.status == .offline)
        let tentative = Self.snapshot(
            Self.link(2, "veth0", flags: Self.up, operstate: 6) + Self.address(2, scope: 0, flags: 0x40)
                + Self.defaultRoute(2))
        #expect(tentative.status == .offline)
    }

    @Test func aDownLinkIsOffline() {
        let snapshot = Self.snapshot(
            Self.link(2, "veth0", flags: 0x1002, operstate: 2) + Self.address(2, scope: 0) + Self.defaultRoute(2))
        #expect(snapshot.status == .offline)
    }

    @Test func routesThatAreNotDefaultUnicastMainRoutesDoNotCount() {
        let unreachable: UInt8 = 7  // RTN_UNREACHABLE
        let base = Self.link(2, "veth0", flags: Self.up, operstate: 6) + Self.address(2, scope: 0)
        #expect(Self.snapshot(base + Self.defaultRoute(2, prefix: 24)).status == .offline)
        #expect(Self.snapshot(base + Self.defaultRoute(2, table: 100)).status == .offline)
        #expect(Self.snapshot(base + Self.defaultRoute(2, type: unreachable)).status == .offline)
    }

    @Test func onlyLoopbackIsOffline() {
        #expect(Self.snapshot(Self.loopback + Self.defaultRoute(1)).status == .offline)
    }

    @Test func aMultipathDefaultRouteNamesEachNextHop() {
        let hop = Self.bytes(UInt16(8)) + [0, 0] + Self.bytes(Int32(3))
        let multipath = Self.message(24, [2, 0, 0, 0, 254, 3, 0, 1] + Self.bytes(UInt32(0)), [(9, hop)])
        let snapshot = Self.snapshot(
            Self.link(3, "wlan0", flags: Self.up, operstate: 6) + Self.address(3, scope: 0) + multipath)
        #expect(snapshot.defaultRouteInterfaces == ["wlan0"])
        #expect(snapshot.status == .online)
    }

    @Test func aDumpRequestIsAHeaderAndAZeroedFamilyMessage() {
        let request = RouteNetlink.dumpRequest(RouteNetlink.getRoute, sequence: 9)
        #expect(request.count == 28)
        let header = RouteNetlink.messages(in: request[...])
        #expect(header.count == 1)
        #expect(header.first?.type == RouteNetlink.getRoute)
        #expect(header.first?.sequence == 9)
    }
}
