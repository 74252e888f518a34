import CloudKitClient
import Foundation
import Testing
import TripsModel
import TripsStore

@testable import CloudKitWeb
@testable import TripsSync

/// Durable sync state and the sync log (DESIGN §6.7, §7), failures, and full-sync reconciliation.
@Suite struct SyncStateTests {
    private static let networkDown = CloudError.network("connection refused")

    @Test func aSuccessfulPullRecordsAttemptAndSuccessPerType() async throws {
        let cloud = MemoryCloud()
        await cloud.save(World.base)
        let store = try World.store()

        _ = await World.sync(store, cloud)

        let team = try store.syncState(for: .team)
        let clientMs = Int64(World.clientNow.timeIntervalSince1970 * 1000)
        #expect(team.lastAttemptMs == clientMs)
        #expect(team.lastSuccessMs == clientMs)
        #expect(team.consecutiveFailures == 0)
        #expect(team.appliedTotal == 2)
        #expect(team.watermarkMs == (await cloud.newest(.team)))
    }

    @Test func anUnreachableCloudStopsThePullAndIsRecordedAsATemporaryFailure() async throws {
        let cloud = MemoryCloud()
        await cloud.save(World.base + World.games(1...2))
        // Sport, LeagueStructure and Stadium take one request each; the Team request fails.
        await cloud.script([4: .fail(SyncStateTests.networkDown)])
        let store = try World.store()

        let result = await World.sync(store, cloud)

        #expect(!result.succeeded)
        #expect(result.errors.count == 1)
        #expect(result.errors.allSatisfy { $0.isTemporary })
        #expect(
            result.types.map(\.status) == [
                .completed, .completed, .completed, .failed, .notAttempted, .notAttempted, .notAttempted,
            ])
        let team = try store.syncState(for: .team)
        #expect(team.consecutiveFailures == 1)
        #expect(team.lastError?.contains("connection refused") == true)
        #expect(team.lastSuccessMs == nil)
        #expect(try store.syncEvents(kind: .import).first?.state == .failed)
    }

    @Test func consecutiveFailuresCountUpAndResetOnSuccess() async throws {
        let cloud = MemoryCloud()
        await cloud.save(World.base)
        let store = try World.store()
        for _ in 0..<2 {
            await cloud.script([(await cloud.requests.count) + 1: .fail(SyncStateTests.networkDown)])
            _ = await World.sync(store, cloud, types: [.sport])
        }
        #expect(try store.syncState(for: .sport).consecutiveFailures == 2)

        await cloud.script([:])
        _ = await World.sync(store, cloud, types: [.sport])

        let sport = try store.syncState(for: .sport)
        #expect(sport.consecutiveFailures == 0)
        #expect(sport.lastError == nil)
    }

    @Test func aRefusedQueryFailsOnlyItsTypeAndTheOthersStillSync() async throws {
        let cloud = MemoryCloud()
        await cloud.save(World.base + World.games(1...2))
        let refused = CloudError.server(
            ErrorResponse(serverErrorCode: .badRequest, reason: "type not queryable", uuid: "u"), httpStatus: 400)
        await cloud.script([5: .fail(refused)])  // the TeamAlias query
        let store = try World.store()

        let result = await World.sync(store, cloud)

        #expect(result.types.first { $0.recordType == .teamAlias }?.status == .failed)
        #expect(result.types.first { $0.recordType == .game }?.status == .completed)
        #expect(World.counts(result, .game).applied == 2)
        #expect(result.errors.map(\.isTemporary) == [false])
    }

    @Test func theSyncLogRecordsEachRunWithItsOutcome() async throws {
        let cloud = MemoryCloud()
        await cloud.save(World.base)
        let store = try World.store()

        let result = await World.sync(store, cloud)

        let event = try #require(try store.syncEvents(kind: .import).first)
        #expect(event.state == .succeeded)
        #expect(event.endedMs != nil)
        #expect(event.detail == result.summaryLine)
    }

    @Test func aRunLeftInProgressByADeadProcessIsClosedAsInterrupted() async throws {
        let cloud = MemoryCloud()
        await cloud.save(World.base)
        let store = try World.store()
        let dead = try store.beginSyncEvent(.import, atMs: 5)

        _ = await World.sync(store, cloud)

        let events = try store.syncEvents(kind: .import)
        let old = try #require(events.first { $0.id == dead })
        #expect(old.state == .failed)
        #expect(old.error?.contains("interrupted") == true)
        #expect(events.first?.state == .succeeded)
    }

    @Test func aCancelledRunIsLoggedAsCancelledNotFailed() async throws {
        let cloud = MemoryCloud()
        await cloud.save(World.base)
        await cloud.script([2: .cancelCallerAndAbandon])
        let store = try World.store()

        _ = await World.sync(store, cloud)

        #expect(try store.syncEvents(kind: .import).first?.state == .cancelled)
        #expect(try store.syncState(for: .leagueStructure).consecutiveFailures == 0)
    }

    @Test func theFirstSyncWithACloudLogsSetupAndAnotherCloudStartsFromNoWatermark() async throws {
        let cloud = MemoryCloud()
        await cloud.save(World.base)
        let store = try World.store()
        _ = await World.sync(store, cloud, cloudIdentity: "https://one c development")
        #expect(try store.syncEvents(kind: .setup).map(\.state) == [.succeeded])
        _ = await World.sync(store, cloud, cloudIdentity: "https://one c development")
        #expect(try store.syncEvents(kind: .setup).count == 1)

        let other = MemoryCloud(startMs: 1_700_000_000_000)
        await other.save(World.base)
        let result = await World.sync(store, other, cloudIdentity: "https://two c development")

        #expect(try store.syncEvents(kind: .setup).count == 2)
        #expect(World.counts(result, .team).total == 2)
        #expect(try store.watermark(for: .team) == (await other.newest(.team)))
    }

    @Test func aFullSyncHidesLocalRecordsTheCloudNoLongerHas() async throws {
        let cloud = MemoryCloud()
        await cloud.save(World.base + World.games(1...5))
        let store = try World.store()
        _ = await World.sync(store, cloud)
        await cloud.delete("game_mlb_2026_0003")

        let delta = await World.sync(store, cloud)
        #expect(try store.liveRecordNames(.game).count == 5)
        #expect(delta.types.allSatisfy { $0.reconciled == 0 })

        let full = await World.sync(store, cloud, full: true)

        #expect(full.types.first { $0.recordType == .game }?.reconciled == 1)
        #expect(!(try store.liveRecordNames(.game).contains("game_mlb_2026_0003")))
        #expect(try store.checksumLines() == (await cloud.checksumLines()))
    }

    @Test func aRecordHiddenByReconciliationComesBackWhenTheCloudListsItAgain() async throws {
        let cloud = MemoryCloud()
        await cloud.save(World.base + World.games(1...3))
        let store = try World.store()
        _ = await World.sync(store, cloud)
        let missing = try #require(await cloud.records["game_mlb_2026_0002"])
        await cloud.delete("game_mlb_2026_0002")
        _ = await World.sync(store, cloud, full: true)
        #expect(!(try store.liveRecordNames(.game).contains("game_mlb_2026_0002")))

        // The same record (same tag and time) becomes visible again, e.g. after index lag.
        _ = try store.apply(page: [missing], of: .game)

        #expect(try store.liveRecordNames(.game).contains("game_mlb_2026_0002"))
    }

    @Test func aCancelledFullSyncReconcilesNothing() async throws {
        let cloud = MemoryCloud()
        await cloud.save(World.base + World.games(1...6))
        let store = try World.store()
        _ = await World.sync(store, cloud)
        await cloud.delete("game_mlb_2026_0006")
        await cloud.script([(await cloud.requests.count) + 8: .cancelCallerAndAbandon])  // the 2nd Game page

        let result = await World.sync(store, cloud, full: true)

        #expect(result.wasCancelled)
        // Only part of the games were listed: that is no evidence that the others are gone.
        #expect(result.types.allSatisfy { $0.reconciled == 0 })
        #expect(try store.liveRecordNames(.game).count == 6)
    }
}
