import CloudKitClient
import CloudKitWeb
import Foundation
import Testing

/// What goes on the wire: paths, methods, tokens in the query string, headers, bodies.
@Suite struct RequestShapeTests {
    @Test func aQueryPostsToTheDatabasePathWithTheAPIToken() async throws {
        let transport = FakeTransport([.emptyPage])
        _ = try await database(transport).query(gameQuery, resultsLimit: 50)
        let request = try #require(transport.requests.first)
        #expect(request.method == "POST")
        #expect(request.url.path == "/database/1/iCloud.trips.test/development/public/records/query")
        #expect(request.url.query == "ckAPIToken=api%2BTOKEN%2Fwith%3Dodd")
        #expect(request.headers["Content-Type"] == "application/json")
        #expect(request.headers["X-Trips-Admin-Token"] == nil)
        let body = try transport.body(0)
        #expect(body["resultsLimit"] as? Int == 50)
        #expect((body["query"] as? NSDictionary)?["recordType"] as? String == "Game")
    }

    @Test func thePrivateDatabaseAddsTheWebAuthToken() async throws {
        let transport = FakeTransport([.json(200, #"{"records": []}"#)])
        _ = try await database(transport, scope: .private, web: true).lookup(["x"], zone: ZoneID(zoneName: "UserData"))
        let request = try #require(transport.requests.first)
        #expect(request.url.path.hasSuffix("/private/records/lookup"))
        #expect(request.url.query == "ckAPIToken=api%2BTOKEN%2Fwith%3Dodd&ckWebAuthToken=web-auth-SECRET-123")
        #expect((try transport.body(0)["zoneID"] as? NSDictionary)?["zoneName"] as? String == "UserData")
    }

    @Test func theAdminTokenTravelsInItsHeader() async throws {
        let transport = FakeTransport([.json(200, #"{"records": []}"#)])
        _ = try await database(transport, admin: true).modify([])
        #expect(transport.requests.first?.headers["X-Trips-Admin-Token"] == adminToken)
    }

    @Test func zonesListAndCurrentUserAreBodylessGETs() async throws {
        let transport = FakeTransport([
            .json(200, #"{"zones": [{"zoneID": {"zoneName": "_defaultZone"}}]}"#),
            .json(200, #"{"userRecordName": "_u1"}"#),
        ])
        let db = database(transport, scope: .private, web: true)
        #expect(try await db.listZones() == [Zone(zoneID: .defaultZone)])
        #expect(try await db.currentUser().userRecordName == "_u1")
        #expect(transport.requests.map(\.method) == ["GET", "GET"])
        #expect(transport.requests.allSatisfy { $0.body == nil })
        #expect(
            transport.requests.map { $0.url.path.components(separatedBy: "/private/")[1] } == [
                "zones/list", "users/current",
            ])
    }

    @Test func perItemErrorsComeBackInRequestOrder() async throws {
        let transport = FakeTransport([
            .json(
                200,
                """
                {"records": [{"recordName": "a", "recordType": "SavedTrip", "recordChangeTag": "2", "fields": {}},
                             {"recordName": "b", "serverErrorCode": "CONFLICT", "reason": "stale tag"}]}
                """)
        ])
        let results = try await database(transport, scope: .private, web: true).modify(
            [
                RecordOperation(.create, Record(recordName: "a", recordType: "SavedTrip")),
                RecordOperation(.update, Record(recordName: "b", recordType: "SavedTrip", recordChangeTag: "1")),
            ], zone: ZoneID(zoneName: "UserData"))
        #expect(results[0].value?.recordChangeTag == "2")
        #expect(results[1].error?.serverErrorCode == .conflict)
        let operations = try transport.body(0)["operations"] as? [NSDictionary]
        #expect(operations?.map { $0["operationType"] as? String } == ["create", "update"])
    }
}
