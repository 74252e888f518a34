import CloudKitClient
import CloudKitWeb
import Foundation
import Testing

/// The publisher's bookkeeping in the public database — its lease (host, pid) and its feeds'
/// state (URLs, validators) — is not the clients' to read (issue 37 item 7): a caller with the
/// API token alone finds none of it by query or lookup; the signed publisher reads it back.
@Suite struct PublisherBookkeepingTests {
    @Test func aClientWithTheAPITokenCannotReadThePublishersLeaseOrFeedState() async throws {
        let server = try await TestServer.start(games: 1)
        defer { server.close() }
        let publisher = server.database(publisher: true)
        let lease = Record(
            recordName: "publisher_lease", recordType: "PublisherLease",
            fields: ["holder": .string("build-3 pid 4242 · 0a1b"), "expiresAt": .timestamp(1)])
        let state = Record(
            recordName: "feedstate_mlb", recordType: "PublisherFeedState",
            fields: ["url": .string("https://statsapi.mlb.com/api/v1/schedule?season=2026")])
        let saved = try await publisher.modify([RecordOperation(.create, lease), RecordOperation(.create, state)])
        #expect(saved.allSatisfy { $0.value != nil }, "\(saved)")

        let client = server.database()
        for type in ["PublisherLease", "PublisherFeedState"] {
            #expect(try await client.query(Query(recordType: type)).records.isEmpty, "\(type) read by a client")
            #expect(try await publisher.query(Query(recordType: type)).records.count == 1, "the publisher reads it")
        }
        let looked = try await client.lookup(["publisher_lease", "feedstate_mlb"])
        #expect(looked.allSatisfy { $0.value == nil }, "a lookup finds neither")
        #expect(try await publisher.lookup(["publisher_lease"]).first?.value != nil)
        // The canonical records stay the clients' to read.
        #expect(try await client.query(Query(recordType: "Game")).records.count == 1)
    }
}
