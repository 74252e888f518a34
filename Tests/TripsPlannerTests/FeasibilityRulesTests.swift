import Foundation
import Testing
import TripsModel
import TripsPlanner

/// Which game can follow which: buffers, a day game and a night game when the drive fits,
/// doubleheaders, gaps.
@Suite struct FeasibilityRulesTests {
    @Test func aDayGameAndANightGameAtTwoVenuesFitWhenTheDriveDoes() throws {
        for (miles, both) in [(20.0, true), (300, false)] {
            var f = Fixture()
            f.stadium("a", milesNorth: 0)
            f.stadium("b", milesNorth: miles)
            f.game("day", at: "a", "2026-06-01 12:00")
            f.game("night", at: "b", "2026-06-01 19:30")
            let result = try f.plan(Fixture.request("2026-06-01", "2026-06-01", options: 1))
            // Leave 15:30: 20 minutes is in time for 19:00, 5 hours is not.
            #expect((result.paths.first == ["day", "night"]) == both, "\(miles) miles")
        }
    }

    @Test func theSameDayRuleReadsEachVenuesOwnDate() throws {
        // 20:00 MDT on June 1 is already June 2 in UTC, like the noon game in Chicago.
        var f = Fixture()
        f.stadium("west", milesNorth: 0, zone: "America/Denver")
        f.stadium("east", milesNorth: 60, zone: "America/Chicago")
        f.game("night", at: "west", "2026-06-01 20:00")
        f.game("noon", at: "east", "2026-06-02 12:00")
        let result = try f.plan(Fixture.request("2026-06-01", "2026-06-02", options: 1))
        #expect(result.paths == [["night", "noon"]])
    }

    @Test func aDoubleheaderIsTwoGamesAtOneStadium() throws {
        var f = Fixture()
        f.stadium("a", milesNorth: 0)
        f.game("g1", at: "a", "2026-06-01 13:00", away: "visitors", gameNumber: 1)
        f.game("g2", at: "a", "2026-06-01 18:00", away: "visitors", gameNumber: 2)
        let result = try f.plan(Fixture.request("2026-06-01", "2026-06-01", options: 1))
        #expect(result.paths == [["g1", "g2"]])
        #expect(result.itineraries.first?.legs.first?.miles == 0)
    }

    @Test func aFollowsGameOneStartIsEstimatedAfterTheFirstGameEnds() throws {
        var f = Fixture()
        f.stadium("a", milesNorth: 0)
        f.game("g1", at: "a", "2026-06-01 13:05", away: "visitors", gameNumber: 1)
        f.game("g2", at: "a", "2026-06-01 13:10", away: "visitors", gameNumber: 2)  // placeholder time
        let result = try f.plan(Fixture.request("2026-06-01", "2026-06-01", options: 1))
        let itinerary = try #require(result.itineraries.first)
        #expect(itinerary.gameIds == ["g1", "g2"])
        #expect(itinerary.stops[1].expectedStart == Fixture.instant("2026-06-01 16:35", zone: "America/Chicago"))
        #expect(itinerary.warnings.contains(.estimatedStart(gameId: "g2")))
    }

    @Test func arrivingExactlyABufferEarlyIsEnoughAndAMinuteLessIsNot() throws {
        // 19:00 game ends 22:00, leave 22:30; 120 miles = 2 h does not fit before the night:
        // from 07:00 → arrive 09:00, so a 09:30 game is just reachable.
        for (start, fits) in [("09:30", true), ("09:29", false)] {
            var f = Fixture()
            f.stadium("a", milesNorth: 0)
            f.stadium("b", milesNorth: 120)
            f.game("first", at: "a", "2026-06-01 19:00")
            f.game("second", at: "b", "2026-06-02 \(start)")
            let result = try f.plan(Fixture.request("2026-06-01", "2026-06-02", options: 1))
            #expect((result.paths.first == ["first", "second"]) == fits, "second game at \(start)")
        }
    }

    @Test func theMinimumGapIsMeasuredStartToStart() throws {
        var f = Fixture()
        f.stadium("a", milesNorth: 0)
        f.game("g1", at: "a", "2026-06-01 19:00")
        f.game("g2", at: "a", "2026-06-02 13:00")
        f.game("g3", at: "a", "2026-06-02 19:00")
        var request = Fixture.request("2026-06-01", "2026-06-02", options: 1)
        request.minHoursBetweenGames = 24
        let result = try f.plan(request)
        #expect(result.paths == [["g1", "g3"]])
    }

    @Test func cancelledPostponedAndUntimedGamesAreSkippedAndCounted() throws {
        var f = Fixture()
        f.stadium("a", milesNorth: 0)
        f.game("ok", at: "a", "2026-06-01 19:00")
        f.game("off", at: "a", "2026-06-02 19:00", status: .postponed)
        f.game("gone", at: "a", "2026-06-03 19:00", status: .cancelled)
        f.game("tbd", at: "a", "2026-06-04 19:00", timeTBD: true)
        f.game("later", at: "a", "2026-06-09 19:00")
        f.game("hoops", at: "a", "2026-06-02 12:00", sport: "nba")
        var request = Fixture.request("2026-06-01", "2026-06-05")
        request.sports = ["mlb"]
        let result = try f.plan(request)
        #expect(result.paths == [["ok"]])
        #expect(result.statistics.gamesConsidered == 1)
        #expect(
            result.statistics.gamesSkipped == [
                .cancelledOrPostponed: 2, .timeTBD: 1, .outsideWindow: 1, .otherSport: 1,
            ])
    }

    @Test func statisticsCountTheEdgesOfTheGraph() throws {
        var f = Fixture()
        f.stadium("a", milesNorth: 0)
        f.stadium("b", milesNorth: 50)
        f.stadium("c", milesNorth: 100)
        f.game("a1", at: "a", "2026-06-01 19:00")
        f.game("b2", at: "b", "2026-06-02 19:00")
        f.game("c3", at: "c", "2026-06-03 19:00")
        f.game("b1", at: "b", "2026-06-01 19:00")
        let result = try f.plan(Fixture.request("2026-06-01", "2026-06-03"))
        // a1→b2, a1→c3, b1→b2, b1→c3, b2→c3 (a1 and b1 share a day).
        #expect(result.statistics.edges == 5)
        #expect(result.statistics.gamesConsidered == 4)
    }
}
