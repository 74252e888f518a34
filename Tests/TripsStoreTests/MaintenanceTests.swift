import Foundation
import SQLite
import Testing
import TripsModel
import TripsRecords

@testable import TripsStore

/// Maintenance (issue 11 item 5): old deprecated records purged, the sync log capped, the store
/// compacted — without changing what any reader or the convergence checksum sees.
@Suite struct MaintenanceTests {
    static let nowMs: Int64 = 1_800_000_000_000
    static let day = MaintenancePolicy.dayMs

    let old = Fixtures.game("game_mlb_2026_0328_nyy_hou", "2026-03-28T00:15:00Z")
    let recent = Fixtures.game("game_mlb_2026_0329_nyy_hou", "2026-03-29T00:15:00Z")
    let live = Fixtures.game("game_mlb_2026_0330_nyy_hou", "2026-03-30T00:15:00Z")

    /// Merges `entity` again, deprecated `daysAgo` days before `nowMs` (a newer cloud version).
    static func deprecate(_ entity: CanonicalEntity, daysAgo: Int64, in store: CanonicalStore, tag: String = "t2")
        throws
    {
        let record = Fixtures.record(
            entity, Fixtures.meta(tag, modified: 2_000, deprecatedAt: nowMs - daysAgo * day))
        _ = try store.database.transaction { try store.merge(record) }
    }

    /// Every row of a type, deprecated or not.
    static func rows(_ table: String, in store: CanonicalStore) throws -> Set<String> {
        Set(try store.database.rows("SELECT id FROM \(table)") { $0.string(0) })
    }

    @Test func aRecordDeprecated91DaysAgoIsPurgedOne89DaysAgoStaysAndLiveOnesAreUntouched() throws {
        let store = try Fixtures.store(games: [old, recent, live])
        try Self.deprecate(.game(old), daysAgo: 91, in: store)
        try Self.deprecate(.game(recent), daysAgo: 89, in: store)
        let checksum = try store.checksumLines()
        let liveGames = try store.liveRecordNames(.game)

        let report = try store.performMaintenance(nowMs: Self.nowMs)

        #expect(report.purged == [.game: 1])
        #expect(report.purgedTotal == 1)
        #expect(try Self.rows("games", in: store) == [recent.id, live.id])
        #expect(try store.liveRecordNames(.game) == liveGames)
        #expect(try store.checksumLines() == checksum)
        #expect(try DataProvider(store: store).allRichGames(for: nil).games.map(\.id) == [live.id])
    }

    @Test func theRetentionIsThePolicys() throws {
        let store = try Fixtures.store(games: [old, live])
        try Self.deprecate(.game(old), daysAgo: 3, in: store)
        let policy = MaintenancePolicy(deprecatedRetentionMs: 2 * Self.day)

        #expect(try store.performMaintenance(nowMs: Self.nowMs).purged.isEmpty)
        #expect(try store.performMaintenance(nowMs: Self.nowMs, policy: policy).purged == [.game: 1])
    }

    @Test func aRecordTheNextDeltaReadsAgainStays() throws {
        let store = try Fixtures.store(games: [old, live])
        try Self.deprecate(.game(old), daysAgo: 100, in: store)  // modified at 2,000
        // Within a day of the watermark: the next delta's overlap may read it again.
        try store.advanceWatermark(.game, to: 2_000 + Self.day - 1)

        #expect(try store.performMaintenance(nowMs: Self.nowMs).isEmpty)

        try store.advanceWatermark(.game, to: 2_000 + Self.day + 1)
        #expect(try store.performMaintenance(nowMs: Self.nowMs).purged == [.game: 1])
    }

