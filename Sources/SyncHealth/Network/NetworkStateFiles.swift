import FoundationEssentials
import InputText
import TripsModel

/// The network state as the kernel's text files show it — the fallback when no netlink socket can
/// be opened, and a one-off reading for `trips sync status`. Default routes come from
/// `route` and `ipv6_route` under `procNet`; interface state from `operstate` and `flags` under
/// `sysClassNet`. The locations are injectable so tests read fixtures.
public struct NetworkStateFiles: Sendable, Hashable {
    /// `/proc/thread-self/net`: per thread, so a thread moved into another network namespace
    /// reads that namespace's routes (`/proc/net` follows the process's first thread).
    public var procNet: String
    public var sysClassNet: String

    public init(procNet: String = "/proc/thread-self/net", sysClassNet: String = "/sys/class/net") {
        self.procNet = procNet
        self.sysClassNet = sysClassNet
    }

    /// The snapshot now, or nil when no route table can be read.
    public func snapshot() -> NetworkSnapshot? {
        let ipv4 = Self.read("\(procNet)/route")
        let ipv6 = Self.read("\(procNet)/ipv6_route")
        guard ipv4 != nil || ipv6 != nil else { return nil }
        let routes = Self.defaultRouteInterfaces(ipv4RouteTable: ipv4 ?? "").union(
            Self.defaultRouteInterfaces(ipv6RouteTable: ipv6 ?? ""))
        let interfaces = routes.sorted().map { name in
            Self.interface(
                name: name, operstate: Self.read("\(sysClassNet)/\(name)/operstate"),
                flags: Self.read("\(sysClassNet)/\(name)/flags"))
        }
        return NetworkSnapshot(interfaces: interfaces, defaultRouteInterfaces: routes)
    }

    /// The status now (unknown when nothing can be read).
    public var status: NetworkStatus { snapshot()?.status ?? .unknown }

    // MARK: Parsing (pure)

    /// Route flags of `<linux/route.h>`: the route is usable; the route rejects traffic.
    static let routeUp: UInt32 = 0x0001
    static let routeReject: UInt32 = 0x0200
    /// Interface flags of `<net/if.h>`.
    static let interfaceUp: UInt32 = 0x1
    static let interfaceLoopback: UInt32 = 0x8

    /// Interfaces of `/proc/net/route` lines with destination and mask 0 (a header line first;
    /// columns Iface, Destination, Gateway, Flags, RefCnt, Use, Metric, Mask, …; hex numbers).
    static func defaultRouteInterfaces(ipv4RouteTable text: String) -> Set<String> {
        var names: Set<String> = []
        for line in text.split(separator: "\n").dropFirst() {
            let columns = line.split(whereSeparator: { $0 == "\t" || $0 == " " })
            guard columns.count >= 8, columns[1] == "00000000", columns[7] == "00000000",
                let flags = UInt32(columns[3], radix: 16), isUsable(flags)
            else { continue }
            names.insert(String(columns[0]))
        }
        return names
    }

    /// Interfaces of `/proc/net/ipv6_route` lines for `::/0` (no header; columns destination,
    /// prefix length, source, source prefix, next hop, metric, refcount, use, flags, device).
    static func defaultRouteInterfaces(ipv6RouteTable text: String) -> Set<String> {
        var names: Set<String> = []
        for line in text.split(separator: "\n") {
            let columns = line.split(separator: " ", omittingEmptySubsequences: true)
            guard columns.count >= 10, columns[0].allSatisfy({ $0 == "0" }), columns[1] == "00",
                let flags = UInt32(columns[8], radix: 16), isUsable(flags)
            else { continue }
            names.insert(String(columns[9]))
        }
        return names
    }

    /// An interface from its `operstate` ("up", "down", "unknown", …) and `flags` ("0x1003") files.
    static func interface(name: String, operstate: String?, flags: String?) -> NetworkSnapshot.Interface {
        let state = operstate?.trimmed
        let hex = flags?.trimmed.replacing("0x", with: "")
        let bits = hex.flatMap { UInt32($0, radix: 16) }
        let adminUp = bits.map { $0 & interfaceUp != 0 } ?? true
        return NetworkSnapshot.Interface(
            name: name, isUp: adminUp && (state == "up" || state == "unknown"),
            isLoopback: name == "lo" || bits.map { $0 & interfaceLoopback != 0 } ?? false, hasRoutableAddress: nil)
    }

    private static func isUsable(_ routeFlags: UInt32) -> Bool {
        routeFlags & routeUp != 0 && routeFlags & routeReject == 0
    }

    private static func read(_ path: String) -> String? {
        try? String(contentsOfFile: path, encoding: .utf8)
    }
}
