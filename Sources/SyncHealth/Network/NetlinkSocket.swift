#if canImport(Glibc)
    import Glibc
#endif

/// A `NETLINK_ROUTE` socket. It belongs to the network namespace of the thread that opened it,
/// whichever thread later reads it. Closed by its owner (the monitor thread), not by deinit, so
/// the descriptor's lifetime is plain to see.
final class NetlinkSocket: Sendable {
    let descriptor: Int32
    /// NETLINK_ROUTE.
    private static let routeProtocol: Int32 = 0

    struct OpenError: Error {
        var call: String
        var code: Int32
    }

    /// Opens and binds a socket subscribed to `groups` (0: none, for dump requests). Event sockets
    /// are non-blocking so a burst can be drained; dump sockets block with a receive timeout.
    init(groups: UInt32) throws(OpenError) {
        let fd = socket(AF_NETLINK, Int32(SOCK_RAW.rawValue) | Int32(SOCK_CLOEXEC.rawValue), Self.routeProtocol)
        guard fd >= 0 else { throw OpenError(call: "socket", code: errno) }
        let bound = Self.address(groups: groups).withUnsafeBytes { raw in
            bind(fd, raw.baseAddress!.assumingMemoryBound(to: sockaddr.self), socklen_t(raw.count))
        }
        guard bound == 0 else {
            let code = errno
            Glibc.close(fd)
            throw OpenError(call: "bind", code: code)
        }
        if groups != 0 {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        } else {
            var timeout = timeval(tv_sec: 3, tv_usec: 0)
            _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        }
        descriptor = fd
    }

    /// `struct sockaddr_nl`: family (2), padding (2), port id (4, 0: the kernel assigns), groups (4).
    private static func address(groups: UInt32) -> [UInt8] {
        var bytes = [UInt8]()
        bytes.appendInteger(UInt16(AF_NETLINK))
        bytes.appendInteger(UInt16(0))
        bytes.appendInteger(UInt32(0))
        bytes.appendInteger(groups)
        return bytes
    }

    func close() { _ = Glibc.close(descriptor) }

    /// Reads every pending datagram without blocking. False on a real error; ENOBUFS (the
    /// kernel dropped events for a slow reader) is fine: the state is re-read anyway.
    func drain() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 8192)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 { continue }
            if count == 0 { return true }
            switch errno {
            case EAGAIN, EWOULDBLOCK: return true
            case EINTR, ENOBUFS: continue
            default: return false
            }
        }
    }

    /// Sends a dump request of `type` and gathers the answer; nil if the kernel refuses or the
    /// answer does not arrive within the receive timeout.
    func dump(_ type: UInt16, sequence: UInt32, into dump: inout RouteNetlinkDump) -> Bool {
        let request = RouteNetlink.dumpRequest(type, sequence: sequence)
        let sent = request.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, 0) }
        guard sent == request.count else { return false }
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            for message in RouteNetlink.messages(in: buffer[0..<count]) where message.sequence == sequence {
                switch message.type {
                case RouteNetlink.done: return true
                case RouteNetlink.error: return false
                default: dump.add(message)
                }
            }
        }
    }
}
