/// The slice of the rtnetlink protocol (`<linux/netlink.h>`, `<linux/rtnetlink.h>`) the monitor
/// needs. Swift's Glibc module imports none of these headers, so the constants are spelled out
/// here with their kernel names, and messages are read from bytes (host byte order).
enum RouteNetlink {
    // Message types.
    static let done: UInt16 = 3  // NLMSG_DONE
    static let error: UInt16 = 2  // NLMSG_ERROR
    static let newLink: UInt16 = 16  // RTM_NEWLINK
    static let getLink: UInt16 = 18  // RTM_GETLINK
    static let newAddress: UInt16 = 20  // RTM_NEWADDR
    static let getAddress: UInt16 = 22  // RTM_GETADDR
    static let newRoute: UInt16 = 24  // RTM_NEWROUTE
    static let getRoute: UInt16 = 26  // RTM_GETROUTE

    /// NLM_F_REQUEST | NLM_F_DUMP.
    static let dumpRequest: UInt16 = 0x0001 | 0x0300

    /// Multicast groups: links, IPv4/IPv6 addresses, IPv4 routes — and IPv6 routes too, since
    /// an IPv6-only network's default route changes nothing else.
    static let linkGroup: UInt32 = 0x1  // RTMGRP_LINK
    static let ipv4AddressGroup: UInt32 = 0x10  // RTMGRP_IPV4_IFADDR
    static let ipv4RouteGroup: UInt32 = 0x40  // RTMGRP_IPV4_ROUTE
    static let ipv6AddressGroup: UInt32 = 0x100  // RTMGRP_IPV6_IFADDR
    static let ipv6RouteGroup: UInt32 = 0x400  // RTMGRP_IPV6_ROUTE
    static let monitoredGroups = linkGroup | ipv4AddressGroup | ipv6AddressGroup | ipv4RouteGroup | ipv6RouteGroup

    static let headerSize = 16  // struct nlmsghdr

    /// One dump request: a header and the zeroed family message the kernel expects (ifinfomsg
    /// 16 bytes, ifaddrmsg 8, rtmsg 12; family AF_UNSPEC = all families).
    static func dumpRequest(_ type: UInt16, sequence: UInt32) -> [UInt8] {
        let body = type == getLink ? 16 : type == getAddress ? 8 : 12
        var bytes = [UInt8]()
        bytes.appendInteger(UInt32(headerSize + body))
        bytes.appendInteger(type)
        bytes.appendInteger(dumpRequest)
        bytes.appendInteger(sequence)
        bytes.appendInteger(UInt32(0))  // port id: the kernel
        bytes += [UInt8](repeating: 0, count: body)
        return bytes
    }

    /// One message of a received datagram.
    struct Message {
        var type: UInt16
        var sequence: UInt32
        /// The bytes after the header.
        var payload: ArraySlice<UInt8>
    }

    /// The messages of one datagram (malformed trailing bytes are ignored).
    static func messages(in bytes: ArraySlice<UInt8>) -> [Message] {
        var result: [Message] = []
        var offset = bytes.startIndex
        while offset + headerSize <= bytes.endIndex {
            let length = Int(bytes.load(UInt32.self, at: offset))
            guard length >= headerSize, offset + length <= bytes.endIndex else { break }
            result.append(
                Message(
                    type: bytes.load(UInt16.self, at: offset + 4), sequence: bytes.load(UInt32.self, at: offset + 8),
                    payload: bytes[(offset + headerSize)..<(offset + length)]))
            offset += aligned(length)
        }
        return result
    }

    /// The attributes (`struct rtattr`: length, type, value) from `start` to the end of `payload`.
    static func attributes(in payload: ArraySlice<UInt8>, from start: Int) -> [(type: UInt16, value: ArraySlice<UInt8>)]
    {
        var result: [(UInt16, ArraySlice<UInt8>)] = []
        var offset = payload.startIndex + start
        while offset + 4 <= payload.endIndex {
            let length = Int(payload.load(UInt16.self, at: offset))
            guard length >= 4, offset + length <= payload.endIndex else { break }
            result.append(
                (payload.load(UInt16.self, at: offset + 2) & 0x3FFF, payload[(offset + 4)..<(offset + length)]))
            offset += aligned(length)
        }
        return result
    }

    /// NLMSG_ALIGN / RTA_ALIGN: 4 bytes.
    static func aligned(_ length: Int) -> Int { (length + 3) & ~3 }
}

extension ArraySlice<UInt8> {
    /// A host-order integer at an absolute index (zero past the end: a short message reads as empty).
    func load<T: FixedWidthInteger>(_: T.Type, at index: Int) -> T {
        guard index >= startIndex, index + MemoryLayout<T>.size <= endIndex else { return 0 }
        return withUnsafeBytes { $0.loadUnaligned(fromByteOffset: index - startIndex, as: T.self) }
    }
}

extension [UInt8] {
    /// Appends a host-order integer.
    mutating func appendInteger<T: FixedWidthInteger>(_ value: T) {
        Swift.withUnsafeBytes(of: value) { append(contentsOf: $0) }
    }
}