    @Test func aDeprecatedTeamOrStadiumStaysWhileARemainingRowNamesItAndGoesWithItsLastOne() throws {
        let colts = TeamAlias(id: "alias_hou_colts", teamId: Fixtures.astros.id, kind: .name, value: "Colt .45s")
        let store = try Fixtures.store(games: [old], teamAliases: [colts])
        // The Astros and their park are long deprecated, but a live game still names both;
        // Yankee Stadium is deprecated and still the live Yankees' home.
        try Self.deprecate(.team(Fixtures.astros), daysAgo: 200, in: store)
        try Self.deprecate(.stadium(Fixtures.daikin), daysAgo: 200, in: store)
        try Self.deprecate(.stadium(Fixtures.yankee), daysAgo: 200, in: store)

        #expect(try store.performMaintenance(nowMs: Self.nowMs).isEmpty)
        #expect(try DataProvider(store: store).allRichGames(for: nil).games.map(\.id) == [old.id])

        // Once the game is gone too, the team and then its park go in the same run.
        try Self.deprecate(.game(old), daysAgo: 100, in: store)
        let report = try store.performMaintenance(nowMs: Self.nowMs)

        #expect(report.purged == [.game: 1, .team: 1, .stadium: 1])
        #expect(!(try Self.rows("teams", in: store)).contains(Fixtures.astros.id))
        #expect(!(try Self.rows("stadiums", in: store)).contains(Fixtures.daikin.id))
        #expect(try Self.rows("stadiums", in: store).contains(Fixtures.yankee.id))
        // The live alias of the purged team no longer resolves, and nothing else breaks.
        let provider = DataProvider(store: store)
        #expect(throws: ResolutionError.self) { try provider.resolveTeam("Colt .45s") }
        #expect(try provider.resolveTeam("NYY").team.id == Fixtures.yankees.id)
        #expect(try provider.teams().map(\.id).contains(Fixtures.yankees.id))
        #expect(try provider.team(id: Fixtures.yankees.id)?.stadiumId == Fixtures.yankee.id)
        #expect(try provider.stadium(id: Fixtures.yankee.id) != nil)
        let day = Fixtures.date("2026-05-01T00:00:00Z")
        #expect(try provider.nameHistory().team(Fixtures.yankees, on: day).name == Fixtures.yankees.name)
    }

    @Test func purgedRecordsHeldFromTheCloudCountAsTheExpectedGap() throws {
        let store = try Fixtures.store(games: [old, recent, live])
        try Self.deprecate(.game(old), daysAgo: 100, in: store)
        try Self.deprecate(.game(recent), daysAgo: 100, in: store)
        // A full sync found `recent` gone from the cloud: its change tag was cleared then.
        try store.database.run("UPDATE games SET change_tag = '' WHERE id = ?", [.text(recent.id)])
        let before = try store.cloudRecordCount(.game) + store.cloudCheckState(.game).cloudOnly

        #expect(try store.performMaintenance(nowMs: Self.nowMs).purged == [.game: 2])

        // The cloud still counts `old` (deprecated), not `recent`: count + gap is what it was.
        #expect(try store.cloudCheckState(.game).cloudOnly == 1)
        #expect(try store.cloudRecordCount(.game) + store.cloudCheckState(.game).cloudOnly == before)
    }

    /// The count check after every delta counts the records held from the cloud — every row but
    /// those a reconcile cleared — in every table, and the cleared ones through their own index,
    /// never a scan of the table's rows.
    @Test func theCloudCountIsEveryRowButTheClearedOnesAndReadsNoRows() throws {
        let store = try Fixtures.store(games: [old, recent, live])
        try store.database.run("UPDATE games SET change_tag = '' WHERE id = ?", [.text(recent.id)])
        for type in RecordType.allCases {
            let table = CanonicalTable.name(type)
            let scanned = try store.database.row("SELECT count(*) FROM \(table) WHERE change_tag != ''") { $0.int(0) }
            #expect(try store.cloudRecordCount(type) == scanned, "\(type)")
            let plan = try store.database.rows("EXPLAIN QUERY PLAN SELECT count(*) FROM \(table) WHERE change_tag = ''")
            {
                $0.string(3)
            }
            #expect(plan.contains { $0.contains("INDEX \(table)_gone") }, "\(type): \(plan)")
        }
        #expect(try store.cloudRecordCount(.game) == 2)
    }

    @Test func aPurgedRecordThatArrivesAgainIsMergedBackDeprecated() throws {
        let store = try Fixtures.store(games: [old, live])
        try Self.deprecate(.game(old), daysAgo: 100, in: store)
        let checksum = try store.checksumLines()
        try store.performMaintenance(nowMs: Self.nowMs)

        let again = Fixtures.record(
            .game(old), Fixtures.meta("t2", modified: 2_000, deprecatedAt: Self.nowMs - 100 * Self.day))
        let outcome = try store.database.transaction { try store.merge(again) }

        #expect(outcome == .deprecated)
        #expect(try Self.rows("games", in: store).contains(old.id))
        #expect(try store.checksumLines() == checksum)
        #expect(try DataProvider(store: store).allGames(for: nil).map(\.id) == [live.id])
    }

    /// `count` log entries of `kind`, each begun and ended in `state`; answers their ids.
    @discardableResult
    static func log(_ count: Int, _ kind: SyncEvent.Kind, _ state: SyncEvent.State, in store: CanonicalStore) throws
        -> [Int64]
    {
        try store.database.transaction {
            try (0..<count).map { i in
                let id = try store.beginSyncEvent(kind, atMs: Int64(i))
                if state != .inProgress { try store.endSyncEvent(id, state: state, atMs: Int64(i) + 1) }
                return id
            }
        }
    }

