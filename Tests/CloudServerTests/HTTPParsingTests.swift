import CloudServer
import Foundation
import Testing

/// Request framing a proxy in front of the server could read differently (request smuggling, in
/// the style of swift-nio's `HTTPDecoderLengthTest`): each ambiguous length is a 400 and a closed
/// connection, so the bytes after it are never taken for another request.
@Suite struct HTTPParsingTests {
    /// What follows each probe on the same connection: reached only if the framing was trusted.
    static let smuggled = "GET /smuggled HTTP/1.1\r\nHost: x\r\n\r\n"

    @Test(arguments: [
        ("CL.CL differing", "Content-Length: 5\r\nContent-Length: 6\r\n"),
        ("CL.CL equal", "Content-Length: 5\r\nContent-Length: 5\r\n"),
        ("CL.CL in other case", "Content-Length: 5\r\ncontent-length: 5\r\n"),
        ("CL with plus", "Content-Length: +5\r\n"),
        ("CL with minus", "Content-Length: -5\r\n"),
        ("CL not a number", "Content-Length: 5 5\r\n"),
        ("CL too big", "Content-Length: 99999999999999999999999\r\n"),
        ("space before colon", "Content-Length : 5\r\n"),
        ("tab before colon", "Content-Length\t: 5\r\n"),
        ("obs-fold with space", "Content-Length: 5\r\nX-Folded: a\r\n b: c\r\n"),
        ("obs-fold with tab", "Content-Length: 5\r\nX-Folded: a\r\n\tb: c\r\n"),
        ("TE.CL", "Transfer-Encoding: chunked\r\nContent-Length: 5\r\n"),
        ("CL.TE", "Content-Length: 5\r\nTransfer-Encoding: chunked\r\n"),
        ("TE identity with CL", "Transfer-Encoding: identity\r\nContent-Length: 5\r\n"),
    ])
    func anAmbiguousLengthIsRefusedAndTheConnectionClosed(name: String, headers: String) throws {
        let (server, handler) = try echoServer()
        defer { server.stop() }
        let answer = try LoopbackClient.exchange(
            port: server.port, "POST /probe HTTP/1.1\r\nHost: x\r\n\(headers)\r\nhello" + Self.smuggled)
        #expect(answer.hasPrefix("HTTP/1.1 400 "), "\(name): \(answer)")
        #expect(answer.components(separatedBy: "HTTP/1.1 ").count == 2, "\(name): one answer only: \(answer)")
        #expect(answer.contains("Connection: close"), "\(name)")
        #expect(handler.handledPaths.isEmpty, "\(name) reached the handler: \(handler.handledPaths)")
    }

    @Test func anUnambiguousLengthIsServedAndTheNextRequestToo() throws {
        let (server, handler) = try echoServer()
        defer { server.stop() }
        let answer = try LoopbackClient.exchange(
            port: server.port, "POST /probe HTTP/1.1\r\nHost: x\r\nContent-Length: 05\r\n\r\nhello" + Self.smuggled)
        #expect(answer.hasPrefix("HTTP/1.1 200 "))
        #expect(answer.contains("0 POST /probe hello"))
        #expect(handler.handledPaths == ["/probe", "/smuggled"])
    }

    @Test func theRouterSeesThePathAsSentNeverDecoded() throws {
        let (server, handler) = try echoServer()
        defer { server.stop() }
        let answer = try LoopbackClient.exchange(
            port: server.port, "GET /records%2Fquery/a%00b/%2e%2e?ckAPIToken=a%2Bb HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(answer.hasPrefix("HTTP/1.1 200 "))
        #expect(handler.handledPaths == ["/records%2Fquery/a%00b/%2e%2e"])
    }

    @Test func anEncodedSlashDoesNotMakeAnOperation() async throws {
        let server = try await TestServer.start(games: 1)
        defer { server.close() }
        let body = #"{"query": {"recordType": "Game"}}"#
        let answer = try await server.raw(
            "POST", server.path(.public, "records%2Fquery"), query: server.apiQuery, body: body)
        #expect(answer.status == 400)
        #expect(answer.errorBody?.reason?.contains("unknown operation records%2Fquery") == true, "\(answer.text)")
        let nul = try await server.raw("GET", "/_admin%2Fchecksum%00", headers: server.adminHeaders)
        #expect(nul.status == 404)
        #expect(
            try await server.raw("POST", server.path(.public, "records/query"), query: server.apiQuery, body: body)
                .status == 200)
    }
}
