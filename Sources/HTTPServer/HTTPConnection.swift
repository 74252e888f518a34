import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One client connection: reads requests (keep-alive), hands them to the handler, writes the
/// answers. Every malformed input ends in an HTTP error response and a closed socket, never a
/// crash.
/// `@unchecked Sendable` only to cross into its thread: after `init` one thread owns it (the
/// buffers are never shared).
final class HTTPConnection: @unchecked Sendable {
    /// What a connection shares with the server: where it is counted, and the body budget.
    struct Context: Sendable {
        var handler: any RequestHandler
        var limits: HTTPServer.Limits
        var log: (@Sendable (String) -> Void)?
        var table: ConnectionTable
        var budget: BodyBudget
    }

    /// Bodies up to this size are read into the connection's own buffer; larger ones into a
    /// `BodyBuffer`, against the budget.
    static let smallBodyBytes = 64 * 1024

    private let fd: Int32
    private let id: Int
    private let handler: any RequestHandler
    private let limits: HTTPServer.Limits
    private let log: (@Sendable (String) -> Void)?
    private let table: ConnectionTable
    private let budget: BodyBudget
    private var buffer: [UInt8] = []
    private var chunk = [UInt8](repeating: 0, count: 16 * 1024)
    private let connectedAt = HTTPConnection.now
    /// Requests begun on this connection.
    private var requests = 0

    init(fd: Int32, id: Int, context: Context) {
        self.fd = fd
        self.id = id
        self.handler = context.handler
        self.limits = context.limits
        self.log = context.log
        self.table = context.table
        self.budget = context.budget
    }

    /// Serves requests until the connection should close; the caller closes the descriptor
    /// (after taking it out of the table).
    func run() {
        var timeout = timeval(tv_sec: limits.idleTimeout, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var yes: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
        while serveOne() {}
    }

    /// Reads and answers one request; false when the connection should close.
    private func serveOne() -> Bool {
        guard let headEnd = readHead() else { return false }
        let head: RequestHead
        let length: Int
        do throws(HeadRefusal) {
            head = try RequestHead(parsing: buffer[0..<headEnd], maximumFields: limits.maxHeaderFields)
            length = try head.bodyLength()
        } catch {
            return refuse(error)
        }
        let started = DispatchTime.now().uptimeNanoseconds
        guard length <= limits.maxBodyBytes else {
            return refuse(.bodyTooLarge(length: length, limit: limits.maxBodyBytes), head: head)
        }
        if head.headers["expect"]?.lowercased() == "100-continue", buffer.count < headEnd + 4 + length {
            guard HTTPConnection.write(fd: fd, Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)) else { return false }
        }
        let body: Data
        switch readBody(length: length, after: headEnd + 4) {
        case .read(let bytes): body = bytes
        case .ended: return false
        case .refused(let refusal): return refuse(refusal, head: head)
        }

        let (path, query) = ServerRequest.split(target: head.target)
        let request = ServerRequest(method: head.method, path: path, query: query, headers: head.headers, body: body)
        // Shed while its body arrived: the client is gone, so nothing is done on its behalf.
        guard table.beginHandling(id) else { return false }
        defer { table.endHandling(id, now: Self.now) }
        let response = handler.handle(request)
        let keepAlive = head.keepAlive && !response.truncate && !response.drop
        let bytes = HTTPConnection.serialize(response, keepAlive: keepAlive)
        // Logged before the bytes go out, so whoever holds the answer can already read its line.
        var note = response.drop ? " (dropped)" : ""
        if response.truncate { note += " (truncated)" }
        logLine(head.method, path, response.status, started: started, note: note)
        let ok: Bool
        if response.drop {
            _ = HTTPConnection.write(fd: fd, Array(bytes.prefix(12)))
            ok = false
        } else if response.truncate {
            _ = HTTPConnection.write(fd: fd, Array(bytes.prefix(bytes.count - max(1, response.body.count / 2))))
            ok = false
        } else {
            ok = HTTPConnection.write(fd: fd, bytes)
        }
        return ok && keepAlive
    }

