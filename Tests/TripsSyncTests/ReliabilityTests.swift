import CloudKitClient
import Foundation
import SQLite
import Testing
import TripsModel
import TripsRecords
import TripsStore

@testable import CloudKitWeb
@testable import TripsSync

/// DESIGN §6.8 — convergence is the acceptance test: after faults, concurrent edits, clock
/// skew and index lag, sync makes the store's checksum equal the server's. Against a real
/// `trips-cloud` process seeded from the fixture bundle.
@Suite struct ReliabilityTests {
    @Test func errorsThrottlingAndTruncatedBodiesStillConvergeAndRetryAfterIsHonoured() async throws {
        let cloud = try await LiveCloud.start()
        defer { cloud.stop() }
        try await cloud.setFaults(
            """
            {"errorRate": 0.2, "errorCode": "INTERNAL_ERROR", "throttleEvery": 5, "retryAfter": 0.1,
             "truncateRate": 0.15, "operations": ["records/query"], "seed": 7}
            """)
        let (store, folder) = try CanonicalStore.temporary(bundle: nil)
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = Lines()
        let clock = RecordingClock()
        let source = CloudRecordSource(database: cloud.database(clock: clock, log: { log.append($0) }))

        let result = await cloud.sync(store, pageSize: 25, full: true, source: source)

        #expect(result.succeeded, "\(result.errors)")
        let injected = try await cloud.injectedFaults()
        try await cloud.setFaults(nil)
        #expect(try store.checksumLines() == (try await cloud.checksumLines()))
        #expect(injected["errors", default: 0] > 0 && injected["throttled", default: 0] > 0)
        #expect(injected["truncated", default: 0] > 0)
        let retries = log.lines.filter { $0.hasPrefix("retrying") }
        let throttled = retries.filter { $0.contains("THROTTLED") }
        #expect(throttled.count == injected["throttled"])
        // Every THROTTLED answer was waited out for exactly its retryAfter, on the real clock.
        #expect(throttled.allSatisfy { $0.contains("in 0.100s") }, "\(throttled)")
        #expect(clock.sleeps.filter { $0 == 0.1 }.count >= throttled.count)
    }

    @Test func recordsEditedOnTheServerWhileASyncPagesConvergeWithinTwoSyncs() async throws {
        let cloud = try await LiveCloud.start()
        defer { cloud.stop() }
        let (store, folder) = try CanonicalStore.temporary(bundle: nil)
        defer { try? FileManager.default.removeItem(at: folder) }
        // During the third Game page: re-save 60 games (some already read, some not), postpone
        // one, and rename a stadium (a type this sync has already finished).
        let source = EditingSource(
            base: CloudRecordSource(database: cloud.database()), type: .game, afterPage: 3
        ) {
            try await cloud.admin("touch", "Game", "60")
            try await cloud.admin("postpone", "game_mlb_2026_0822_atl_mil", "--to", "2026-08-25T17:00:00Z")
            try await cloud.admin("rename-stadium", "stadium_accor_arena", "Accor Arena Renamed")
        }

        let first = await cloud.sync(store, pageSize: 20, full: true, source: source)
        #expect(first.succeeded)
        #expect(source.edited)
        #expect(try store.checksumLines() != (try await cloud.checksumLines()))  // the stadium rename is pending

        let second = await cloud.sync(store, pageSize: 20)

        #expect(second.succeeded)
        #expect(try store.checksumLines() == (try await cloud.checksumLines()))
    }

