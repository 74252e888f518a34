import CloudKitClient
import Foundation
import SQLite
import Testing
import TripsModel
import TripsStore

@testable import CloudKitWeb
@testable import CloudServer
@testable import TripsSync

/// Issue 11 item 6: the holes found by attacking the sync, each against a real `trips-cloud`.
/// Every scenario must converge (checksums equal) without `trips reset`.
@Suite struct AttackedSyncTests {
    /// A field value nesting `levels` arrays deep.
    static func deepValue(_ levels: Int) -> JSONValue {
        (0..<levels).reduce(JSONValue.string("x")) { inner, _ in .array([inner]) }
    }

    @Test func aRecordTooDeepToReadIsSkippedAndLaterChangesOfItsTypeStillArrive() async throws {
        let cloud = try await LiveCloud.start()
        defer { cloud.stop() }
        let (store, folder) = try CanonicalStore.temporary(bundle: FixtureBundle.directory)
        defer { try? FileManager.default.removeItem(at: folder) }
        // The server refuses to save such a record now …
        var poison = World.game(900).record(tag: "x", modified: 1)
        poison.recordChangeTag = nil
        poison.modified = nil
        var refused = poison
        refused.fields["notes"] = .other(type: nil, value: Self.deepValue(250))
        let configuration = try cloud.publisherConfiguration
        let admin = CloudDatabase(configuration: configuration, retryPolicy: LiveCloud.fastRetries)
        let answer = try await admin.modify([RecordOperation(.forceReplace, refused)], atomic: false)
        #expect(answer.first?.error?.serverErrorCode == .badRequest, "\(answer)")
        // … but one saved before it did (or by another server) is still there: write it into
        // the server's database file directly, then make a later change of the same type.
        try await cloud.forceSave([poison])
        let database = try Database(.file(cloud.server.databaseURL.path))
        try database.run(
            "UPDATE records SET fields = json_set(fields, '$.notes', json(?)) WHERE name = ?",
            [.text("{\"value\":" + Self.deepText(250) + "}"), .text(poison.recordName)])
        try await cloud.admin("postpone", "game_mlb_2026_0822_atl_mil", "--to", "2026-08-25T17:00:00Z")

        let result = await cloud.sync(store)

        #expect(result.succeeded, "\(result.errors)")
        let games = World.counts(result, .game)
        #expect(games.malformed == 1 && games.applied == 1, "\(games)")
        #expect(games.malformedRecords.contains { $0.contains(poison.recordName) && $0.contains("deeper") })
        #expect(try store.checksumLines() == (try await cloud.checksumLines()))
        #expect(try CloudStore(path: cloud.server.databaseURL.path).unreadableRecordCounts() == ["Game": 1])
        // Every later sync and a new client's full pull keep working.
        #expect(await cloud.sync(store).succeeded)
        let (fresh, freshFolder) = try CanonicalStore.temporary(bundle: nil)
        defer { try? FileManager.default.removeItem(at: freshFolder) }
        let full = await cloud.sync(fresh, full: true)
        #expect(full.succeeded, "\(full.errors)")
        #expect(try fresh.checksumLines() == (try await cloud.checksumLines()))
    }

    static func deepText(_ levels: Int) -> String {
        String(repeating: "[", count: levels) + "\"x\"" + String(repeating: "]", count: levels)
    }

    @Test func hardDeletesOnTheCloudAreFoundByADeltaSyncWithoutAFullRead() async throws {
        let cloud = try await LiveCloud.start()
        defer { cloud.stop() }
        let (store, folder) = try CanonicalStore.temporary(bundle: FixtureBundle.directory)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(await cloud.sync(store).succeeded)
        let doomed = try store.liveRecordNames(.game).sorted().prefix(25)
        let configuration = try cloud.publisherConfiguration
        let admin = CloudDatabase(configuration: configuration, retryPolicy: LiveCloud.fastRetries)
        let deleted = try await admin.modify(
            doomed.map { RecordOperation(.forceDelete, Record(recordName: $0, recordType: "Game")) }, atomic: false)
        #expect(deleted.allSatisfy { $0.value != nil }, "\(deleted)")

        let result = await cloud.sync(store)

        #expect(result.succeeded, "\(result.errors)")
        #expect(result.types.first { $0.recordType == .game }?.reconciled == 25)
        #expect(try store.checksumLines() == (try await cloud.checksumLines()))
        // Once equal, the counts agree and no further listing is made.
        let queries = cloud.queriesServed
        let again = await cloud.sync(store)
        #expect(again.succeeded && again.types.allSatisfy { $0.reconciled == 0 })
        #expect(cloud.queriesServed - queries == RecordType.syncOrder.count)
    }

    @Test func aCloudDatabaseReplacedBehindTheSameAddressIsReadAgainAndReconciled() async throws {
        let old = try await LiveCloud.start()
        let (store, folder) = try CanonicalStore.temporary(bundle: FixtureBundle.directory)
        defer { try? FileManager.default.removeItem(at: folder) }
        try await old.admin("postpone", "game_mlb_2026_0822_atl_mil", "--to", "2026-08-25T17:00:00Z")
        try await old.admin("touch", "Team", "3")
        let address = "https://cloud.example/same-address"
        #expect(await Self.sync(store, old, identity: address).succeeded)
        old.stop()
        let replaced = try await LiveCloud.start()
        defer { replaced.stop() }
        #expect(try store.checksumLines() != (try await replaced.checksumLines()))

        let result = await Self.sync(store, replaced, identity: address)

        #expect(result.succeeded, "\(result.errors)")
        #expect(result.cloudReplaced == RecordType.syncOrder)
        #expect(try store.checksumLines() == (try await replaced.checksumLines()))
        #expect(try store.syncEvents(kind: .setup).contains { $0.detail?.contains("replaced") == true })
        let next = await Self.sync(store, replaced, identity: address)
        #expect(next.succeeded && next.cloudReplaced.isEmpty && next.changed == 0)
    }

