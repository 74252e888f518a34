import CloudKitClient
import CloudKitWeb
import Foundation
import Testing

@Suite struct FaultInjectionTests {
    func setFaults(_ server: TestServer, _ json: String) async throws -> HTTPResponse {
        try await server.raw("POST", "/_admin/faults", headers: server.adminHeaders, body: json)
    }

    func query(_ server: TestServer) async throws -> HTTPResponse {
        try await server.raw(
            "POST", server.path(.public, "records/query"), query: server.apiQuery,
            body: #"{"query": {"recordType": "Game"}, "resultsLimit": 2}"#)
    }

    func injected(_ server: TestServer) async throws -> [String: Int] {
        let status = try await server.raw("GET", "/_admin/faults", headers: server.adminHeaders)
        let object = try JSONSerialization.jsonObject(with: status.body) as? [String: Any]
        return (object?["injected"] as? [String: Int]) ?? [:]
    }

    @Test func anErrorRateAnswersTheChosenCodeForTheListedOperationsOnly() async throws {
        let server = try await TestServer.start(games: 3)
        defer { server.close() }
        let set = try await setFaults(
            server,
            #"{"errorRate": 1, "errorCode": "TRY_AGAIN_LATER", "retryAfter": 1, "operations": ["records/query"]}"#)
        #expect(set.status == 200)
        let failed = try await query(server)
        #expect(failed.status == 503)
        #expect(failed.errorBody?.serverErrorCode == .tryAgainLater)
        #expect(failed.errorBody?.retryAfter == 1)
        #expect(try await server.database().lookup(["game_0000"]).first?.value != nil)
        #expect(try await injected(server)["errors"] == 1)
        #expect(try await server.raw("DELETE", "/_admin/faults", headers: server.adminHeaders).status == 200)
        #expect(try await query(server).status == 200)
    }

    @Test func throttleEveryNthRequest() async throws {
        let server = try await TestServer.start(games: 3)
        defer { server.close() }
        _ = try await setFaults(server, #"{"throttleEvery": 3, "retryAfter": 2}"#)
        var statuses: [Int] = []
        for _ in 0..<6 { statuses.append(try await query(server).status) }
        #expect(statuses == [200, 200, 429, 200, 200, 429])
        let throttled = try await query(server)
        _ = throttled
        #expect(try await injected(server)["throttled"] == 2)
    }

    @Test func theClientRetriesThroughThrottling() async throws {
        let server = try await TestServer.start(games: 30, pageLimit: 5)
        defer { server.close() }
        _ = try await setFaults(server, #"{"throttleEvery": 2, "retryAfter": 0.01}"#)
        let db = server.database(retry: RetryPolicy(maxAttempts: 4, deadline: 30, baseDelay: 0.01, maxDelay: 0.05))
        let records = try await allRecords(db, allGames)
        #expect(records.count == 30)
        #expect(try await injected(server)["throttled"] ?? 0 >= 3)
    }

    @Test func truncatedBodiesAndDroppedConnectionsAreRetryableClientErrors() async throws {
        let server = try await TestServer.start(games: 20)
        defer { server.close() }
        for plan in [#"{"truncateRate": 1}"#, #"{"dropRate": 1}"#] {
            _ = try await setFaults(server, plan)
            await #expect {
                _ = try await server.database().query(allGames)
            } throws: { error in
                guard let error = error as? CloudError else { return false }
                return error.isRetryable && error.serverErrorCode == nil
            }
        }
        let counts = try await injected(server)
        #expect(counts["dropped"] == 1)
        _ = try await server.raw("DELETE", "/_admin/faults", headers: server.adminHeaders)
        #expect(try await server.database().query(allGames).records.count == 20)
    }

    @Test func latencyIsAddedBeforeAnswering() async throws {
        let server = try await TestServer.start(games: 1)
        defer { server.close() }
        _ = try await setFaults(server, #"{"latencyMs": 300}"#)
        let started = ContinuousClock.now
        #expect(try await query(server).status == 200)
        #expect(ContinuousClock.now - started >= .milliseconds(300))
    }

    @Test func aClockOffsetShiftsNewModificationTimes() async throws {
        let server = try await TestServer.start(games: 1)
        defer { server.close() }
        let offset: Int64 = 400 * 86_400_000
        _ = try await setFaults(server, #"{"clockOffsetMs": \#(offset)}"#)
        let before = Int64(Date().timeIntervalSince1970 * 1000)
        let saved = try await server.database(publisher: true).modify(
            [RecordOperation(.forceUpdate, Record(recordName: "game_0000", recordType: "Game", fields: [:]))])
        #expect(try #require(saved.first?.value?.modified?.timestamp) >= before + offset)
    }

    @Test func indexLagHidesRecentWritesFromQueriesButNotLookups() async throws {
        let server = try await TestServer.start(games: 2)
        defer { server.close() }
        _ = try await setFaults(server, #"{"indexLagMs": 3600000}"#)
        _ = try await server.database(publisher: true).modify(
            [
                RecordOperation(
                    .forceUpdate,
                    Record(recordName: "game_0001", recordType: "Game", fields: ["status": .string("final")]))
            ])
        let recent = Query(
            recordType: "Game",
            filterBy: [QueryFilter(.system(.modifiedTimestamp), .greaterThan, .timestamp(FixtureBundle.seededMs))])
        #expect(try await server.database().query(recent).records.isEmpty)
        #expect(try await server.database().lookup(["game_0001"]).first?.value?["status"] == .string("final"))
        _ = try await server.raw("DELETE", "/_admin/faults", headers: server.adminHeaders)
        #expect(try await server.database().query(recent).records.map(\.recordName) == ["game_0001"])
    }

    @Test func faultsCanBeSetWithServeFlags() async throws {
        let server = try await TestServer.start(games: 1, arguments: ["--throttle-every", "2", "--retry-after", "0.5"])
        defer { server.close() }
        #expect(try await query(server).status == 200)
        let second = try await query(server)
        #expect(second.status == 429)
        #expect(second.errorBody?.serverErrorCode == .throttled)
        #expect(second.errorBody?.retryAfter == 0.5)
    }

    @Test(arguments: [#"{"errorRate": 2}"#, #"{"eror": 1}"#, #"{"operations": ["records/explode"]}"#, "not json"])
    func badFaultPlansAreRefused(plan: String) async throws {
        let server = try await TestServer.start(games: 1)
        defer { server.close() }
        let answer = try await setFaults(server, plan)
        #expect(answer.status == 400)
        #expect(answer.errorBody?.serverErrorCode == .badRequest)
    }

    @Test func faultsNeedTheAdminToken() async throws {
        let server = try await TestServer.start(games: 1)
        defer { server.close() }
        #expect(try await server.raw("POST", "/_admin/faults", body: #"{"errorRate": 1}"#).status == 401)
        #expect(try await query(server).status == 200)
    }
}
