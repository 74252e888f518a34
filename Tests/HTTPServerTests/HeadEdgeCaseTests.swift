import Foundation
import HTTPServer
import TestSupport
import Testing

/// One request head sent raw to a real server over loopback, in the style of swift-nio's
/// decoder tests: a name, the bytes, and the status that must answer them.
struct Probe: Sendable, CustomTestStringConvertible {
    var name: String
    var bytes: [UInt8]
    var status: Int
    /// Answers expected (of `status` each): one for a refusal, as many as the requests when served.
    var answers: Int

    var testDescription: String { name }

    init(_ name: String, bytes: [UInt8], _ status: Int, answers: Int = 1) {
        self.name = name
        self.bytes = bytes
        self.status = status
        self.answers = answers
    }

    /// A whole request written out.
    init(_ name: String, raw: String, _ status: Int, answers: Int = 1) {
        self.init(name, bytes: Array(raw.utf8), status, answers: answers)
    }

    /// `line` as the request line of an otherwise good request.
    static func requestLine(_ name: String, _ line: String, _ status: Int = 400) -> Probe {
        Probe(name, raw: line + "\r\nHost: x\r\n\r\n", status)
    }

    /// `fields` (CRLF-separated lines) after a good request line and Host.
    static func fields(_ name: String, _ fields: String, _ status: Int = 400) -> Probe {
        Probe(name, raw: "POST /probe HTTP/1.1\r\nHost: x\r\n" + fields + "\r\n\r\n", status)
    }
}

/// RFC 9112 framing at the edges: every hostile head is refused with a 4xx (505 for a version
/// this server does not speak) and `Connection: close`, answered once, the connection closed by
/// the server, and the handler never reached — not by the probe, nor by the request smuggled
/// after it. Well-formed heads at the same edges are still served.
@Suite struct HeadEdgeCaseTests {
    /// What follows each probe on the same connection: reached only if the framing was trusted.
    static let smuggled = "GET /smuggled HTTP/1.1\r\nHost: x\r\n\r\n"

    /// Small limits, so the size rows stay small.
    static var limits: HTTPServer.Limits {
        var limits = HTTPServer.Limits()
        limits.maxHeaderBytes = 4096
        limits.maxBodyBytes = 1024
        limits.maxHeaderFields = 20
        return limits
    }