    static func sync(_ store: CanonicalStore, _ cloud: LiveCloud, identity: String) async -> SyncResult {
        let options = CanonicalSyncOptions(pageSize: 50, cloudIdentity: identity)
        return await World.run(
            CanonicalSync(store: store, source: CloudRecordSource(database: cloud.database()), options: options))
    }

    @Test func aSyncWhileHalfTheConnectionsDropConvergesWithoutStalling() async throws {
        let cloud = try await LiveCloud.start()
        defer { cloud.stop() }
        let (store, folder) = try CanonicalStore.temporary(bundle: FixtureBundle.directory)
        defer { try? FileManager.default.removeItem(at: folder) }
        try await cloud.admin("touch", "Game", "300")
        try await cloud.setFaults("{\"dropRate\": 0.5, \"operations\": [\"records/query\"], \"seed\": 11}")
        let log = Lines()
        let source = CloudRecordSource(database: cloud.database(log: { log.append($0) }))

        let result = await cloud.sync(store, pageSize: 20, source: source)

        let injected = try await cloud.injectedFaults()
        try await cloud.setFaults(nil)
        #expect(result.succeeded, "\(result.errors)")
        #expect(injected["dropped", default: 0] >= 5, "\(injected)")
        #expect(try store.checksumLines() == (try await cloud.checksumLines()))
        // A dropped connection costs a retry, not a 30 s timeout: the client saw each drop break
        // off and retried, and no request waited out its timeout (read from the client's own
        // log, not the wall clock, so a loaded machine cannot fail it).
        let failed = log.lines.filter { $0.contains(" failed: ") }
        #expect(failed.count >= injected["dropped", default: 0], "\(failed)")
        #expect(!log.lines.contains { $0.contains("timed out") }, "\(failed)")
        #expect(log.lines.filter { $0.hasPrefix("retrying") }.count >= failed.count)
    }

    @Test func theSameErrorForEveryTypeIsReportedOnce() async throws {
        let cloud = try await LiveCloud.start()
        defer { cloud.stop() }
        let (store, folder) = try CanonicalStore.temporary(bundle: FixtureBundle.directory)
        defer { try? FileManager.default.removeItem(at: folder) }
        try await cloud.setFaults(
            "{\"errorRate\": 1, \"errorCode\": \"BAD_REQUEST\", \"operations\": [\"records/query\"]}")

        let result = await cloud.sync(store)

        #expect(result.types.allSatisfy { $0.status == .failed })
        #expect(result.errors.count == 1, "\(result.errors)")
        let line = try #require(result.errors.first?.description)
        #expect(line.hasPrefix(RecordType.syncOrder.map(\.rawValue).joined(separator: ", ") + ": "), "\(line)")
    }

    @Test func anInterruptedFullSyncIsFinishedByTheNextPlainSync() async throws {
        let cloud = try await LiveCloud.start()
        defer { cloud.stop() }
        let (store, folder) = try CanonicalStore.temporary(bundle: FixtureBundle.directory)
        defer { try? FileManager.default.removeItem(at: folder) }
        let breaking = BreakingSource(base: CloudRecordSource(database: cloud.database()), type: .game, atPage: 3)

        let interrupted = await cloud.sync(store, pageSize: 20, full: true, source: breaking)

        #expect(!interrupted.succeeded)
        #expect(try store.cloudCheckState(.game).fullPass == .reread)
        let interruptedAt = try #require(try store.watermark(for: .game))

        let resumed = await cloud.sync(store, pageSize: 20)

        #expect(resumed.succeeded, "\(resumed.errors)")
        let games = try #require(resumed.types.first { $0.recordType == .game })
        // The pass went on where it stopped (a plain delta from the bundle would read nothing).
        #expect(games.records > 0, "\(games)")
        #expect(try store.watermark(for: .game)! >= interruptedAt)
        #expect(try RecordType.syncOrder.allSatisfy { try store.cloudCheckState($0).fullPass == FullPass.none })
        #expect(try store.checksumLines() == (try await cloud.checksumLines()))
    }
}

/// Passes pages through until the N-th page of one type, which fails as a network error would.
final class BreakingSource: CanonicalRecordSource, @unchecked Sendable {
    private let base: any CanonicalRecordSource
    private let type: RecordType
    private let atPage: Int
    private let lock = NSLock()
    private var pages = 0

    init(base: any CanonicalRecordSource, type: RecordType, atPage: Int) {
        self.base = base
        self.type = type
        self.atPage = atPage
    }

    func page(of type: RecordType, modifiedSince: Int64?, limit: Int, continuation: String?) async throws(CloudError)
        -> RecordPage
    {
        let breaks = lock.withLock {
            if type == self.type { pages += 1 }
            return type == self.type && pages == atPage
        }
        if breaks { throw .network("injected: the connection broke") }
        return try await base.page(of: type, modifiedSince: modifiedSince, limit: limit, continuation: continuation)
    }
}
