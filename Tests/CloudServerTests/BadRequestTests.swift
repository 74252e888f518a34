import CloudKitClient
import CloudKitWeb
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Malformed input gets the proper CloudKit error and HTTP status; the server never falls over.
@Suite struct BadRequestTests {
    func post(_ server: TestServer, _ operation: String, _ body: String, query: String? = nil) async throws
        -> HTTPResponse
    {
        try await server.raw("POST", server.path(.public, operation), query: query ?? server.apiQuery, body: body)
    }

    @Test(arguments: [
        ("records/query", "{not json", "malformed JSON"),
        ("records/query", "{}", "missing key query"),
        (
            "records/query",
            #"{"query": {"recordType": "Game", "filterBy": [{"comparator": "EQUALS", "fieldName": "a b", "fieldValue": {"value": 1}}]}}"#,
            "invalid field name"
        ),
        (
            "records/query",
            #"{"query": {"recordType": "Game", "filterBy": [{"comparator": "EQUALS", "fieldName": "location", "fieldValue": {"value": {"latitude": 1, "longitude": 2}, "type": "LOCATION"}}]}}"#,
            "scalar"
        ),
        (
            "records/query",
            #"{"query": {"recordType": "Game", "filterBy": [{"comparator": "NEAR", "fieldName": "a", "fieldValue": {"value": 1}}]}}"#,
            "comparator"
        ),
        ("records/lookup", #"{"records": "game_0000"}"#, "wrong type at records"),
        ("records/explode", "{}", "unknown operation records/explode"),
        ("records/query", "", "empty"),
    ])
    func malformedRequestsAreBadRequests(operation: String, body: String, reasonContains: String) async throws {
        let server = try await TestServer.start(games: 1)
        defer { server.close() }
        let answer = try await post(server, operation, body)
        #expect(answer.status == 400)
        #expect(answer.errorBody?.serverErrorCode == .badRequest)
        #expect(answer.errorBody?.reason?.contains(reasonContains) == true, "\(answer.text)")
        #expect(answer.errorBody?.uuid?.isEmpty == false)
        #expect(try await post(server, "records/query", #"{"query": {"recordType": "Game"}}"#).status == 200)
    }

    @Test func tooManyOperationsAreRefused() async throws {
        let server = try await TestServer.start(games: 1)
        defer { server.close() }
        let operations = (0..<201).map {
            RecordOperation(.forceDelete, Record(recordName: "r\($0)", recordType: "Game"))
        }
        await #expect { _ = try await server.database(publisher: true).modify(operations) } throws: {
            code(of: $0) == .badRequest && "\($0)".contains("200")
        }
    }

    @Test func credentialsAndAddressesAreChecked() async throws {
        let server = try await TestServer.start(games: 1)
        defer { server.close() }
        let body = #"{"query": {"recordType": "Game"}}"#
        let noToken = try await post(server, "records/query", body, query: "")
        #expect(noToken.status == 401)
        #expect(noToken.errorBody?.serverErrorCode == .authenticationFailed)
        #expect(noToken.errorBody?.reason?.contains("ckAPIToken") == true)
        let badToken = try await post(server, "records/query", body, query: "ckAPIToken=wrong")
        #expect(badToken.status == 401)
        let container = try await server.raw(
            "POST", "/database/1/iCloud.elsewhere/development/public/records/query", query: server.apiQuery, body: body)
        #expect(container.status == 404)
        #expect(container.errorBody?.serverErrorCode == .notFound)
        let nowhere = try await server.raw("GET", "/favicon.ico")
        #expect(nowhere.status == 404)
        #expect(nowhere.errorBody?.serverErrorCode == .notFound)
        let wrongMethod = try await server.raw("GET", server.path(.public, "records/query"), query: server.apiQuery)
        #expect(wrongMethod.status == 400)
    }

    @Test func anOversizedBodyIsRefusedWith413() async throws {
        let server = try await TestServer.start(games: 1, arguments: ["--max-body-bytes", "2048"])
        defer { server.close() }
        let big = #"{"query": {"recordType": "Game"}, "pad": ""# + String(repeating: "x", count: 4096) + #""}"#
        let answer = try await post(server, "records/query", big)
        #expect(answer.status == 413)
        #expect(answer.errorBody?.serverErrorCode == .badRequest)
        #expect(answer.errorBody?.reason?.contains("2048") == true)
        #expect(try await post(server, "records/query", #"{"query": {"recordType": "Game"}}"#).status == 200)
    }

    @Test func garbageOnTheSocketGetsA400AndTheServerCarriesOn() async throws {
        let server = try await TestServer.start(games: 1)
        defer { server.close() }
        let port = UInt16(server.process.url.port!)
        #expect(try RawSocket.exchange(port: port, "NONSENSE\r\n\r\n").hasPrefix("HTTP/1.1 400 "))
        #expect(
            try RawSocket.exchange(
                port: port, "GET / HTTP/1.1\r\nX: " + String(repeating: "y", count: 70_000) + "\r\n\r\n"
            ).hasPrefix("HTTP/1.1 431 "))
        #expect(
            try RawSocket.exchange(port: port, "POST /x HTTP/1.1\r\nHost: x\r\nContent-Length: -4\r\n\r\n").hasPrefix(
                "HTTP/1.1 400 "))
        #expect(
            try RawSocket.exchange(port: port, "POST /x HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
                .hasPrefix(
                    "HTTP/1.1 411 "))
        #expect(try await server.database().query(allGames).records.count == 1)
    }

    @Test func oneConnectionCarriesSeveralRequests() async throws {
        let server = try await TestServer.start(games: 1)
        defer { server.close() }
        let body = #"{"query": {"recordType": "Game"}}"#
        let request =
            "POST \(server.path(.public, "records/query"))?\(server.apiQuery) HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
        let last = "GET /nowhere HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
        let answer = try RawSocket.exchange(port: UInt16(server.process.url.port!), request + request + last)
        #expect(answer.components(separatedBy: "HTTP/1.1 200 OK").count - 1 == 2)
        #expect(answer.contains("HTTP/1.1 404 Not Found"))
    }

    @Test func manyConcurrentConnectionsAreServed() async throws {
        let server = try await TestServer.start(games: 10)
        defer { server.close() }
        let count = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<48 {
                let db = server.database()
                group.addTask {
                    var n = 0
                    for _ in 0..<5 { n += try await db.query(allGames, resultsLimit: 5).records.count }
                    return n
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(count == 48 * 5 * 5)
    }
}

/// Talks HTTP by hand, for input no HTTP client would send.
enum RawSocket {
    /// Sends `text`, then reads until the server closes the connection (or 10 s pass).
    static func exchange(port: UInt16, _ text: String) throws -> String {
        let client = try LoopbackClient(port: port)
        client.send(text)  // the server may close early (431) before reading everything
        return client.readToEnd()
    }
}
