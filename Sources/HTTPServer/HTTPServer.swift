import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Answers parsed requests. Called on the connection's own thread, so it must be thread-safe.
public protocol RequestHandler: Sendable {
    func handle(_ request: ServerRequest) -> ServerResponse
    /// The response for a request the HTTP layer refused before it reached `handle`
    /// (a `HeadRefusal`'s status and description, or 503 for too many connections).
    func reject(status: Int, reason: String) -> ServerResponse
}

/// Why the server could not start listening.
public enum HTTPServerError: Error, Sendable, Hashable, CustomStringConvertible {
    case socket(String)

    public var description: String {
        switch self {
        case .socket(let message): return "cannot listen: \(message)"
        }
    }
}

/// A small HTTP/1.1 server on plain sockets: keep-alive, Content-Length bodies, size limits,
/// read/write timeouts, one thread per connection (a bounded number of them). Plain threads,
/// because every request ends in a synchronous SQLite call anyway.
/// `@unchecked Sendable`: the counters and `state` are touched only under `lock`; the rest is `let`.
public final class HTTPServer: @unchecked Sendable {
    public struct Limits: Sendable, Hashable {
        public var maxHeaderBytes = 64 * 1024
        /// Header fields a head may carry (431 beyond).
        public var maxHeaderFields = RequestHead.defaultMaximumFields
        public var maxBodyBytes = 16 * 1024 * 1024
        /// Seconds a connection may sit idle (or stall mid-request) before it is closed.
        public var idleTimeout = 30
        public var maxConnections = 512
        /// Seconds a request head may take from its first byte (from the connect, for the first
        /// request of a connection). A trickle of bytes does not push it back (slowloris).
        public var headerTimeout = 10.0
        /// Connections one remote address may hold at once, so a few slow hosts cannot take
        /// every connection (`maxConnections`) from the rest.
        public var maxConnectionsPerAddress = 64

        public init() {}
    }

    public let port: UInt16
    public let host: String
    private let listenFD: Int32
    private let limits: Limits
    private let log: (@Sendable (String) -> Void)?
    private let lock = NSLock()
    private var openConnections = 0
    /// Open connections per remote IPv4 address (network byte order).
    private var connectionsByAddress: [in_addr_t: Int] = [:]
    private enum State { case idle, accepting, stopped }
    private var state = State.idle
    /// Signalled once when the accept loop has returned (`stop` waits for it).
    private let acceptLoopEnded = DispatchSemaphore(value: 0)

    /// Binds and listens (port 0: a free port, read back into `port`). Connections wait in the
    /// backlog until `start(handler:)`: the handler may need the port (its base URL) first.
    public init(
        host: String = "127.0.0.1", port: UInt16 = 0, limits: Limits = Limits(),
        log: (@Sendable (String) -> Void)? = nil
    ) throws(HTTPServerError) {
        self.limits = limits
        self.log = log
        self.host = host
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw .socket(String(cString: strerror(errno))) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else {
            close(fd)
            throw .socket("\(host) is not an IPv4 address")
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, 512) == 0 else {
            let message = String(cString: strerror(errno))
            close(fd)
            throw .socket("\(host):\(port): \(message)")
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        self.port = UInt16(bigEndian: actual.sin_port)
        self.listenFD = fd
    }

    /// Starts accepting on a background thread; every request goes to `handler`. Once only.
    public func start(handler: any RequestHandler) {
        signal(SIGPIPE, SIG_IGN)
        lock.lock()
        let idle = state == .idle
        if idle { state = .accepting }
        lock.unlock()
        guard idle else { return }
        let thread = Thread { [self] in
            acceptLoop(handler: handler)
            acceptLoopEnded.signal()
        }
        thread.name = "accept"
        thread.start()
    }

    /// Stops accepting; open connections finish their current request. The listening socket is
    /// shut down (which wakes a blocked `accept`), the accept loop is joined, and only then is the
    /// descriptor closed: closed earlier, its number could go to the next socket opened (another
    /// server's listener) while the loop was between two `accept`s, and the loop would take
    /// that socket's connections.
    public func stop() {
        lock.lock()
        let previous = state
        state = .stopped
        lock.unlock()
        switch previous {
        case .stopped: return
        case .idle: break
        case .accepting:
            shutdown(listenFD, Int32(SHUT_RDWR))
            acceptLoopEnded.wait()
        }
        close(listenFD)
    }

    private var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return state == .stopped
    }

    /// Counts a new connection from `address` in, or says why it is refused.
    private func admit(_ address: in_addr_t) -> String? {
        lock.lock()
        defer { lock.unlock() }
        guard openConnections < limits.maxConnections else { return "too many connections" }
        let fromAddress = connectionsByAddress[address, default: 0]
        guard fromAddress < limits.maxConnectionsPerAddress else {
            return "too many connections from your address (at most \(limits.maxConnectionsPerAddress))"
        }
        openConnections += 1
        connectionsByAddress[address] = fromAddress + 1
        return nil
    }

    private func release(_ address: in_addr_t) {
        lock.lock()
        defer { lock.unlock() }
        openConnections -= 1
        let left = connectionsByAddress[address, default: 1] - 1
        connectionsByAddress[address] = left > 0 ? left : nil
    }

    private func acceptLoop(handler: any RequestHandler) {
        while true {
            var peer = sockaddr_in()
            var peerLength = socklen_t(MemoryLayout<sockaddr_in>.size)
            let fd = withUnsafeMutablePointer(to: &peer) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { accept(listenFD, $0, &peerLength) }
            }
            if fd < 0 {
                let error = errno
                if isStopped { return }
                if error == EINTR || error == ECONNABORTED { continue }
                usleep(10_000)  // EMFILE and the like: back off instead of spinning
                continue
            }
            if isStopped {
                close(fd)
                return
            }
            let address = peer.sin_addr.s_addr
            if let refusal = admit(address) {
                let response = handler.reject(status: 503, reason: refusal)
                _ = HTTPConnection.write(fd: fd, HTTPConnection.serialize(response, keepAlive: false))
                close(fd)
                continue
            }
            let connection = HTTPConnection(fd: fd, handler: handler, limits: limits, log: log)
            let thread = Thread { [self] in
                connection.run()
                release(address)
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
    }
}