    @Test func aServerClockOffByADayEitherWayLosesNoEdit() async throws {
        let cloud = try await LiveCloud.start()
        defer { cloud.stop() }
        let (store, folder) = try CanonicalStore.temporary(bundle: FixtureBundle.directory)
        defer { try? FileManager.default.removeItem(at: folder) }
        var watermarks: [Int64] = []
        for (offset, game) in [
            (86_400_000, "game_mlb_2026_0822_atl_mil"), (-86_400_000, "game_mlb_2026_0822_chc_sea_2"),
            (0, "game_mlb_2026_0822_ath_hou_2"),
        ] {
            try await cloud.setFaults("{\"clockOffsetMs\": \(offset)}")
            try await cloud.admin("postpone", game, "--to", "2026-08-27T17:00:00Z")  // a free slot in each venue
            try await cloud.admin("touch", "Team", "3")

            let result = await cloud.sync(store)

            #expect(result.succeeded)
            #expect(World.counts(result, .game).applied == 1, "offset \(offset)")
            #expect(try store.checksumLines() == (try await cloud.checksumLines()), "offset \(offset)")
            watermarks.append(try #require(try store.watermark(for: .game)))
        }
        // The server stamps every write after the previous one, whatever its clock says: were
        // a later edit stamped below the watermark, a delta sync would never see it.
        #expect(watermarks == watermarks.sorted() && Set(watermarks).count == watermarks.count)
    }

    @Test func recordsHiddenByIndexLagAreFetchedOnceTheyBecomeVisible() async throws {
        let cloud = try await LiveCloud.start()
        defer { cloud.stop() }
        let (store, folder) = try CanonicalStore.temporary(bundle: FixtureBundle.directory)
        defer { try? FileManager.default.removeItem(at: folder) }
        try await cloud.setFaults("{\"indexLagMs\": 600000}")
        try await cloud.admin("touch", "Game", "25")
        let before = try store.watermark(for: .game)

        let lagging = await cloud.sync(store)

        #expect(lagging.succeeded)
        #expect(World.counts(lagging, .game).applied == 0)
        #expect(try store.watermark(for: .game) == before)  // never past what it could not see
        try await cloud.setFaults(nil)

        let caughtUp = await cloud.sync(store)

        #expect(World.counts(caughtUp, .game).applied == 25)
        #expect(try store.checksumLines() == (try await cloud.checksumLines()))
    }

    @Test func malformedRecordsFromTheServerAreCountedAndSkippedAndTheRestApplied() async throws {
        let cloud = try await LiveCloud.start()
        defer { cloud.stop() }
        let (store, folder) = try CanonicalStore.temporary(bundle: FixtureBundle.directory)
        defer { try? FileManager.default.removeItem(at: folder) }
        let valid = World.game(1).record(tag: "x", modified: 1)
        var noHome = valid
        noHome.recordName = "game_bad_no_home"
        noHome.fields["homeTeamId"] = nil
        var badStart = valid
        badStart.recordName = "game_bad_start"
        var future = valid
        future.recordName = "game_from_the_future"
        future.fields["schemaVersion"] = .int64(Int64(supportedSchemaVersion + 1))
        try await cloud.forceSave(
            [noHome, badStart, future].map {
                var r = $0
                r.recordChangeTag = nil
                r.modified = nil
                return r
            })
        // The server now refuses such a start time; one saved before it did is still there.
        try Database(.file(cloud.server.databaseURL.path)).run(
            "UPDATE records SET fields = json_set(fields, '$.startTime', json(?)) WHERE name = ?",
            [.text(#"{"type":"STRING","value":"next tuesday"}"#), .text(badStart.recordName)])
        try await cloud.admin("postpone", "game_mlb_2026_0822_atl_mil", "--to", "2026-08-25T17:00:00Z")

        let result = await cloud.sync(store)

        let games = World.counts(result, .game)
        #expect(result.succeeded)
        #expect(games.malformed == 2, "\(games.malformedRecords)")
        #expect(games.malformedRecords.contains { $0.contains("game_bad_no_home") })
        #expect(games.malformedRecords.contains { $0.contains("game_bad_start") })
        #expect(games.skippedIncompatible == 1)
        #expect(games.applied == 1)
        let moved = try DataProvider(store: store).games(GameQuery()).first { $0.id == "game_mlb_2026_0822_atl_mil" }
        #expect(moved?.startTime == ISO8601DateFormatter().date(from: "2026-08-25T17:00:00Z"))
    }
}

/// Collects log lines from the client (any thread).
final class Lines: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []

    func append(_ line: String) { lock.withLock { stored.append(line) } }

    var lines: [String] { lock.withLock { stored } }
}

/// The real clock, remembering every wait the retry loop asked for.
final class RecordingClock: RetryClock, @unchecked Sendable {
    private let real = SystemRetryClock()
    private let lock = NSLock()
    private var waits: [Double] = []

    func now() -> Double { real.now() }

    func sleep(seconds: Double) async throws {
        lock.withLock { waits.append(seconds) }
        try await real.sleep(seconds: seconds)
    }

    var sleeps: [Double] { lock.withLock { waits } }
}

/// Passes pages through and runs `edit` (server-side changes) right after the N-th page of one
/// type was answered — while the sync is in the middle of paging.
final class EditingSource: CanonicalRecordSource, @unchecked Sendable {
    private let base: any CanonicalRecordSource
    private let type: RecordType
    private let afterPage: Int
    private let edit: @Sendable () async throws -> Void
    private let lock = NSLock()
    private var pages = 0
    private var done = false

    init(
        base: any CanonicalRecordSource, type: RecordType, afterPage: Int,
        edit: @escaping @Sendable () async throws -> Void
    ) {
        self.base = base
        self.type = type
        self.afterPage = afterPage
        self.edit = edit
    }

    var edited: Bool { lock.withLock { done } }

    func page(of type: RecordType, modifiedSince: Int64?, limit: Int, continuation: String?) async throws(CloudError)
        -> RecordPage
    {
        let page = try await base.page(of: type, modifiedSince: modifiedSince, limit: limit, continuation: continuation)
        let now = lock.withLock {
            if type == self.type { pages += 1 }
            let fire = pages == afterPage && !done
            if fire { done = true }
            return fire
        }
        if now {
            do { try await edit() } catch { Issue.record("edit failed: \(error)") }
        }
        return page
    }
}
