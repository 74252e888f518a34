import Foundation
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
}