    /// `METHOD PATH STATUS TIMEms NOTE`, what came from the request escaped (`LogText`).
    private func logLine(_ method: String, _ path: String, _ status: Int, started: UInt64, note: String) {
        guard let log else { return }
        let ms = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6
        log("\(LogText.escaped(method)) \(LogText.escaped(path)) \(status) \(String(format: "%.1f", ms))ms\(note)")
    }

    /// Answers the refusal and closes the connection (the rest of the stream is unreliable). The
    /// log line says why, and quotes the request line (escaped) when no head was read.
    private func refuse(_ refusal: HeadRefusal, head: RequestHead? = nil) -> Bool {
        let started = DispatchTime.now().uptimeNanoseconds
        var response = handler.reject(status: refusal.status, reason: refusal.description)
        if refusal.status == 503 { response.headers.append((name: "Retry-After", value: "1")) }
        var note = " (refused: \(LogText.escaped(refusal.description)))"
        if head == nil, !buffer.isEmpty { note += " \"\(quotedRequestLine)\"" }
        let path = head.map { ServerRequest.split(target: $0.target).path } ?? "-"
        logLine(head?.method ?? "-", path, response.status, started: started, note: note)
        _ = HTTPConnection.write(fd: fd, HTTPConnection.serialize(response, keepAlive: false))
        lingeringClose()
        return false
    }

    /// The buffer up to its first CRLF (at most 200 bytes), escaped: a bare LF or an escape
    /// sequence in it shows as `\n` or `\x1b`.
    private var quotedRequestLine: String {
        let end = (0..<buffer.count).first { buffer[$0] == 13 && $0 + 1 < buffer.count && buffer[$0 + 1] == 10 }
        let line = buffer[0..<(end ?? buffer.count)]
        return LogText.escaped(line.prefix(200)) + (line.count > 200 ? "…" : "")
    }

    /// Half-closes and reads what the client is still sending (at most a second, 4 MB), so the
    /// kernel does not answer unread input with a reset that would destroy the error response in
    /// flight; a client trickling bytes cannot stretch it.
    private func lingeringClose() {
        shutdown(fd, Int32(SHUT_WR))
        let deadline = Self.now + 1_000_000_000
        var drained = 0
        buffer.removeAll(keepingCapacity: true)
        while drained < 4 << 20, case .received = fill(until: deadline) {
            drained += buffer.count
            buffer.removeAll(keepingCapacity: true)
        }
    }

    /// Reads until the buffer holds a full head; answers the offset of its `\r\n\r\n`. The head
    /// must be whole by `limits.headerTimeout` after the connect (first request) or after its
    /// first byte (later ones; before that byte the idle timeout applies); past it the answer is
    /// 408 and the connection closes, however steadily bytes trickle in. A bare CR or LF, a NUL
    /// or a head over the size limit is refused as soon as it arrives.
    private func readHead() -> Int? {
        var boundary = HeadBoundary()
        var deadline: UInt64? =
            requests == 0 ? connectedAt + headerTimeoutNs : (buffer.isEmpty ? nil : Self.now + headerTimeoutNs)
        requests += 1
        while true {
            // RFC 9112 §2.2: empty lines before a request line are ignored.
            while buffer.count >= 2, buffer[0] == 13, buffer[1] == 10 {
                buffer.removeFirst(2)
                boundary = HeadBoundary()
            }
            let refusal: HeadRefusal?
            switch boundary.scan(buffer) {
            case .complete(let end) where end <= limits.maxHeaderBytes: return end
            case .refused(let why): refusal = why
            case .incomplete where buffer.count <= limits.maxHeaderBytes: refusal = nil
            case .complete, .incomplete: refusal = .headTooLarge(limit: limits.maxHeaderBytes)
            }
            if let refusal {
                _ = refuse(refusal)
                return nil
            }
            switch fill(until: deadline) {
            case .received:
                if deadline == nil { deadline = Self.now + headerTimeoutNs }
            case .ended:
                return nil
            case .pastDeadline:
                _ = refuse(.headTimeout(seconds: limits.headerTimeout))
                return nil
            }
        }
    }