    static func eventIDs(_ store: CanonicalStore) throws -> [Int64] {
        try store.database.rows("SELECT id FROM sync_events ORDER BY id") { $0.int64(0) }
    }

    @Test func theLogKeepsExactlyTheNewestEntries() throws {
        let store = try Fixtures.store()
        let ids = try Self.log(30, .import, .succeeded, in: store)

        let report = try store.performMaintenance(nowMs: Self.nowMs, policy: MaintenancePolicy(eventLogCap: 10))

        #expect(report.eventsDropped == 20)
        #expect(try Self.eventIDs(store) == Array(ids.suffix(10)))
    }

    @Test func theLogKeepsEachKindsLastSuccessAndWhatIsInProgressHoweverOld() throws {
        let store = try Fixtures.store()
        let setup = try Self.log(1, .setup, .succeeded, in: store)
        let running = try Self.log(1, .export, .inProgress, in: store)
        let lastImport = try Self.log(2, .import, .succeeded, in: store)
        let failures = try Self.log(20, .import, .failed, in: store)

        let report = try store.performMaintenance(nowMs: Self.nowMs, policy: MaintenancePolicy(eventLogCap: 5))

        #expect(report.eventsDropped == 16)
        #expect(try Self.eventIDs(store) == setup + running + [lastImport[1]] + failures.suffix(5))
        #expect(try store.latestSyncEvent(.import, state: .succeeded)?.id == lastImport[1])
    }

    @Test func aSyncsRoutineMaintenanceCapsTheLogEachTimeButPurgesOnceADay() throws {
        let store = try Fixtures.store(games: [old, recent, live])
        try Self.deprecate(.game(old), daysAgo: 91, in: store)
        let policy = MaintenancePolicy(eventLogCap: 10)

        #expect(try store.performRoutineMaintenance(nowMs: Self.nowMs, policy: policy).purged == [.game: 1])
        try Self.deprecate(.game(recent), daysAgo: 91, in: store)
        _ = try Self.log(30, .import, .succeeded, in: store)
        // An hour later: the log is capped, the scan of every table waits for its day.
        let soon = try store.performRoutineMaintenance(nowMs: Self.nowMs + Self.day / 24, policy: policy)
        #expect(soon.purged.isEmpty)
        #expect(soon.eventsDropped == 20)
        #expect(try Self.rows("games", in: store).contains(recent.id))
        // A day later it purges again.
        let later = try store.performRoutineMaintenance(nowMs: Self.nowMs + Self.day, policy: policy)
        #expect(later.purged == [.game: 1])
        #expect(try Self.rows("games", in: store) == [live.id])
    }

    @Test func maintenanceIsIdempotent() throws {
        let store = try Fixtures.store(games: [old, recent, live])
        try Self.deprecate(.game(old), daysAgo: 100, in: store)
        try Self.log(12, .import, .failed, in: store)
        let policy = MaintenancePolicy(eventLogCap: 10)
        let first = try store.performMaintenance(nowMs: Self.nowMs, policy: policy)
        let state = (
            try Self.rows("games", in: store), try Self.eventIDs(store), try store.cloudCheckState(.game),
            try store.checksumLines()
        )

        let second = try store.performMaintenance(nowMs: Self.nowMs, policy: policy)

        #expect(first == MaintenanceReport(purged: [.game: 1], eventsDropped: 2))
        #expect(second.isEmpty)
        #expect(try Self.rows("games", in: store) == state.0)
        #expect(try Self.eventIDs(store) == state.1)
        #expect(try store.cloudCheckState(.game) == state.2)
        #expect(try store.checksumLines() == state.3)
    }

    @Test func vacuumShrinksTheFileAfterAPurge() throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("trips.sqlite").path
        let store = try CanonicalStore(location: .file(path))
        let games = (0..<3_000).map { n in
            Fixtures.game(String(format: "game_mlb_2026_%05d", n), "2026-04-01T00:00:00Z")
        }
        try store.database.transaction {
            for game in games {
                _ = try store.merge(
                    Fixtures.record(.game(game), Fixtures.meta(deprecatedAt: Self.nowMs - 100 * Self.day)))
            }
        }
        try store.database.checkpoint()
        let before = try Self.fileSize(path)
        #expect(try store.sizeBytes() == before)

        #expect(try store.performMaintenance(nowMs: Self.nowMs).purged == [.game: 3_000])
        try store.vacuum()

        let after = try Self.fileSize(path)
        #expect(after < before / 2, "\(before) → \(after)")
        #expect(try store.sizeBytes() == after)
        #expect(try store.integrityCheck() == ["ok"])
    }

    static func fileSize(_ path: String) throws -> Int64 {
        (try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.int64Value ?? -1
    }
}
