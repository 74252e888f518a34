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
/// `@unchecked Sendable`: `state` is touched only under `lock`; the rest is `let` (the connection
/// table and body budget lock themselves).
public final class HTTPServer: @unchecked Sendable {
    public struct Limits: Sendable, Hashable {
        public var maxHeaderBytes = 64 * 1024
        /// Header fields a head may carry (431 beyond).
        public var maxHeaderFields = RequestHead.defaultMaximumFields
        /// The largest Content-Length accepted (413 beyond, before any of the body is read).
        public var maxBodyBytes = 16 * 1024 * 1024
        /// Bytes of request bodies held in memory at once, over all connections, counted as they
        /// arrive (a trickle holds almost nothing): past it the request is answered 503 and its
        /// connection closed. Bodies of up to 64 KB are not counted (512 connections hold at most
        /// 32 MB of them).
        public var maxBufferedBodyBytes = 64 * 1024 * 1024
        /// Seconds a whole body may take from the end of its head, on top of its length at
        /// `minBodyBytesPerSecond` (408 beyond): a trickle of bytes does not push it back.
        public var bodyTimeout = 10.0
        /// The slowest upload allowed for long: 256 KB/s (2 Mbit/s), so a 4 MB body has 26 s and
        /// a 16 MB one 74 s.
        public var minBodyBytesPerSecond = 256 * 1024
        /// Seconds a connection may sit idle (or stall mid-request) before it is closed.
        public var idleTimeout = 30
        public var maxConnections = 512
        /// Seconds a request head may take from its first byte (from the connect, for the first
        /// request of a connection). A trickle of bytes does not push it back (slowloris).
        public var headerTimeout = 10.0
        /// Connections one remote address may hold at once, so a few slow hosts cannot take
        /// every connection (`maxConnections`) from the rest. At either limit the oldest waiting
        /// connection is shed to make room where that is fair (`ConnectionTable`).
        public var maxConnectionsPerAddress = 64

        public init() {}

        /// Seconds a body of `length` bytes may take to arrive.
        public func bodySeconds(length: Int) -> Double {
            max(0, bodyTimeout) + Double(length) / Double(max(1, minBodyBytesPerSecond))
        }
    }

    public let port: UInt16
    public let host: String
    private let listenFD: Int32
    private let limits: Limits
    private let log: (@Sendable (String) -> Void)?
    private let lock = NSLock()
    /// Open connections by remote IPv4 address (network byte order).
    private let table: ConnectionTable
    private let budget: BodyBudget
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
        table = ConnectionTable(total: limits.maxConnections, perAddress: limits.maxConnectionsPerAddress)
        budget = BodyBudget(limit: limits.maxBufferedBodyBytes)
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

    /// Connections shed so far to make room for others (see `Limits.maxConnectionsPerAddress`).
    public var shedConnections: Int { table.shedCount }

    /// Bytes of request bodies held now (see `Limits.maxBufferedBodyBytes`).
    public var bufferedBodyBytes: Int { budget.inUse }

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
            let id: Int
            switch table.admit(peer.sin_addr.s_addr, fd: fd, now: DispatchTime.now().uptimeNanoseconds) {
            case .admitted(let admitted): id = admitted
            case .refused(let refusal):
                var response = handler.reject(status: 503, reason: refusal)
                response.headers.append((name: "Retry-After", value: "1"))
                _ = HTTPConnection.write(fd: fd, HTTPConnection.serialize(response, keepAlive: false))
                close(fd)
                continue
            }
            let context = HTTPConnection.Context(
                handler: handler, limits: limits, log: log, table: table, budget: budget)
            let connection = HTTPConnection(fd: fd, id: id, context: context)
            let thread = Thread { [table] in
                connection.run()
                // Out of the table first: a shed after this would shut down a reused descriptor.
                table.remove(id)
                close(fd)
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
    }
}