    static let hostile: [Probe] = [
        // Bare CR, bare LF, NUL: anywhere in the head.
        .requestLine("bare LF ending the request line", "GET /probe HTTP/1.1\n"),
        .fields("bare LF ending a field", "X-A: a\nX-B: b"),
        .fields("bare LF before Content-Length", "X-A: a\nContent-Length: 5"),
        .fields("bare CR before Content-Length", "X-A: a\rContent-Length: 5"),
        .fields("NUL before Content-Length", "X-A: a\0Content-Length: 5"),
        Probe("bare LFs only", raw: "GET /probe HTTP/1.1\nHost: x\n\n", 400),
        Probe("bare CRs only", raw: "GET /probe HTTP/1.1\rHost: x\r\r", 400),
        Probe("CRLF then LF ending the head", raw: "GET /probe HTTP/1.1\r\nHost: x\r\n\n", 400),
        Probe("LF CR LF ending the head", raw: "GET /probe HTTP/1.1\r\nHost: x\n\r\n", 400),
        .fields("CR CR LF ending a field", "X-A: a\r\r\nX-B: b"),
        .requestLine("CR in the method", "G\rET /probe HTTP/1.1"),
        .requestLine("bare LF in the target", "GET /a\nb HTTP/1.1"),
        .requestLine("NUL in the method", "GE\0T /probe HTTP/1.1"),
        .requestLine("NUL in the target", "GET /a\0b HTTP/1.1"),
        .requestLine("NUL in the version", "GET /probe HTTP/1.1\0"),
        .fields("NUL in a name", "X\0A: a"),
        .fields("NUL in a value", "X-A: a\0b"),
        .fields("bare CR in a value", "X-A: a\rb"),
        .fields("bare LF as a field's only content", "\n"),
        Probe("NUL first", raw: "\0GET /probe HTTP/1.1\r\nHost: x\r\n\r\n", 400),
        // Control characters: none in the request line or a name; only HTAB in a value.
        .fields("0x01 in a value", "X-A: a\u{01}b"),
        .fields("ESC in a value", "X-A: \u{1b}[31mred"),
        .fields("DEL in a value", "X-A: a\u{7f}"),
        .fields("0x1F in a value", "X-A: a\u{1f}b"),
        .fields("VT in a value", "X-A: a\u{0b}b"),
        .fields("FF in a value", "X-A: a\u{0c}b"),
        Probe("ESC in the Host", raw: "GET /probe HTTP/1.1\r\nHost: x\u{1b}\r\n\r\n", 400),
        .requestLine("ESC in the target", "GET /a\u{1b}[31m HTTP/1.1"),
        .requestLine("DEL in the target", "GET /a\u{7f} HTTP/1.1"),
        .requestLine("ESC in the method", "G\u{1b}T /probe HTTP/1.1"),
        .requestLine("HTAB between method and target", "GET\t/probe HTTP/1.1"),
        .requestLine("HTAB between target and version", "GET /probe\tHTTP/1.1"),
        .fields("0x01 in a name", "X\u{01}: a"),
        .fields("DEL in a name", "X\u{7f}: a"),
        .fields("HTAB in a name", "X\tA: a"),
        .fields("a space in a name", "X A: a"),
        .requestLine("non-ASCII in the target", "GET /caf\u{e9} HTTP/1.1"),
        // Versions: exactly HTTP/1.0 or HTTP/1.1.
        .requestLine("HTTP/1.7", "GET /probe HTTP/1.7", 505),
        .requestLine("HTTP/2.0", "GET /probe HTTP/2.0", 505),
        .requestLine("HTTP/0.9", "GET /probe HTTP/0.9", 505),
        .requestLine("HTTP/1.10", "GET /probe HTTP/1.10"),
        .requestLine("HTTP/1.x", "GET /probe HTTP/1.x"),
        .requestLine("HTTP/1", "GET /probe HTTP/1"),
        .requestLine("HTTP/11", "GET /probe HTTP/11"),
        .requestLine("HTTP/1.1x", "GET /probe HTTP/1.1x"),
        .requestLine("lowercase http/1.1", "GET /probe http/1.1"),
        .requestLine("HTTPS/1.1", "GET /probe HTTPS/1.1"),
        .requestLine("no version", "GET /probe"),
        // Spacing: exactly one SP between method, target and version.
        .requestLine("two spaces after the method", "GET  /probe HTTP/1.1"),
        .requestLine("two spaces before the version", "GET /probe  HTTP/1.1"),
        .requestLine("a space before the method", " GET /probe HTTP/1.1"),
        .requestLine("a space after the version", "GET /probe HTTP/1.1 "),
        .requestLine("a space in the target", "GET /a b HTTP/1.1"),
        .requestLine("no target", "GET HTTP/1.1"),
        .requestLine("a target not starting with /", "GET probe HTTP/1.1"),
        .requestLine("a method that is not a token", "G(T /probe HTTP/1.1"),
        Probe("a space before the first field", raw: "GET /probe HTTP/1.1\r\n Host: x\r\n\r\n", 400),
        .fields("space before the colon", "Content-Length : 5"),
        .fields("tab before the colon", "Content-Length\t: 5"),
        .fields("obs-fold with a space", "Content-Length: 5\r\nX-Folded: a\r\n b: c"),
        .fields("obs-fold with a tab", "Content-Length: 5\r\nX-Folded: a\r\n\tb: c"),
        .fields("a field without a colon", "Content-Length 5"),
        .fields("an empty name", ": 5"),
        // Host: exactly once in 1.1, at most once in 1.0, and host[:port].
        Probe("HTTP/1.1 without Host", raw: "GET /probe HTTP/1.1\r\n\r\n", 400),
        .fields("two Hosts", "Host: y"),
        .fields("two Hosts in other case", "host: x"),
        Probe("two Hosts in HTTP/1.0", raw: "GET /probe HTTP/1.0\r\nHost: x\r\nHost: y\r\n\r\n", 400),
        Probe("Host with a space", raw: "GET /probe HTTP/1.1\r\nHost: a b\r\n\r\n", 400),
        Probe("Host with a slash", raw: "GET /probe HTTP/1.1\r\nHost: a/b\r\n\r\n", 400),
        Probe("Host with user info", raw: "GET /probe HTTP/1.1\r\nHost: user@x\r\n\r\n", 400),
        Probe("Host with a bad port", raw: "GET /probe HTTP/1.1\r\nHost: x:8o\r\n\r\n", 400),
        Probe("Host with an open bracket", raw: "GET /probe HTTP/1.1\r\nHost: [::1\r\n\r\n", 400),
        // Sizes.
        .fields("a head over the limit", "X-A: " + String(repeating: "a", count: 5000), 431),
        Probe("a head over the limit that never ends", raw: "GET /" + String(repeating: "a", count: 5000), 431),
        .fields("more fields than the limit", (0..<21).map { "X-\($0): a" }.joined(separator: "\r\n"), 431),
        .fields("a body over the limit", "Content-Length: 1025", 413),
        .fields("Content-Length of 19 digits", "Content-Length: 1000000000000000000"),
        .fields("Content-Length beyond Int", "Content-Length: 99999999999999999999999"),
        // Content-Length and Transfer-Encoding: CL.CL, CL.TE, TE.CL and odd lengths.
        .fields("CL.CL differing", "Content-Length: 5\r\nContent-Length: 6"),
        .fields("CL.CL equal", "Content-Length: 5\r\nContent-Length: 5"),
        .fields("CL.CL in other case", "Content-Length: 5\r\ncontent-length: 5"),
        .fields("CL with plus", "Content-Length: +5"),
        .fields("CL with minus", "Content-Length: -5"),
        .fields("CL as a list", "Content-Length: 5, 5"),
        .fields("CL of two numbers", "Content-Length: 5 5"),
        .fields("CL in hex", "Content-Length: 0x5"),
        .fields("CL empty", "Content-Length:"),
        .fields("TE.CL", "Transfer-Encoding: chunked\r\nContent-Length: 5"),
        .fields("CL.TE", "Content-Length: 5\r\nTransfer-Encoding: chunked"),
        .fields("TE identity with CL", "Transfer-Encoding: identity\r\nContent-Length: 5"),
        .fields("TE chunked alone", "Transfer-Encoding: chunked", 411),
        .fields("TE twice", "Transfer-Encoding: identity\r\nTransfer-Encoding: chunked", 411),
        .fields("TE with an unknown coding", "Transfer-Encoding: xchunked", 411),
    ]

