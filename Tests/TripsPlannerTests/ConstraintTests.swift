import Foundation
import Testing
import TripsModel
import TripsPlanner

/// Each constraint of the request, applied exactly.
@Suite struct ConstraintTests {
    /// A homestand at A (days 1–3) and a single game at B (day 2, 100 miles away).
    static func homestandAndAnAwayDay() -> Fixture {
        var f = Fixture()
        f.stadium("a", milesNorth: 0)
        f.stadium("b", milesNorth: 100)
        f.game("a1", at: "a", "2026-06-01 19:00", away: "team_x")
        f.game("a2", at: "a", "2026-06-02 19:00", away: "team_x")
        f.game("a3", at: "a", "2026-06-03 19:00", away: "team_y")
        f.game("b2", at: "b", "2026-06-02 19:00", home: "team_b", away: "team_y")
        return f
    }

    /// A trip from today, planned at 18:00: no game already under way, no setting off before now.
    @Test func aTripFromTodayStartsNowAndSkipsGamesUnderWay() throws {
        var f = Self.homestandAndAnAwayDay()
        f.game("a0", at: "a", "2026-06-01 13:00", away: "team_z")
        var request = Fixture.request("2026-06-01", "2026-06-03")
        request.start = f.place("home", milesNorth: 20)
        let before = try f.plan(request)
        #expect(before.paths.first?.first == "a0")
        request.notBefore = Fixture.instant("2026-06-01 18:00", zone: "America/Chicago")
        let result = try f.plan(request)
        #expect(result.paths.first == ["a1", "b2", "a3"])
        #expect(result.paths.allSatisfy { !$0.contains("a0") })
        #expect(result.statistics.gamesSkipped[.started] == 1)
        let setsOff = try #require(result.itineraries.first?.legs.first?.departure)
        #expect(setsOff >= Fixture.instant("2026-06-01 18:00", zone: "America/Chicago"))
        request.mustSeeGameIds = ["a0"]
        #expect(try f.plan(request).infeasibility == .mustSeeGameUnavailable(gameId: "a0", reason: .started))
    }

    @Test func aMustSeeTeamIsOnEveryItinerary() throws {
        var request = Fixture.request("2026-06-01", "2026-06-03")
        request.mustSeeTeamIds = ["team_b"]
        let result = try Self.homestandAndAnAwayDay().plan(request)
        #expect(!result.itineraries.isEmpty)
        #expect(result.paths.allSatisfy { $0.contains("b2") })
        #expect(result.paths.first == ["a1", "b2", "a3"])
    }

    @Test func aMustSeeGameIsOnEveryItinerary() throws {
        var request = Fixture.request("2026-06-01", "2026-06-03", options: 5)
        request.mustSeeGameIds = ["a2"]
        let result = try Self.homestandAndAnAwayDay().plan(request)
        #expect(!result.itineraries.isEmpty)
        #expect(result.paths.allSatisfy { $0.contains("a2") })
    }

    @Test func homeGamesOnlyDropsTheTeamsAwayGames() throws {
        var request = Fixture.request("2026-06-01", "2026-06-03", options: 5)
        request.mustSeeTeamIds = ["team_y"]
        request.homeGamesOnlyTeamIds = ["team_y"]
        let result = try Self.homestandAndAnAwayDay().plan(request)
        // team_y only plays away here, so it cannot be seen at home.
        #expect(result.itineraries.isEmpty)
        #expect(result.infeasibility == .mustSeeTeamHasNoGames(teamId: "team_y"))
        #expect(result.statistics.gamesSkipped[.awayGameOfHomeOnlyTeam] == 2)
    }

    @Test func maxGamesCapsTheTrip() throws {
        var request = Fixture.request("2026-06-01", "2026-06-03")
        request.maxGames = 2
        let result = try Self.homestandAndAnAwayDay().plan(request)
        #expect(result.itineraries.allSatisfy { $0.totals.games <= 2 })
        #expect(result.paths.first == ["a1", "b2"])
    }

    @Test func distinctStadiumsOnlyNeverRepeatsAStadium() throws {
        var request = Fixture.request("2026-06-01", "2026-06-03", options: 10)
        request.distinctStadiumsOnly = true
        let result = try Self.homestandAndAnAwayDay().plan(request)
        #expect(!result.itineraries.isEmpty)
        #expect(result.itineraries.allSatisfy { $0.totals.distinctStadiums == $0.totals.games })
        #expect(result.paths.first?.count == 2)
    }

    /// A → B (a day game reached by a morning drive) → C (a night game the same day).
    static func morningDriveIntoADayGame(cBeyondB miles: Double) -> Fixture {
        var f = Fixture()
        f.stadium("a", milesNorth: 0)
        f.stadium("b", milesNorth: 240)
        f.stadium("c", milesNorth: 240 + miles)
        f.game("a1", at: "a", "2026-06-01 19:00")
        f.game("b2", at: "b", "2026-06-02 13:00")  // reached after 4 h of driving that morning
        f.game("c2", at: "c", "2026-06-02 20:00")
        return f
    }

    @Test func theDailyLimitCountsTheDriveBeforeADayGame() throws {
        // After b2 (leave 16:30) 2 h of the 6 h limit remain; 150 miles need 2.5 h. Counting
        // each leg on its own would have allowed it.
        let result = try Self.morningDriveIntoADayGame(cBeyondB: 150).plan(
            Fixture.request("2026-06-01", "2026-06-02", options: 5))
        #expect(!result.paths.contains(["a1", "b2", "c2"]))
        #expect(result.paths.first?.count == 2)
    }

    @Test func theSameDriveFitsWhenTheDayHasRoomForIt() throws {
        let result = try Self.morningDriveIntoADayGame(cBeyondB: 100).plan(
            Fixture.request("2026-06-01", "2026-06-02", options: 1))
        #expect(result.paths == [["a1", "b2", "c2"]])
        let legs = try #require(result.itineraries.first?.legs)
        #expect(legs[1].departure == Fixture.instant("2026-06-02 16:30", zone: "America/Chicago"))
        #expect(abs(legs[1].driveHours - 100.0 / 60) < 1e-9)
        #expect(legs[1].overnightStops.isEmpty)
    }
}
