import Foundation
import Testing
import TripsModel
import TripsRecords
import TripsStore

@testable import CloudKitWeb
@testable import TripsSync

/// The pull's paging and watermark rules (DESIGN §6.1–6.4), against an in-memory cloud whose
/// requests can fail, edit or cancel at exact points.
@Suite struct CanonicalSyncPagingTests {
    @Test func firstPullAppliesEverythingAndTheWatermarkIsTheNewestServerTime() async throws {
        let cloud = MemoryCloud()
        await cloud.save(World.base + World.games(1...7))
        let store = try World.store()

        let result = await World.sync(store, cloud)

        #expect(result.succeeded)
        #expect(World.counts(result, .game).applied == 7)
        #expect(result.changed == 12)
        #expect(try store.watermark(for: .game) == (await cloud.newest(.game)))
        #expect(try store.checksumLines() == (await cloud.checksumLines()))
    }

    @Test func aPageThatArrivesAfterTheCancelIsNotApplied() async throws {
        let cloud = MemoryCloud()
        await cloud.save(World.games(1...9))
        await cloud.script([3: .cancelCallerThenAnswer])
        let store = try World.store()

        let result = await World.sync(store, cloud, types: [.game])

        #expect(result.wasCancelled)
        #expect(result.types.first?.status == .cancelled)
        // Pages 1 (games 1–3) and 2 (3–5: a fresh query re-reads the last time of page 1) were
        // applied with their watermark; page 3 (5–7) arrived after the cancel and was dropped.
        #expect(World.counts(result, .game).applied == 5)
        #expect(try store.liveRecordNames(.game).count == 5)
        let fifth = await cloud.records["game_mlb_2026_0005"]?.modified?.timestamp
        #expect(try store.watermark(for: .game) == fifth)
    }

    @Test func aCancelledPullResumesFromItsWatermark() async throws {
        let cloud = MemoryCloud()
        await cloud.save(World.games(1...9))
        await cloud.script([2: .cancelCallerAndAbandon])
        let store = try World.store()
        let first = await World.sync(store, cloud, types: [.game])
        #expect(first.wasCancelled)
        #expect(World.counts(first, .game).applied == 3)

        await cloud.script([:])
        let requestsBefore = await cloud.requests.count
        let second = await World.sync(store, cloud, types: [.game])

        #expect(second.succeeded)
        #expect(World.counts(second, .game).applied == 6)
        let resumedFrom = await cloud.requests[requestsBefore].modifiedSince
        #expect(resumedFrom == first.types.first?.watermarkMs)
        #expect(try store.checksumLines() == (await cloud.checksumLines()))
    }

    @Test func anOffsetPagingServerCannotMakeThePullSkipARecordThatMoved() async throws {
        // Apple's markers are offsets into a re-run query: when a record of an earlier page is
        // saved again, everything after it shifts left and a marker-following client skips one.
        let cloud = MemoryCloud(paging: .offset)
        await cloud.save(World.games(1...8))
        await cloud.script([2: .touch(["game_mlb_2026_0001"])])
        let store = try World.store()

        let result = await World.sync(store, cloud, types: [.game])

        #expect(result.succeeded)
        #expect(try store.liveRecordNames(.game).count == 8)
        #expect(try store.checksumLines() == (await cloud.checksumLines()))
    }

    @Test func aRunOfEqualTimestampsLongerThanAPageIsFollowedByMarker() async throws {
        let cloud = MemoryCloud()
        await cloud.save(World.games(1...10), oneTimestamp: true)
        await cloud.save(World.games(11...12))
        let store = try World.store()

        let result = await World.sync(store, cloud, types: [.game])

        #expect(result.succeeded)
        #expect(World.counts(result, .game).applied == 12)
        let requests = await cloud.requests
        #expect(requests.contains { $0.continuation != nil })
        #expect(requests.count < 10)
    }

    @Test func aPageSpanningSeveralTimestampsIsFollowedByAFreshQueryFromItsNewestTime() async throws {
        let cloud = MemoryCloud()
        await cloud.save(World.games(1...7))
        let store = try World.store()

        _ = await World.sync(store, cloud, types: [.game])

        let requests = await cloud.requests
        let third = await cloud.records["game_mlb_2026_0003"]?.modified?.timestamp
        #expect(requests.count >= 2)
        #expect(requests[1].continuation == nil)
        #expect(requests[1].modifiedSince == third)
    }