    private enum Fill { case received, ended, pastDeadline }

    private static var now: UInt64 { DispatchTime.now().uptimeNanoseconds }

    private var headerTimeoutNs: UInt64 { UInt64(max(0, limits.headerTimeout) * 1e9) }

    /// Waits for bytes until `deadline` (uptime ns; nil: only the idle timeout), then reads them.
    private func fill(until deadline: UInt64?) -> Fill {
        if let deadline {
            let waited = wait(until: deadline)
            guard waited == .received else { return waited }
        }
        return fill() ? .received : .ended
    }

    /// Waits until bytes can be read (`.received`), the idle timeout passes (`.ended`) or `deadline`.
    private func wait(until deadline: UInt64) -> Fill {
        let now = Self.now
        guard now < deadline else { return .pastDeadline }
        let waitMs = min(Int((deadline - now) / 1_000_000) + 1, limits.idleTimeout * 1000)
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        var ready: Int32
        repeat { ready = poll(&poller, 1, Int32(waitMs)) } while ready < 0 && errno == EINTR
        if ready == 0 { return Self.now >= deadline ? .pastDeadline : .ended }
        return ready > 0 ? .received : .ended
    }

    private enum Body {
        case read(Data)
        /// The client closed, or went idle past the idle timeout.
        case ended
        case refused(HeadRefusal)
    }

    /// Reads a body of `length` bytes starting at `start` in the buffer, and takes it (and its
    /// head) off the buffer. The whole body must arrive within `limits.bodySeconds(length:)` of
    /// now, however steadily it trickles. A large body goes into a `BodyBuffer`, its bytes taken
    /// from the server's budget as they arrive; past the budget the answer is 503.
    private func readBody(length: Int, after start: Int) -> Body {
        let deadline = Self.now + UInt64(limits.bodySeconds(length: length) * 1e9)
        let timedOut = HeadRefusal.bodyTimeout(seconds: limits.bodySeconds(length: length))
        let overBudget = HeadRefusal.bodiesOverBudget(limit: budget.limit)
        guard length > Self.smallBodyBytes else {
            while buffer.count < start + length {
                switch fill(until: deadline) {
                case .received: continue
                case .ended: return .ended
                case .pastDeadline: return .refused(timedOut)
                }
            }
            let body = Data(buffer[start..<(start + length)])
            buffer.removeFirst(start + length)
            return .read(body)
        }
        guard let body = BodyBuffer(capacity: length, budget: budget) else { return .refused(overBudget) }
        let already = buffer[start..<min(buffer.count, start + length)]
        guard body.append(already) else { return .refused(overBudget) }
        buffer.removeFirst(start + already.count)
        while body.count < length {
            switch wait(until: deadline) {
            case .received: break
            case .ended: return .ended
            case .pastDeadline: return .refused(timedOut)
            }
            switch body.receive(from: fd) {
            case .received: continue
            case .ended: return .ended
            case .overBudget: return .refused(overBudget)
            }
        }
        return .read(body.data())
    }

    /// One `recv` into the buffer; false on EOF, error or timeout.
    private func fill() -> Bool {
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n > 0 {
                buffer.append(contentsOf: chunk[0..<n])
                return true
            }
            if n < 0 && errno == EINTR { continue }
            return false
        }
    }

    static func serialize(_ response: ServerResponse, keepAlive: Bool) -> [UInt8] {
        var head = "HTTP/1.1 \(response.status) \(ServerResponse.reasonPhrase(response.status))\r\n"
        head += "Content-Type: \(response.contentType)\r\n"
        head += "Content-Length: \(response.body.count)\r\n"
        for (name, value) in response.headers { head += "\(name): \(value)\r\n" }
        head += keepAlive ? "Connection: keep-alive\r\n\r\n" : "Connection: close\r\n\r\n"
        var bytes = Array(head.utf8)
        bytes.append(contentsOf: response.body)
        return bytes
    }

    /// Writes everything (MSG_NOSIGNAL: a closed peer is an error, not a SIGPIPE).
    static func write(fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes {
                send(fd, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
            }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }
            offset += n
        }
        return true
    }
}
