import Foundation
import HTTPServer

#if canImport(Glibc)
    import Glibc
#endif

/// The loopback port `trips login` waits on for the browser to come back from the sign-in page
/// with `GET /callback?state=…&ckWebAuthToken=…`. Bound to 127.0.0.1 only (port chosen by the
/// system), so nothing off this machine can reach it; the random `state` in the callback it hands
/// out must come back, so another page in the browser cannot sign this client in as someone else.
/// Several connections are served at once (a browser opens spare ones that never send a request),
/// each request head bounded in size and read by HTTPServer's strict `RequestHead` (anything it
/// refuses is answered with its status); every wait ends at the deadline.
final class CallbackListener: @unchecked Sendable {
    // `@unchecked`: used by one thread at a time (made, then waited on, then closed).

    enum Failure: Error, CustomStringConvertible {
        case cannotListen(String)
        var description: String {
            switch self {
            case .cannotListen(let why): return "cannot listen on a loopback port for the browser (\(why))"
            }
        }
    }

    let port: UInt16
    let state: String
    private let socket: Int32
    private static let maximumHeadBytes = 8192
    private static let maximumConnections = 16

    /// A fixed port when given (CloudKit's configured callback, which cannot carry `state`).
    let isFixed: Bool

    /// `port`: listen there (CloudKit's callback); nil: a free port the system picks.
    init(port fixed: UInt16? = nil) throws(Failure) {
        isFixed = fixed != nil
        let fd = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw .cannotListen(String(cString: strerror(errno))) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = (fixed ?? 0).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        if fixed != nil {
            // A fixed port is used again by the next login: a connection of the last one in
            // TIME_WAIT must not keep it.
            var one: Int32 = 1
            setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && listen(fd, 16) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard bound else {
            let why = String(cString: strerror(errno)) + (fixed.map { " on port \($0)" } ?? "")
            close(fd)
            throw .cannotListen(why)
        }
        socket = fd
        port = UInt16(bigEndian: address.sin_port)
        var rng = SystemRandomNumberGenerator()
        state = (0..<16).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &rng)) }.joined()
    }

    deinit { close(socket) }

    /// Where the sign-in page sends the browser back.
    var callbackURL: String { "http://127.0.0.1:\(port)/callback?state=\(state)" }

    /// Serves requests until one brings this listener's state and a token (answered with a page
    /// saying the sign-in worked), or `deadline` passes (nil). Blocks: run it on its own thread.
    func waitForToken(until deadline: ContinuousClock.Instant) -> String? {
        var heads: [Int32: [UInt8]] = [:]
        defer { for fd in heads.keys { close(fd) } }
        while true {
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero else { return nil }
            let waitMs = Int32(min(1000, max(1, remaining.components.seconds * 1000 + 1)))
            var polled = [pollfd(fd: socket, events: Int16(POLLIN), revents: 0)]
            polled += heads.keys.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            guard poll(&polled, nfds_t(polled.count), waitMs) > 0 else { continue }
            // Connections first, the listener last: a connection closed to make room is then
            // never read again in this round (its number may be reused by the next accept).
            for entry in polled.dropFirst() where entry.revents != 0 {
                var chunk = [UInt8](repeating: 0, count: 2048)
                let count = recv(entry.fd, &chunk, chunk.count, 0)
                guard count > 0 else {
                    close(entry.fd)
                    heads[entry.fd] = nil
                    continue
                }
                let head = heads[entry.fd, default: []] + chunk.prefix(count)
                heads[entry.fd] = head
                var boundary = HeadBoundary()
                switch boundary.scan(head) {
                case .incomplete:
                    if head.count > CallbackListener.maximumHeadBytes {
                        respond(entry.fd, 431, "That request is too large.")
                        heads[entry.fd] = nil
                    }
                case .refused(let refusal):
                    respond(entry.fd, refusal.status, "That request was refused: \(refusal).")
                    heads[entry.fd] = nil
                case .complete(let end):
                    heads[entry.fd] = nil
                    if let token = answer(entry.fd, head: head[..<end]) { return token }
                }
            }
            if polled[0].revents != 0 {
                let client = accept(socket, nil, nil)
                guard client >= 0 else { continue }
                _ = fcntl(client, F_SETFD, FD_CLOEXEC)
                if heads.count >= CallbackListener.maximumConnections, let oldest = heads.keys.min() {
                    close(oldest)
                    heads[oldest] = nil
                }
                heads[client] = []
            }
        }
    }

    /// Reads one request head, answers it and closes the connection; the token when it is the callback.
    private func answer(_ fd: Int32, head bytes: ArraySlice<UInt8>) -> String? {
        let head: RequestHead
        do throws(HeadRefusal) {
            head = try RequestHead(parsing: bytes)
        } catch {
            respond(fd, error.status, "That request was refused: \(error).")
            return nil
        }
        guard head.method == "GET" else {
            respond(fd, 405, "Only the sign-in page's redirect is answered here.")
            return nil
        }
        let (path, query) = CallbackListener.split(head.target)
        guard path == "/callback" else {
            respond(fd, 404, "Nothing here: trips login is waiting for the sign-in page's redirect.")
            return nil
        }
        // On a fixed port (CloudKit's callback) no state comes back; one that does must match.
        let stateless = isFixed && query["state"] == nil
        guard stateless || query["state"].map({ Self.equal($0, state) }) == true else {
            respond(fd, 400, "This sign-in was not started by the trips login that is waiting; nothing was changed.")
            return nil
        }
        guard let token = query["ckWebAuthToken"], !token.isEmpty else {
            respond(fd, 400, "The sign-in page sent no ckWebAuthToken; nothing was changed.")
            return nil
        }
        respond(fd, 200, "Signed in to trips. You can close this tab and go back to the terminal.")
        return token
    }

    /// A small page, then the connection closed.
    private func respond(_ fd: Int32, _ status: Int, _ text: String) {
        let title = status == 200 ? "Signed in" : "Not signed in"
        let body = """
            <!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>\(title)</title></head>
            <body style="font-family:sans-serif;max-width:30em;margin:3em auto"><h1>\(title)</h1><p>\(text)</p></body></html>

            """
        let reasons = [
            200: "OK", 400: "Bad Request", 404: "Not Found", 405: "Method Not Allowed",
            431: "Request Header Fields Too Large", 505: "HTTP Version Not Supported",
        ]
        let reason = reasons[status] ?? "Error"
        let response =
            "HTTP/1.1 \(status) \(reason)\r\nContent-Type: text/html; charset=utf-8\r\n"
            + "Content-Length: \(body.utf8.count)\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n" + body
        let bytes = Array(response.utf8)
        var sent = 0
        var timeout = timeval(tv_sec: 2, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { break }
            sent += count
        }
        close(fd)
    }

    /// The path and the percent-decoded query of a request target.
    static func split(_ target: String) -> (path: String, query: [String: String]) {
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        var query: [String: String] = [:]
        for pair in parts.count > 1 ? parts[1].split(separator: "&") : [] {
            let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = String(kv[0]).removingPercentEncoding,
                let value = (kv.count > 1 ? String(kv[1]) : "").removingPercentEncoding
            else { continue }
            if query[name] == nil { query[name] = value }
        }
        return (String(parts[0]), query)
    }

    /// Compares without an early exit.
    private static func equal(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8)
        let y = Array(b.utf8)
        var difference = UInt8(x.count == y.count ? 0 : 1)
        for i in 0..<min(x.count, y.count) { difference |= x[i] ^ y[i] }
        return difference == 0
    }
}
