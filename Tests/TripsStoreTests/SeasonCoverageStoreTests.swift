import Foundation
import Testing
import TripsModel

@testable import TripsStore

/// Season coverage read from the shipped bundle: every gap of a complete season is a break,
/// and the only days with no games yet are NBA 2026-27's Dec 4–11 (the post-Cup games the
/// league's first release left out). The cheap reads `CoverageCheck` starts with agree.
@Suite struct SeasonCoverageStoreTests {
    let shipped = ShippedBundleTests()

    func manifest() throws -> BundleManifest { try BundleManifest.load(from: ShippedBundleTests.dataDirectory) }

    @Test func theBundlesOnlyUnpublishedDaysAreTheNBAsPostCupWeek() throws {
        let coverage = try shipped.provider().seasonCoverage(sizes: try manifest().seasonSizes)

        #expect(coverage.count == 9)
        let unpublished = coverage.flatMap { season in season.unpublished.map { (season.season, $0) } }
        #expect(unpublished.count == 1)
        #expect(unpublished.first?.0 == "2026-27")
        #expect(unpublished.first?.1.first == CalendarDay(year: 2026, month: 12, day: 4))
        #expect(unpublished.first?.1.last == CalendarDay(year: 2026, month: 12, day: 11))
        // The NHL's Olympic pause and MLS's World Cup break are breaks of complete seasons.
        let nhl = try #require(coverage.first { $0.sport == "nhl" && $0.season == "2025-26" })
        #expect(nhl.gaps.contains { $0.kind == .leagueBreak && $0.days >= 14 })
        let nhlNow = try #require(coverage.first { $0.sport == "nhl" && $0.season == "2026-27" })
        #expect(nhlNow.isComplete == true && nhlNow.games == 1_344)
        let mls = try #require(coverage.first { $0.sport == "mls" })
        #expect(mls.isComplete == true && mls.gaps.contains { $0.days > 40 })
        // Days are venue-local: the same first and last days `trips seasons` lists.
        let loaded = try shipped.provider().loadedSeasons()
        #expect(loaded.map(\.firstDay) == coverage.map(\.firstDay))
        #expect(loaded.map(\.lastDay) == coverage.map(\.lastDay))
    }

    @Test func theCheapReadsAgreeWithTheFullOne() throws {
        let provider = try shipped.provider()
        let manifest = try manifest()
        let reading = StoreCoverageReading(provider: provider) { manifest.seasonSizes }

        #expect(try reading.spellsSplitYears("nba") == true)
        #expect(try reading.spellsSplitYears("nfl") == false)
        #expect(try reading.spellsSplitYears("xfl") == nil)
        let counts = try reading.games("nba", season: "2026-27")
        #expect(counts?.games == 1200 && counts?.postseason == 0)
        #expect(counts?.lastUTCDay == CalendarDay(year: 2027, month: 4, day: 12))
        #expect(try reading.games("nba", season: "2024-25") == nil)
        #expect(try reading.games("xfl", season: "2026") == nil)
        #expect(try reading.lastDay("nba", season: "2026-27") == CalendarDay(year: 2027, month: 4, day: 11))
        #expect(reading.expectedGames("nba", season: "2026-27") == 1230)
        #expect(try reading.seasons("nba").map(\.season) == ["2025-26", "2026-27"])
    }

    /// The one-season count leaves out deprecated games, counts the postseason apart, and its
    /// last start is the latest of any season type.
    @Test func aSeasonsCountSkipsDeprecatedGamesAndTakesTheLastStartOfAnyType() throws {
        var final = Fixtures.game("g3", "2026-10-30T00:08:00Z")
        final.seasonType = .postseason
        let store = try Fixtures.store(games: [
            Fixtures.game("g1", "2026-04-01T00:10:00Z"), Fixtures.game("g2", "2026-09-27T19:10:00Z"), final,
            Fixtures.game("g4", "2025-09-01T00:10:00Z", season: "2025"),
        ])
        try store.database.transaction {
            _ = try store.merge(
                Fixtures.record(.game(Fixtures.game("g5", "2026-11-05T00:10:00Z")), Fixtures.meta(deprecatedAt: 5)))
        }
        let reading = StoreCoverageReading(provider: DataProvider(store: store)) { nil }
        let counted = try #require(try reading.games("mlb", season: "2026"))
        #expect(counted.games == 3)
        #expect(counted.postseason == 1)
        #expect(counted.lastUTCDay == CalendarDay(year: 2026, month: 10, day: 30))
        #expect(try reading.games("mlb", season: "2025")?.games == 1)
        #expect(try reading.games("mlb", season: "2027") == nil)
    }
}
