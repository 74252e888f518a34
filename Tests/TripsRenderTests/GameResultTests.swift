import Foundation
import TestSupport
import Testing
import TripsModel

@testable import TripsRender

/// Results in `trips games`: `F 5–3`, away first as the matchup reads, in a RESULT column only
/// when a listed game has a score; `--no-scores` (showScores false) hides column and JSON key.
@Suite struct GameResultTests {
    static func entry(status: Game.Status, home: Int?, away: Int?) -> ScheduleEntry {
        var stop = TripFixture.tuesday.game
        stop.game.status = status
        stop.game.homeScore = home
        stop.game.awayScore = away
        return ScheduleEntry(stop, now: stop.game.startTime + 86_400 * 2)
    }

    @Test func aFinishedGameShowsItsResultAwayFirst() {
        #expect(Self.entry(status: .final, home: 3, away: 5).result == "F 5–3")
        #expect(Self.entry(status: .completedEarly, home: 1, away: 0).result == "F 0–1")
        #expect(Self.entry(status: .suspended, home: 2, away: 2).result == "2–2")
        #expect(Self.entry(status: .final, home: nil, away: nil).result == nil)
    }

    @Test func theTableHasAResultColumnUnlessScoresAreHidden() {
        let played = Self.entry(status: .final, home: 3, away: 5)
        let shown = ScheduleRenderer(entries: [played], times: .venue).table(style: Style(enabled: false))
        #expect(shown.contains("RESULT") && shown.contains("F 5–3"))
        let hidden = ScheduleRenderer(entries: [played], times: .venue, showScores: false).table(
            style: Style(enabled: false))
        #expect(!hidden.contains("RESULT") && !hidden.contains("5–3"))
        let none = ScheduleRenderer(entries: [Self.entry(status: .final, home: nil, away: nil)], times: .venue)
        #expect(!none.table(style: Style(enabled: false)).contains("RESULT"))
    }

    /// A game under way by the clock: `live` in RESULT, or in STATUS with results hidden.
    @Test func aGameUnderWaySaysLive() {
        var stop = TripFixture.tuesday.game
        stop.game.status = .scheduled
        let live = ScheduleEntry(stop, now: stop.game.startTime + 3_600)
        #expect(live.result == "live")
        let shown = ScheduleRenderer(entries: [live], times: .venue).table(style: Style(enabled: false))
        #expect(shown.contains("RESULT") && !shown.contains("STATUS") && shown.contains("live"))
        let hidden = ScheduleRenderer(entries: [live], times: .venue, showScores: false).table(
            style: Style(enabled: false))
        #expect(!hidden.contains("RESULT") && hidden.contains("STATUS") && hidden.contains("live"))
        let later = ScheduleEntry(stop, now: stop.game.startTime + Game.liveWindow + 60)
        #expect(later.result == nil)
    }

    @Test func csvHasScoreColumnsUnlessScoresAreHidden() throws {
        let played = Self.entry(status: .final, home: 3, away: 5)
        let rows = try CSVReference.parse(ScheduleRenderer(entries: [played], times: .venue).csv())
        let header = try #require(rows.first)
        let away = try #require(header.firstIndex(of: "away_score"))
        let home = try #require(header.firstIndex(of: "home_score"))
        #expect(rows.count == 2 && rows[1][away] == "5" && rows[1][home] == "3")
        let hidden = ScheduleRenderer(entries: [played], times: .venue, showScores: false).csv()
        #expect(!hidden.contains("score") && !hidden.contains(",5,3"))
    }

    @Test func aCalendarEventKeepsTheMatchupAndPutsTheResultInItsDescription() {
        let played = Self.entry(status: .final, home: 3, away: 5)
        var renderer = CalendarRenderer(now: played.game.startTime)
        renderer.showScores = true
        let shown = renderer.event(for: played).joined(separator: "\n")
        #expect(shown.contains("SUMMARY:\(played.matchup)\n"))
        #expect(shown.contains("final: \(played.awayCode) 5\\, \(played.homeCode) 3"))
        renderer.showScores = false
        let hidden = renderer.event(for: played).joined(separator: "\n")
        #expect(!hidden.contains("final:") && !hidden.contains(" 5\\,"))
    }
}
