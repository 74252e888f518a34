import CloudKitClient
import CloudKitWeb
import Foundation
import Testing

@Suite struct PagingTests {
    @Test func pagesFollowTheContinuationMarkerUntilItIsGone() async throws {
        let transport = FakeTransport([
            page(["a", "b"], marker: "m1"), page(["c", "d"], marker: "m2"), page(["e"], marker: nil),
        ])
        var names: [String] = []
        for try await page in database(transport).queryPages(gameQuery, resultsLimit: 2) {
            names += page.records.map(\.recordName)
        }
        #expect(names == ["a", "b", "c", "d", "e"])
        #expect(transport.requests.count == 3)
        #expect(try transport.body(0)["continuationMarker"] == nil)
        #expect(try transport.body(1)["continuationMarker"] as? String == "m1")
        #expect(try transport.body(2)["continuationMarker"] as? String == "m2")
        // The same query every time.
        #expect(try transport.body(2)["query"] as? NSDictionary == (try transport.body(0)["query"] as? NSDictionary))
    }

    @Test func aRepeatedMarkerWithNoRecordsStopsInsteadOfLoopingForever() async throws {
        let transport = FakeTransport([page(["a"], marker: "m1"), page([], marker: "m1")])
        var pages = 0
        await #expect(throws: CloudError.protocolViolation("the server repeated a continuation marker with no records"))
        {
            for try await _ in database(transport).queryPages(gameQuery) { pages += 1 }
        }
        #expect(pages == 1)
    }

    @Test func aFailedPageEndsTheSequenceWithTheError() async throws {
        let transport = FakeTransport([page(["a"], marker: "m1"), .error("BAD_REQUEST", status: 400)])
        var iterator = database(transport).queryPages(gameQuery).makeAsyncIterator()
        #expect(try await iterator.next()?.records.count == 1)
        await #expect(throws: CloudError.self) { _ = try await iterator.next() }
        #expect(try await iterator.next() == nil)
    }

    @Test func zoneChangesLoopWhileMoreComingAndKeepTheLastToken() async throws {
        func changes(_ token: String, more: Bool, _ names: [String]) -> FakeTransport.Outcome {
            let records = names.map { #"{"recordName": "\#($0)", "deleted": true}"# }.joined(separator: ",")
            return .json(
                200,
                #"{"zones": [{"zoneID": {"zoneName": "UserData"}, "syncToken": "\#(token)", "moreComing": \#(more), "records": [\#(records)]}]}"#
            )
        }
        let transport = FakeTransport([
            changes("s1", more: true, ["a"]), changes("s2", more: true, ["b"]), changes("s3", more: false, []),
        ])
        let result = try await database(transport, scope: .private, web: true).zoneChanges(
            ZoneID(zoneName: "UserData"), syncToken: "s0")
        #expect(result.records.map(\.recordName) == ["a", "b"])
        #expect(result.syncToken == "s3")
        #expect(result.moreComing == false)
        let sentTokens = try (0..<3).map {
            try (transport.body($0)["zones"] as? [NSDictionary])?.first?["syncToken"] as? String
        }
        #expect(sentTokens == ["s0", "s1", "s2"])
    }

    @Test func anExpiredSyncTokenIsAServerError() async throws {
        let transport = FakeTransport([.error("BAD_REQUEST", status: 400, reason: "syncToken is unknown or expired")])
        await #expect {
            _ = try await database(transport, scope: .private, web: true).zoneChanges(
                ZoneID(zoneName: "UserData"), syncToken: "old")
        } throws: { error in
            (error as? CloudError)?.serverErrorCode == .badRequest && "\(error)".contains("syncToken")
        }
    }
}
