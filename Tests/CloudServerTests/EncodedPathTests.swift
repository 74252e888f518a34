import Foundation
import Testing

/// The service routes on the path as sent: an encoded `/` or NUL makes no operation or endpoint
/// (the HTTP layer's own edge cases are HTTPServerTests').
@Suite struct EncodedPathTests {
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
