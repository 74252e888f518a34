import Foundation
import Testing
import TripsModel
import TripsStore

@testable import TripsSync

/// The done-when of issue 5 against `trips-cloud` seeded from the repository's `Data/`.
@Suite struct DeltaSyncTests {
    @Test func aStoreBootstrappedFromTheServersBundleTransfersNoChangesThenExactlyTheEdits() async throws {
        let cloud = try await LiveCloud.start(data: FixtureBundle.repository)
        defer { cloud.stop() }
        let (store, folder) = try CanonicalStore.temporary(bundle: FixtureBundle.repository)
        defer { try? FileManager.default.removeItem(at: folder) }

        let first = await cloud.sync(store, pageSize: 200)

        #expect(first.succeeded)
        #expect(first.changed == 0)  // the overlap re-reads count as unchanged
        #expect(first.totals.malformed == 0)
        #expect(try store.checksumLines() == (try await cloud.checksumLines()))

        // Five records change: two postponements, a rename (stadium + alias), a deprecation.
        try await cloud.admin("postpone", "game_mlb_2026_0822_atl_mil", "--to", "2026-08-23T23:10:00Z")
        try await cloud.admin("postpone", "game_mlb_2026_0822_chc_sea_2", "--to", "2026-08-24T18:10:00Z")
        try await cloud.admin("rename-stadium", "stadium_accor_arena", "Accor Arena Renamed")
        try await cloud.admin("deprecate", "game_mlb_2026_0822_ath_hou_2")

        let second = await cloud.sync(store, pageSize: 200)

        #expect(second.succeeded)
        #expect(second.changed == 5)
        #expect(second.totals.applied == 4)
        #expect(second.totals.deprecated == 1)
        #expect(World.counts(second, .stadiumAlias).applied == 1)
        #expect(try store.checksumLines() == (try await cloud.checksumLines()))
        let moved = try DataProvider(store: store).games(GameQuery()).first { $0.id == "game_mlb_2026_0822_atl_mil" }
        #expect(moved?.startTime == ISO8601DateFormatter().date(from: "2026-08-23T23:10:00Z"))
    }

    @Test func aFullSyncIntoAStoreWithoutBundleFetchesEverythingAndConverges() async throws {
        let cloud = try await LiveCloud.start(data: FixtureBundle.repository)
        defer { cloud.stop() }
        let (store, folder) = try CanonicalStore.temporary(bundle: nil)
        defer { try? FileManager.default.removeItem(at: folder) }
        let serverLines = try await cloud.checksumLines()
        let live = serverLines.compactMap { Int($0.split(separator: " ")[1]) }.reduce(0, +)

        let result = await cloud.sync(store, pageSize: 200, full: true)

        #expect(result.succeeded)
        #expect(result.totals.applied == live)
        #expect(try store.checksumLines() == serverLines)
        for type in RecordType.syncOrder {
            #expect(try store.watermark(for: type) != nil, "\(type) has no watermark")
        }
    }
}
