import Foundation
import LeagueFeeds
import Testing
import TripsModel

@Suite struct FeedDiffTests {
    /// The 2025 schedule as published (2024-11-29) against the season as played.
    @Test func publishedAgainstPlayedMLB2025() throws {
        let published = try RecordedFeeds.read(RecordedFeeds.mlbPublished, with: MLBStatsAPISchedule.read)
        let played = try RecordedFeeds.read(RecordedFeeds.mlbPlayed, with: MLBStatsAPISchedule.read)
        let diff = FeedDiff(before: published.games, after: played.games)
        let summary = diff.summary
        #expect(summary.league == "mlb" && summary.season == "2025")
        // Counted in the raw JSON: TBD before and a set time after (last listing of a gamePk).
        #expect(summary[.timeSet] == 619)
        #expect(summary[.postponed] == 30)
        // 716 games changed gameDate (the "moved"), but 618 of those only had a TBD
        // placeholder replaced: moved here is a local date changed (33) or a set time changed (89),
        // 103 games in all (counted again with a separate script over the raw JSON).
        #expect(summary[.moved] == 103)
        // The Tokyo Series is not in the as-played file (its query began on 03-27).
        #expect(summary[.removed] == 2)
        #expect(Set(diff.changes.filter { $0.changes.contains(.removed) }.map(\.gameId)) == ["778563", "778564"])
        #expect(summary[.added] == 0)
        #expect(summary[.statusChanged] == 2428)
        #expect(summary[.scoreSet] == 2428)
        let snow = try #require(diff.changes.first { $0.gameId == "778266" })
        #expect(snow.changes.isSuperset(of: [.moved, .postponed, .statusChanged, .scoreSet]))
        #expect(summary.description.hasPrefix("MLB 2025: \(summary[.moved]) moved, 619 times set, 30 postponed"))
    }

    @Test func eachKindOfChangeOnAMadeUpGame() throws {
        let before = FeedGame(
            league: "nhl", gameId: "1", season: "2026-27", seasonType: .regular,
            localDate: CalendarDay(year: 2026, month: 10, day: 6), start: RecordedFeeds.instant("2026-10-07T00:00:00Z"),
            timeTBD: false, status: .scheduled,
            home: FeedTeam(id: "3", abbreviation: "NYR", name: "Rangers", location: nil),
            away: FeedTeam(id: "2", abbreviation: "NYI", name: "Islanders", location: nil),
            venue: FeedVenue(id: nil, name: "Madison Square Garden"), isNeutralSite: false)
        var earlier = before
        earlier.start = RecordedFeeds.instant("2026-10-06T23:30:00Z")
        #expect(FeedDiff(before: [before], after: [earlier]).changes.first?.changes == [.moved])
        var tbd = before
        tbd.timeTBD = true
        #expect(FeedDiff(before: [tbd], after: [earlier]).changes.first?.changes == [.timeSet])
        var played = before
        played.status = .final
        played.score = FeedScore(home: 3, away: 2)
        #expect(FeedDiff(before: [before], after: [played]).changes.first?.changes == [.statusChanged, .scoreSet])
        var elsewhere = before
        elsewhere.venue = FeedVenue(id: nil, name: "UBS Arena")
        #expect(FeedDiff(before: [before], after: [elsewhere]).changes.first?.changes == [.venueChanged])
        var other = before
        other.gameId = "2"
        let swapped = FeedDiff(before: [before], after: [other])
        #expect(swapped.summary[.added] == 1 && swapped.summary[.removed] == 1 && swapped.summary.unchanged == 0)
        #expect(FeedDiff(before: [before], after: [before]).summary.unchanged == 1)
    }
}