    @Test func theTableHoldsEveryKindOfProbe() {
        #expect(Self.hostile.count >= 51)
        #expect(Set(Self.hostile.map(\.name)).count == Self.hostile.count, "two rows share a name")
    }

    @Test(arguments: hostile)
    func aHostileHeadIsRefusedOnceAndTheConnectionClosed(probe: Probe) throws {
        let (server, handler) = try echoServer(limits: Self.limits)
        defer { server.stop() }
        let (answers, closed) = try Self.exchange(server, probe.bytes + Array(Self.smuggled.utf8))
        #expect(answers.answers.count == 1 && answers.rest.isEmpty, "one answer only: \(answers)")
        let answer = try #require(answers.answers.first)
        #expect(answer.status == probe.status, "\(answer.body)")
        #expect((400...499).contains(answer.status) || answer.status == 505)
        #expect(answer.headers["connection"] == "close")
        #expect(closed, "the server did not close the connection")
        #expect(handler.handledPaths.isEmpty, "reached the handler: \(handler.handledPaths)")
    }

    /// Well-formed heads at the same edges, each with how many requests it holds; the last one
    /// asks to close (or is HTTP/1.0), so every row ends with the server's close.
    static let served: [Probe] = [
        Probe("HTTP/1.0 without Host", raw: "GET /probe HTTP/1.0\r\n\r\n", 200),
        Probe("HTTP/1.0 with Host", raw: "GET /probe HTTP/1.0\r\nHost: x\r\n\r\n", 200),
        .fields("HTAB around and in a value", "X-A:\ta\tb\t\r\nConnection: close", 200),
        Probe(
            "obs-text bytes in a value",
            bytes: Array("GET /probe HTTP/1.1\r\nHost: x\r\nX-A: caf".utf8) + [0xE9, 0x80, 0xFF]
                + Array("\r\nConnection: close\r\n\r\n".utf8), 200),
        .fields("a value without whitespace", "X-A:a\r\nConnection: close", 200),
        .fields("an empty value", "X-A:\r\nConnection: close", 200),
        Probe("an empty Host", raw: "GET /probe HTTP/1.1\r\nHost:\r\nConnection: close\r\n\r\n", 200),
        Probe("Host with a port", raw: "GET /probe HTTP/1.1\r\nHost: x:8080\r\nConnection: close\r\n\r\n", 200),
        Probe(
            "Host as an IPv6 literal", raw: "GET /probe HTTP/1.1\r\nHost: [::1]:80\r\nConnection: close\r\n\r\n", 200),
        Probe(
            "a CRLF before the request line", raw: "\r\nGET /probe HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
            200),
        Probe(
            "a leading-zero Content-Length",
            raw: "POST /probe HTTP/1.1\r\nHost: x\r\nContent-Length: 05\r\nConnection: close\r\n\r\nhello", 200),
        Probe(
            "keep-alive pipelining",
            raw: "GET /one HTTP/1.1\r\nHost: x\r\n\r\nPOST /two HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\nhi"
                + "GET /three HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 200, answers: 3),
        Probe(
            "HTTP/1.0 keep-alive",
            raw: "GET /one HTTP/1.0\r\nConnection: keep-alive\r\n\r\nGET /two HTTP/1.0\r\n\r\n", 200, answers: 2),
    ]

    @Test(arguments: served)
    func aWellFormedHeadIsServed(probe: Probe) throws {
        let (server, handler) = try echoServer(limits: Self.limits)
        defer { server.stop() }
        let (answers, closed) = try Self.exchange(server, probe.bytes)
        #expect(answers.answers.map(\.status) == Array(repeating: probe.status, count: probe.answers), "\(answers)")
        #expect(answers.rest.isEmpty)
        #expect(closed)
        #expect(handler.handledPaths.count == probe.answers)
    }

    /// A proxy that ends lines at a bare LF reads `Content-Length: 37` and forwards a body that
    /// this server, ending lines at CRLF only, used to take for a second request: two answers to
    /// one request, the second to a request the proxy never saw.
    @Test func aRequestSmuggledAfterABareLFHeaderGetsNoAnswer() throws {
        let smuggled = Self.smuggled
        let head = "POST /first HTTP/1.1\r\nHost: x\r\nX-Note: a\nContent-Length: \(smuggled.utf8.count)\r\n\r\n"
        let (server, handler) = try echoServer()
        defer { server.stop() }
        let (answers, closed) = try Self.exchange(server, Array((head + smuggled).utf8))
        #expect(answers.answers.map(\.status) == [400], "\(answers)")
        #expect(answers.rest.isEmpty)
        #expect(closed)
        #expect(handler.handledPaths.isEmpty, "\(handler.handledPaths)")

        // Framed with CRLF, the same bytes are one request whose body looks like a request.
        let framed = head.replacingOccurrences(of: "a\nContent", with: "a\r\nContent")
        let (server2, handler2) = try echoServer()
        defer { server2.stop() }
        let (served, _) = try Self.exchange(server2, Array((framed + smuggled).utf8))
        #expect(served.answers.map(\.status) == [200])
        #expect(served.answers.first?.body == "0 POST /first \(smuggled)")
        #expect(handler2.handledPaths == ["/first"])
    }

    @Test func theRouterSeesThePathAsSentNeverDecoded() throws {
        let (server, handler) = try echoServer()
        defer { server.stop() }
        let (answers, _) = try Self.exchange(
            server, Array("GET /records%2Fquery/a%00b/%2e%2e?ckAPIToken=a%2Bb HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        #expect(answers.answers.map(\.status) == [200])
        #expect(handler.handledPaths == ["/records%2Fquery/a%00b/%2e%2e"])
    }

    /// A refused request's log line quotes its request line with every control character escaped:
    /// a bare LF cannot forge a second line, nor an escape sequence colour the terminal.
    @Test func theLogLineOfARefusedRequestEscapesWhatItQuotes() throws {
        let lines = LogLines()
        let (server, _) = try echoServer(log: lines.append)
        defer { server.stop() }
        let request = "GET /a\u{1b}[31mred\nGET /forged 200 HTTP/1.1\r\nHost: x\r\n\r\n"
        let (answers, _) = try Self.exchange(server, Array(request.utf8))
        #expect(answers.answers.map(\.status) == [400])
        let logged = lines.all
        #expect(logged.count == 1, "\(logged)")
        let line = try #require(logged.first)
        #expect(!line.utf8.contains { $0 < 0x20 || $0 == 0x7F }, "\(line.debugDescription)")
        #expect(line.contains(#""GET /a\x1b[31mred\nGET /forged 200 HTTP/1.1""#), "\(line)")
        #expect(line.hasPrefix("- - 400 "), "\(line)")
        #expect(line.contains("refused: an LF not preceded by CR at byte 14"), "\(line)")
    }

    /// Sends `bytes`, half-closes, and reads until the server closes (10 s at most).
    static func exchange(_ server: HTTPServer, _ bytes: [UInt8]) throws -> (answers: Answers, closed: Bool) {
        let client = try LoopbackClient(port: server.port)
        client.send(bytes: bytes)
        client.finishSending()
        let (received, closed) = client.readToEnd(by: Deadline(.seconds(10)))
        return (Answers(received), closed)
    }
}
