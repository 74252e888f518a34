import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A raw TCP client on loopback, for bytes no HTTP client sends (smuggling probes, slow
/// trickles). It may bind a chosen source address first (127.0.0.2 …: all of 127/8 is local),
/// so a test can play several remote addresses.
public final class LoopbackClient {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    public let fd: Int32

    /// Connects to `127.0.0.1:port` from `source`; every send and receive gives up after `timeout` s.
    public init(port: UInt16, from source: String? = nil, timeout: Int = 10) throws {
        fd = try LoopbackClient.connected(port: port, from: source, timeout: timeout)
    }

    /// A connected socket; on failure it is closed here (and only here) before the throw.
    private static func connected(port: UInt16, from source: String?, timeout: Int) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        var time = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        func fail(_ what: String) -> Failure {
            let failure = Failure(description: "\(what): \(String(cString: strerror(errno)))")
            close(fd)
            return failure
        }
        if let source {
            var local = address(source, port: 0)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard bound == 0 else { throw fail("bind \(source)") }
        }
        var remote = address("127.0.0.1", port: port)
        let connected = withUnsafePointer(to: &remote) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw fail("connect") }
        return fd
    }

    deinit { close(fd) }

    private static func address(_ host: String, port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        inet_pton(AF_INET, host, &address.sin_addr)
        return address
    }

    /// Sends everything; false when the server closed first.
    @discardableResult
    public func send(_ text: String) -> Bool { send(bytes: Array(text.utf8)) }

    /// Sends every byte; false when the server closed first.
    @discardableResult
    public func send(bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes {
                Glibc.send(fd, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
            }
            guard n > 0 else { return false }
            offset += n
        }
        return true
    }

    /// Says "no more requests" (the server then closes after answering).
    public func finishSending() { shutdown(fd, Int32(SHUT_WR)) }

    /// Everything until the server closes (or the timeout).
    public func readToEnd() -> String {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { break }
            received += buffer[0..<n]
        }
        return String(decoding: received, as: UTF8.self)
    }

    /// What the server sends until it closes the connection, and whether it did so before
    /// `deadline` (false: the deadline came first, or an error other than a reset).
    public func readToEnd(by deadline: Deadline) -> (bytes: [UInt8], closed: Bool) {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let left = ContinuousClock.now.duration(to: deadline.instant).components
            let ms = max(0, left.seconds * 1000 + left.attoseconds / 1_000_000_000_000_000)
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(clamping: ms))
            if ready < 0, errno == EINTR { continue }
            guard ready == 1 else { return (received, false) }
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if n > 0 {
                received += buffer[0..<n]
            } else if n == 0 || errno == ECONNRESET {
                return (received, true)
            } else if errno != EAGAIN, errno != EWOULDBLOCK, errno != EINTR {
                return (received, false)
            }
        }
    }

    /// Whether the server has closed the connection within `seconds`: end of file or a reset,
    /// after whatever it sent last (a 408, say).
    public func isClosed(within seconds: Double) -> Bool {
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, Int32(seconds * 1000)) == 1 else { return false }
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if n > 0 { continue }
            return n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK)
        }
    }

    /// Sends `text`, half-closes, reads the whole answer.
    public static func exchange(port: UInt16, _ text: String, from source: String? = nil, timeout: Int = 10) throws
        -> String
    {
        let client = try LoopbackClient(port: port, from: source, timeout: timeout)
        client.send(text)
        client.finishSending()
        return client.readToEnd()
    }
}
