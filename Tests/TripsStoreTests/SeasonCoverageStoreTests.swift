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
        let coverage = try shipped.provider().seasonCoverage(manifest: try manifest())

        #expect(coverage.count == 8)
        let unpublished = coverage.flatMap { season in season.unpublished.map { (season.season, $0) } }
        #expect(unpublished.count == 1)
        #expect(unpublished.first?.0 == "2026-27")
        #expect(unpublished.first?.1.first == CalendarDay(year: 2026, month: 12, day: 4))
        #expect(unpublished.first?.1.last == CalendarDay(year: 2026, month: 12, day: 11))
        // The NHL's Olympic pause and MLS's World Cup break are breaks of complete seasons.
        let nhl = try #require(coverage.first { $0.sport == "nhl" })
        #expect(nhl.gaps.contains { $0.kind == .leagueBreak && $0.days >= 14 })
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
        let reading = StoreCoverageReading(provider: provider) { manifest }

        #expect(try reading.spellsSplitYears("nba") == true)
        #expect(try reading.spellsSplitYears("nfl") == false)
        #expect(try reading.spellsSplitYears("xfl") == nil)
        let counts = try reading.gamesBySeason(
            "nba", from: CalendarDay(year: 2026, month: 9, day: 1), to: CalendarDay(year: 2027, month: 7, day: 31))
        #expect(counts.keys.sorted() == ["2026-27"])
        #expect(counts["2026-27"]?.games == 1200 && counts["2026-27"]?.postseason == 0)
        #expect(counts["2026-27"]?.lastUTCDay == CalendarDay(year: 2027, month: 4, day: 12))
        #expect(try reading.lastDay("nba", season: "2026-27") == CalendarDay(year: 2027, month: 4, day: 11))
        #expect(reading.expectedGames("nba", season: "2026-27") == 1230)
        #expect(try reading.seasons("nba").map(\.season) == ["2025-26", "2026-27"])
    }
}
