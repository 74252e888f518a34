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
}
