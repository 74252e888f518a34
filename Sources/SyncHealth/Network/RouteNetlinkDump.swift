/// Links, addresses and routes from rtnetlink dumps, gathered into a `NetworkSnapshot`. Pure
/// (bytes in, snapshot out), so the parsing is tested from hand-made messages.
struct RouteNetlinkDump {
    private struct Link {
        var name: String
        var flags: UInt32
        var operationalState: UInt8
    }

    private var links: [Int32: Link] = [:]
    private var routableAddressLinks: Set<Int32> = []
    private var defaultRouteLinks: Set<Int32> = []

    // struct ifinfomsg / ifaddrmsg / rtmsg sizes and the attributes read.
    private static let linkHeader = 16, addressHeader = 8, routeHeader = 12
    private static let linkName: UInt16 = 3  // IFLA_IFNAME
    private static let linkOperationalState: UInt16 = 16  // IFLA_OPERSTATE
    private static let routeOutputInterface: UInt16 = 4  // RTA_OIF
    private static let routeMultipath: UInt16 = 9  // RTA_MULTIPATH
    private static let routeTable: UInt16 = 15  // RTA_TABLE
    private static let interfaceUp: UInt32 = 0x1  // IFF_UP
    private static let interfaceLoopback: UInt32 = 0x8  // IFF_LOOPBACK
    private static let operationalUnknown: UInt8 = 0, operationalUp: UInt8 = 6  // IF_OPER_*
    private static let scopeLink: UInt8 = 253  // RT_SCOPE_LINK: link, host and nowhere are not routable
    /// IFA_F_DADFAILED | IFA_F_TENTATIVE: an IPv6 address not (yet) usable.
    private static let addressUnusable: UInt8 = 0x08 | 0x40
    private static let mainTable: UInt32 = 254  // RT_TABLE_MAIN
    private static let unicast: UInt8 = 1  // RTN_UNICAST (not blackhole, unreachable, …)

    init() {}

    /// Takes one message of a link, address or route dump; others are ignored.
    mutating func add(_ message: RouteNetlink.Message) {
        let payload = message.payload
        let start = payload.startIndex
        switch message.type {
        case RouteNetlink.newLink:
            let index = payload.load(Int32.self, at: start + 4)
            var link = Link(name: "#\(index)", flags: payload.load(UInt32.self, at: start + 8), operationalState: 0)
            for attribute in RouteNetlink.attributes(in: payload, from: Self.linkHeader) {
                if attribute.type == Self.linkName {
                    link.name = String(decoding: attribute.value.prefix { $0 != 0 }, as: UTF8.self)
                } else if attribute.type == Self.linkOperationalState {
                    link.operationalState = attribute.value.first ?? 0
                }
            }
            links[index] = link
        case RouteNetlink.newAddress:
            let flags = payload.load(UInt8.self, at: start + 2)
            let scope = payload.load(UInt8.self, at: start + 3)
            if scope < Self.scopeLink, flags & Self.addressUnusable == 0 {
                routableAddressLinks.insert(Int32(bitPattern: payload.load(UInt32.self, at: start + 4)))
            }
        case RouteNetlink.newRoute:
            addRoute(payload)
        default:
            break
        }
    }

    private mutating func addRoute(_ payload: ArraySlice<UInt8>) {
        let start = payload.startIndex
        let destinationLength = payload.load(UInt8.self, at: start + 1)
        var table = UInt32(payload.load(UInt8.self, at: start + 4))
        let type = payload.load(UInt8.self, at: start + 7)
        var interfaces: [Int32] = []
        for attribute in RouteNetlink.attributes(in: payload, from: Self.routeHeader) {
            switch attribute.type {
            case Self.routeTable: table = attribute.value.load(UInt32.self, at: attribute.value.startIndex)
            case Self.routeOutputInterface:
                interfaces.append(attribute.value.load(Int32.self, at: attribute.value.startIndex))
            case Self.routeMultipath: interfaces += Self.nextHopInterfaces(attribute.value)
            default: break
            }
        }
        guard destinationLength == 0, type == Self.unicast, table == Self.mainTable else { return }
        defaultRouteLinks.formUnion(interfaces)
    }

    /// `struct rtnexthop` entries: length (2), flags (1), hops (1), interface index (4), attributes.
    private static func nextHopInterfaces(_ value: ArraySlice<UInt8>) -> [Int32] {
        var result: [Int32] = []
        var offset = value.startIndex
        while offset + 8 <= value.endIndex {
            let length = Int(value.load(UInt16.self, at: offset))
            guard length >= 8 else { break }
            result.append(value.load(Int32.self, at: offset + 4))
            offset += RouteNetlink.aligned(length)
        }
        return result
    }

    var snapshot: NetworkSnapshot {
        let interfaces = links.sorted { $0.key < $1.key }.map { index, link in
            NetworkSnapshot.Interface(
                name: link.name,
                isUp: link.flags & Self.interfaceUp != 0
                    && (link.operationalState == Self.operationalUp
                        || link.operationalState == Self.operationalUnknown),
                isLoopback: link.flags & Self.interfaceLoopback != 0,
                hasRoutableAddress: routableAddressLinks.contains(index))
        }
        let routeNames = defaultRouteLinks.map { links[$0]?.name ?? "#\($0)" }
        return NetworkSnapshot(interfaces: interfaces, defaultRouteInterfaces: Set(routeNames))
    }
}