    @Test func aRecordReReadAtAPageBoundaryIsMergedAndCountedOnce() async throws {
        let cloud = MemoryCloud()
        await cloud.save(World.games(1...7))
        var broken = World.game(8).record(tag: "x", modified: 1)
        broken.fields["startTime"] = nil
        await cloud.saveRaw(broken)
        await cloud.save([World.game(9)])
        let store = try World.store()

        // Pages: 1–3, 3–5, 5–7, 7–9 (each fresh query re-reads the previous page's last record).
        let result = await World.sync(store, cloud, types: [.game])

        let counts = World.counts(result, .game)
        #expect(counts.applied == 8)
        #expect(counts.unchanged == 0)
        #expect(counts.malformed == 1)
        #expect(result.types.first?.records == 9)
        #expect(await cloud.requests.count == 4)
    }

    @Test func theDeltaQueryStartsTheOverlapBeforeTheWatermarkAndReReadsAsUnchanged() async throws {
        let cloud = MemoryCloud()
        await cloud.save(World.games(1...4))
        let store = try World.store()
        _ = await World.sync(store, cloud, types: [.game])
        let watermark = try #require(try store.watermark(for: .game))
        await cloud.save([World.game(5)])

        let requestsBefore = await cloud.requests.count
        let result = await World.sync(store, cloud, pageSize: 10, overlapMs: 2, types: [.game])

        #expect(await cloud.requests[requestsBefore].modifiedSince == watermark - 2)
        // Games 2–4 (one ms apart) lie inside the 2 ms overlap: re-read, unchanged; game 5 is new.
        #expect(World.counts(result, .game).applied == 1)
        #expect(World.counts(result, .game).unchanged == 3)
    }

    @Test func malformedRecordsAreCountedAndNamedAndTheRestOfThePageIsApplied() async throws {
        let cloud = MemoryCloud()
        await cloud.save(World.games(1...4))
        var broken = World.game(9).record(tag: "x", modified: 1)
        broken.fields["homeTeamId"] = nil
        await cloud.saveRaw(broken)
        await cloud.script([
            1: .addMalformed([MalformedRecord(recordName: "game_bad_shape", reason: "fields is not an object")])
        ])
        let store = try World.store()

        let result = await World.sync(store, cloud, pageSize: 10, types: [.game])

        let counts = World.counts(result, .game)
        #expect(result.succeeded)
        #expect(counts.applied == 4)
        #expect(counts.malformed == 2)
        #expect(counts.malformedRecords.contains { $0.contains("game_mlb_2026_0009") && $0.contains("homeTeamId") })
        #expect(counts.malformedRecords.contains { $0.contains("game_bad_shape") })
        #expect(try store.watermark(for: .game) == (await cloud.newest(.game)))
    }

    @Test func recordsOfANewerSchemaAreSkippedAsIncompatible() async throws {
        let cloud = MemoryCloud()
        var future = World.game(1).record(tag: "x", modified: 1)
        future.fields["schemaVersion"] = .int64(Int64(supportedSchemaVersion + 1))
        await cloud.saveRaw(future)
        await cloud.save([World.game(2)])
        let store = try World.store()

        let result = await World.sync(store, cloud, types: [.game])

        #expect(World.counts(result, .game).skippedIncompatible == 1)
        #expect(World.counts(result, .game).applied == 1)
        #expect(try store.liveRecordNames(.game) == ["game_mlb_2026_0002"])
    }

    @Test func gamesWithUnknownTeamsAreKeptAndReported() async throws {
        let cloud = MemoryCloud()
        await cloud.save(World.base + [World.game(1), World.game(2, home: "team_mlb_t9")])
        let store = try World.store()

        let result = await World.sync(store, cloud)

        #expect(World.counts(result, .game).applied == 2)
        #expect(result.unresolvedGames == UnresolvedGameReport(count: 1, examples: ["game_mlb_2026_0002"]))
        let rich = try DataProvider(store: store).allRichGames(for: nil)
        #expect(rich.games.map(\.game.id) == ["game_mlb_2026_0001"])
    }
}

extension CanonicalEntity {
    /// The wire record with made-up server fields (the cloud replaces them when saving).
    func record(tag: String, modified: Int64) -> Record {
        CanonicalRecord(self, meta: RecordMetadata(changeTag: tag, modifiedMs: modified)).record
    }
}
