import Foundation
import Testing
import TripsModel

@Suite("What a fan is told about a game's status")
struct ReportedStatusTests {
    let start = Date(timeIntervalSince1970: 1_790_000_000)

    func game(_ status: Game.Status) -> Game {
        Game(
            id: "g", sport: "nhl", season: "2025-26", startTime: start, homeTeamId: "h", awayTeamId: "a",
            stadiumId: nil,
            status: status)
    }

    @Test("a scheduled game more than a day past its start has no known result")
    func pastScheduledIsUnknown() {
        #expect(game(.scheduled).reportedStatus(asOf: start.addingTimeInterval(86_401)) == .unknown)
        #expect(game(.scheduled).reportedStatus(asOf: start.addingTimeInterval(86_400)) == .scheduled)
        #expect(game(.scheduled).reportedStatus(asOf: start.addingTimeInterval(-3_600)) == .scheduled)
    }

    @Test(
        "a status the source gave is kept however old the game is",
        arguments: [
            (Game.Status.final, Game.ReportedStatus.final), (.postponed, .postponed), (.cancelled, .cancelled),
        ])
    func sourceStatusesAreKept(status: Game.Status, reported: Game.ReportedStatus) {
        #expect(game(status).reportedStatus(asOf: start.addingTimeInterval(400 * 86_400)) == reported)
    }

    @Test("a game begun less than the live window ago, with no result, is live; never a guessed score")
    func aGameUnderWayIsLive() {
        let window = Game.liveWindow
        #expect(game(.scheduled).reportedStatus(asOf: start) == .live)
        #expect(game(.scheduled).reportedStatus(asOf: start.addingTimeInterval(window - 1)) == .live)
        #expect(game(.scheduled).reportedStatus(asOf: start.addingTimeInterval(window)) == .scheduled)
        #expect(game(.scheduled).reportedStatus(asOf: start.addingTimeInterval(-1)) == .scheduled)
        var placeholder = game(.scheduled)
        placeholder.timeTBD = true
        #expect(placeholder.reportedStatus(asOf: start.addingTimeInterval(60)) == .scheduled, "a TBD time says nothing")
        var scored = game(.scheduled)
        scored.homeScore = 2
        scored.awayScore = 1
        #expect(scored.reportedStatus(asOf: start.addingTimeInterval(60)) == .scheduled)
        #expect(game(.final).reportedStatus(asOf: start.addingTimeInterval(60)) == .final)
    }
}
