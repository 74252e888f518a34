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
    private let fd: Int32
    private let handler: any RequestHandler
    private let limits: HTTPServer.Limits
    private let log: (@Sendable (String) -> Void)?
    private var buffer: [UInt8] = []
    private var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    private let connectedAt = HTTPConnection.now
    /// Requests begun on this connection.
    private var requests = 0

    init(fd: Int32, handler: any RequestHandler, limits: HTTPServer.Limits, log: (@Sendable (String) -> Void)?) {
        self.fd = fd
        self.handler = handler
        self.limits = limits
        self.log = log
    }

    func run() {
        defer { close(fd) }
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
        guard let head = RequestHead(parsing: buffer[0..<headEnd]) else {
            return refuse(400, "malformed HTTP request")
        }
        let started = DispatchTime.now().uptimeNanoseconds
        let length: Int
        switch head.bodyLength {
        case .length(let value): length = value
        case .refused(let status, let reason): return refuse(status, reason, head: head)
        }
        guard length <= limits.maxBodyBytes else {
            return refuse(
                413, "request body of \(length) bytes exceeds the limit of \(limits.maxBodyBytes) bytes", head: head)
        }
        if head.headers["expect"]?.lowercased() == "100-continue", buffer.count < headEnd + 4 + length {
            guard HTTPConnection.write(fd: fd, Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)) else { return false }
        }
        guard readBody(until: headEnd + 4 + length) else { return false }
        let body = Data(buffer[(headEnd + 4)..<(headEnd + 4 + length)])
        buffer.removeFirst(headEnd + 4 + length)

        let (path, query) = ServerRequest.split(target: head.target)
        let request = ServerRequest(method: head.method, path: path, query: query, headers: head.headers, body: body)
        let response = handler.handle(request)
        let keepAlive = head.keepAlive && !response.truncate && !response.drop
        let bytes = HTTPConnection.serialize(response, keepAlive: keepAlive)
        // Logged before the bytes go out, so whoever holds the answer can already read its line.
        logLine(head.method, path, response, started: started)
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

    private func logLine(_ method: String, _ path: String, _ response: ServerResponse, started: UInt64) {
        guard let log else { return }
        let ms = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6
        var line = "\(method) \(path) \(response.status) \(String(format: "%.1f", ms))ms"
        if response.drop { line += " (dropped)" }
        if response.truncate { line += " (truncated)" }
        log(line)
    }

    /// Answers an error and asks to close the connection (the rest of the stream is unreliable).
    private func refuse(_ status: Int, _ reason: String, head: RequestHead? = nil) -> Bool {
        let started = DispatchTime.now().uptimeNanoseconds
        let response = handler.reject(status: status, reason: reason)
        let path = head.map { ServerRequest.split(target: $0.target).path } ?? "-"
        logLine(head?.method ?? "-", path, response, started: started)
        _ = HTTPConnection.write(fd: fd, HTTPConnection.serialize(response, keepAlive: false))
        lingeringClose()
        return false
    }

    /// Half-closes and reads what the client is still sending (briefly), so the kernel does not
    /// answer unread input with a reset that would destroy the error response in flight.
    private func lingeringClose() {
        shutdown(fd, Int32(SHUT_WR))
        var timeout = timeval(tv_sec: 1, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var drained = 0
        while drained < 4 << 20 {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { break }
            drained += n
        }
    }

    /// Reads until the buffer holds a full head; answers the offset of its `\r\n\r\n`. The head
    /// must be whole by `limits.headerTimeout` after the connect (first request) or after its
    /// first byte (later ones; before that byte the idle timeout applies); past it the answer is
    /// 408 and the connection closes, however steadily bytes trickle in.
    private func readHead() -> Int? {
        var scanned = 0
        var deadline: UInt64? =
            requests == 0 ? connectedAt + headerTimeoutNs : (buffer.isEmpty ? nil : Self.now + headerTimeoutNs)
        requests += 1
        while true {
            if buffer.count >= 4 {
                var i = max(0, scanned - 3)
                while i + 3 < buffer.count {
                    if buffer[i] == 13, buffer[i + 1] == 10, buffer[i + 2] == 13, buffer[i + 3] == 10 {
                        guard i <= limits.maxHeaderBytes else { break }
                        return i
                    }
                    i += 1
                }
                scanned = buffer.count
            }
            if buffer.count > limits.maxHeaderBytes {
                _ = refuse(431, "request head exceeds \(limits.maxHeaderBytes) bytes")
                return nil
            }
            switch fill(until: deadline) {
            case .received:
                if deadline == nil { deadline = Self.now + headerTimeoutNs }
            case .ended:
                return nil
            case .pastDeadline:
                let response = handler.reject(
                    status: 408, reason: "the request head did not arrive within \(limits.headerTimeout) s")
                logLine("-", "-", response, started: Self.now)
                _ = HTTPConnection.write(fd: fd, HTTPConnection.serialize(response, keepAlive: false))
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
            let now = Self.now
            guard now < deadline else { return .pastDeadline }
            let waitMs = min(Int((deadline - now) / 1_000_000) + 1, limits.idleTimeout * 1000)
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            var ready: Int32
            repeat { ready = poll(&poller, 1, Int32(waitMs)) } while ready < 0 && errno == EINTR
            if ready == 0 { return Self.now >= deadline ? .pastDeadline : .ended }
        }
        return fill() ? .received : .ended
    }

    private func readBody(until count: Int) -> Bool {
        while buffer.count < count {
            guard fill() else { return false }
        }
        return true
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

/// The request line and headers.
struct RequestHead {
    var method: String
    var target: String
    var version: String
    var headers: [String: String]

    init?(parsing bytes: ArraySlice<UInt8>) {
        guard let text = String(bytes: bytes, encoding: .utf8) ?? String(bytes: bytes, encoding: .isoLatin1) else {
            return nil
        }
        var lines = text.components(separatedBy: "\r\n")
        let requestLine = lines.removeFirst().split(separator: " ", omittingEmptySubsequences: true)
        guard requestLine.count == 3, requestLine[2].hasPrefix("HTTP/1."), requestLine[1].hasPrefix("/") else {
            return nil
        }
        method = String(requestLine[0])
        target = String(requestLine[1])
        version = String(requestLine[2])
        headers = [:]
        repeated = []
        for line in lines where !line.isEmpty {
            // No obsolete line folding (a line starting with space or tab) and no space before
            // the colon (RFC 9112 §5): a proxy may read either differently, so both are refused.
            guard let colon = line.firstIndex(of: ":"), !line.hasPrefix(" "), !line.hasPrefix("\t") else { return nil }
            let name = line[..<colon].lowercased()
            guard !name.isEmpty, name.unicodeScalars.allSatisfy(RequestHead.isTokenCharacter) else { return nil }
            let value = line[line.index(after: colon)...].trimmingCharacters(in: RequestHead.blanks)
            if headers[name] != nil { repeated.insert(name) }
            headers[name] = value
        }
    }

    /// Header names that came more than once (the last value is in `headers`).
    var repeated: Set<String>

    private static let blanks = CharacterSet(charactersIn: " \t")

    /// RFC 9110 `tchar`: what a header name is made of.
    private static func isTokenCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9": return true
        default: return "!#$%&'*+-.^_`|~".unicodeScalars.contains(scalar)
        }
    }

    var keepAlive: Bool {
        let connection = headers["connection"]?.lowercased() ?? ""
        if version == "HTTP/1.0" { return connection.contains("keep-alive") }
        return !connection.contains("close")
    }
}
