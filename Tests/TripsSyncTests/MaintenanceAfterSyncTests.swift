import CloudKitClient
import Foundation
import Testing
import TripsModel
import TripsRecords
import TripsStore

@testable import CloudKitWeb
@testable import TripsSync

/// Issue 11 item 5: a successful pull ends with the cheap maintenance (purge and log cap); a
/// failed or cancelled one leaves the store as it was. A purge is no hard delete to the count
/// check, and a purged record comes back deprecated from a full sync.
@Suite struct MaintenanceAfterSyncTests {
    /// The client's clock for these pulls.
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let oldGame = "game_mlb_2026_0009"

    static func sync(_ store: CanonicalStore, _ cloud: MemoryCloud) async -> SyncResult {
        let sync = CanonicalSync(
            store: store, source: cloud, options: CanonicalSyncOptions(pageSize: 3, overlapMs: 0), now: { now })
        return await World.run(sync, cloud: cloud)
    }

    static func rowCount(_ store: CanonicalStore, _ sql: String) throws -> Int {
        try store.database.row(sql) { $0.int(0) } ?? -1
    }

    static let heldOldGame = "SELECT count(*) FROM games WHERE id = '\(oldGame)'"
    static let events = "SELECT count(*) FROM sync_events"

    /// A synced store that also holds a game deprecated 100 days ago (and last modified long
    /// before anything the pull reads), and more log entries than the cap.
    static func storeWithHistory(_ cloud: MemoryCloud) async throws -> CanonicalStore {
        await cloud.save(World.base + World.games(1...3))
        let store = try World.store()
        #expect(await sync(store, cloud).succeeded)
        let nowMs = Int64(now.timeIntervalSince1970 * 1000)
        let old = CanonicalRecord(
            World.game(9),
            meta: RecordMetadata(
                changeTag: "old", modifiedMs: 1_700_000_000_000, deprecatedAtMs: nowMs - 100 * MaintenancePolicy.dayMs)
        ).record
        try store.database.transaction {
            #expect(try store.merge(old) == .deprecated)
            for i in 0..<1_005 { try store.beginSyncEvent(.import, atMs: Int64(i)) }
            // The first sync purged just now; the purge runs once a day: as if that was yesterday.
            try store.setInfo("maintenance.lastPurgeMs", String(nowMs - 2 * MaintenancePolicy.dayMs))
        }
        return store
    }

    @Test func maintenanceRunsAfterASuccessfulSyncAndNotAfterAFailedOne() async throws {
        let cloud = MemoryCloud()
        let store = try await Self.storeWithHistory(cloud)
        await cloud.script([(await cloud.requests.count) + 1: .fail(.network("connection refused"))])

        let failed = await Self.sync(store, cloud)

        #expect(!failed.succeeded)
        #expect(try Self.rowCount(store, Self.heldOldGame) == 1)
        #expect(try Self.rowCount(store, Self.events) == 1_007)

        let succeeded = await Self.sync(store, cloud)

        #expect(succeeded.succeeded, "\(succeeded.errors)")
        #expect(try Self.rowCount(store, Self.heldOldGame) == 0)
        #expect(try Self.rowCount(store, Self.events) == 1_000)
        #expect(try store.syncEvents(kind: .import, limit: 1).first?.state == .succeeded)
        #expect(try store.checksumLines() == (await cloud.checksumLines()))
    }

    @Test func aCancelledSyncRunsNoMaintenance() async throws {
        let cloud = MemoryCloud()
        let store = try await Self.storeWithHistory(cloud)
        await cloud.script([(await cloud.requests.count) + 2: .cancelCallerAndAbandon])

        let result = await Self.sync(store, cloud)

        #expect(result.wasCancelled)
        #expect(try Self.rowCount(store, Self.heldOldGame) == 1)
        #expect(try Self.rowCount(store, Self.events) == 1_007)
    }

    /// One pull from `cloud` with no overlap; answers the result and the names-only listings it made.
    static func pull(_ store: CanonicalStore, _ cloud: LiveCloud, full: Bool = false) async -> (
        result: SyncResult, listings: [RecordType]
    ) {
        let source = ListingCounter(CloudRecordSource(database: cloud.database()))
        let options = CanonicalSyncOptions(
            pageSize: 50, overlapMs: 0, full: full, cloudIdentity: cloud.server.url.absoluteString)
        let result = await World.run(CanonicalSync(store: store, source: source, options: options))
        return (result, await source.listings)
    }

    @Test func aPurgeIsNoHardDeleteAndAFullSyncBringsThePurgedRecordBackDeprecated() async throws {
        let cloud = try await LiveCloud.start()
        defer { cloud.stop() }
        let (store, folder) = try CanonicalStore.temporary(bundle: FixtureBundle.directory)
        defer { try? FileManager.default.removeItem(at: folder) }
        // The last game by name is deprecated, then the first is edited after it (the newest).
        let game = try #require(try store.liveRecordNames(.game).sorted().last)
        try await cloud.admin("deprecate", game)
        try await cloud.admin("touch", "Game", "1")
        #expect(await Self.pull(store, cloud).result.succeeded)
        let held = "SELECT count(*) FROM games WHERE id = '\(game)' AND deprecated_at_ms IS NOT NULL"
        #expect(try Self.rowCount(store, held) == 1)

        // 91 days on; no overlap, so only the newest game is read again.
        let nowMs = Int64(Date().timeIntervalSince1970 * 1000) + 91 * MaintenancePolicy.dayMs
        let policy = MaintenancePolicy(rereadWindowMs: 0)
        #expect(try store.performMaintenance(nowMs: nowMs, policy: policy).purged == [.game: 1])
        #expect(try store.checksumLines() == (try await cloud.checksumLines()))

        // The cloud still counts the deprecated game: the next pull must not list every name
        // to look for hard deletes.
        let plain = await Self.pull(store, cloud)
        #expect(plain.result.succeeded && plain.result.changed == 0, "\(plain.result.errors)")
        #expect(plain.listings == [])
        #expect(try Self.rowCount(store, held) == 0)

        let full = await Self.pull(store, cloud, full: true)

        #expect(full.result.succeeded, "\(full.result.errors)")
        #expect(try Self.rowCount(store, held) == 1)
        #expect(!(try store.liveRecordNames(.game).contains(game)))
        #expect(try store.checksumLines() == (try await cloud.checksumLines()))
        let next = await Self.pull(store, cloud)
        #expect(next.result.succeeded && next.listings == [])
    }
}

/// The cloud, counting the names-only listings a pull makes (when its count check disagrees).
actor ListingCounter: CanonicalRecordSource {
    private let base: CloudRecordSource
    private(set) var listings: [RecordType] = []

    init(_ base: CloudRecordSource) {
        self.base = base
    }

    func page(of type: RecordType, modifiedSince: Int64?, limit: Int, continuation: String?) async throws(CloudError)
        -> RecordPage
    {
        try await base.page(of: type, modifiedSince: modifiedSince, limit: limit, continuation: continuation)
    }

    func names(of type: RecordType) async throws(CloudError) -> Set<String> {
        listings.append(type)
        return try await base.names(of: type)
    }
}
