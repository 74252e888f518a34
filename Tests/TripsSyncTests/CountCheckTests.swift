import CloudKitClient
import Foundation
import SQLite
import Testing
import TripsModel
import TripsStore

@testable import CloudKitWeb
@testable import TripsSync

/// The count check after a delta (the cloud's live count against the records held) must not let
/// a new unreadable record stand in for a hard-deleted one: the two are counted apart.
@Suite struct CountCheckTests {
    @Test func aHardDeleteAndANewUnreadableRecordInOneWindowDoNotCancelOut() async throws {
        let cloud = try await LiveCloud.start()
        defer { cloud.stop() }
        let (store, folder) = try CanonicalStore.temporary(bundle: FixtureBundle.directory)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(await cloud.sync(store).succeeded)
        let doomed = try #require(try store.liveRecordNames(.game).sorted().first)

        // In one window: a game hard-deleted, and a new game no client can read (saved, then made
        // too deep to read in the server's file, as one saved before the server refused those).
        let configuration = try cloud.publisherConfiguration
        let admin = CloudDatabase(configuration: configuration, retryPolicy: LiveCloud.fastRetries)
        let deleted = try await admin.modify(
            [RecordOperation(.forceDelete, Record(recordName: doomed, recordType: "Game"))], atomic: false)
        #expect(deleted.first?.value != nil, "\(deleted)")
        var poison = World.game(901).record(tag: "x", modified: 1)
        poison.recordChangeTag = nil
        poison.modified = nil
        try await cloud.forceSave([poison])
        let database = try Database(.file(cloud.server.databaseURL.path))
        try database.run(
            "UPDATE records SET fields = json_set(fields, '$.notes', json(?)) WHERE name = ?",
            [.text("{\"value\":" + AttackedSyncTests.deepText(250) + "}"), .text(poison.recordName)])

        let result = await cloud.sync(store)

        #expect(result.succeeded, "\(result.errors)")
        #expect(World.counts(result, .game).malformed == 1)
        #expect(try !store.liveRecordNames(.game).contains(doomed), "the hard-deleted game is still live")
        #expect(try store.checksumLines() == (try await cloud.checksumLines()))
        // Once reconciled, a sync re-reading the unreadable record (the overlap) lists no names.
        let queries = cloud.queriesServed
        let again = await cloud.sync(store)
        #expect(again.succeeded && again.types.allSatisfy { $0.reconciled == 0 })
        // The server logs each request once answered, from its connection's thread: wait (at
        // most 5 s) for the lines of one query per type, then make sure no listing came on top.
        let expected = queries + RecordType.syncOrder.count
        let deadline = ContinuousClock.now + .seconds(5)
        while cloud.queriesServed < expected && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(cloud.queriesServed == expected)
    }
}
