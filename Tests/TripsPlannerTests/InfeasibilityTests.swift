import Foundation
import Testing
import TripsModel
import TripsPlanner

/// When nothing fits, the result names the tightest constraint in a typed value and in words.
@Suite struct InfeasibilityTests {
    static func twoCities() -> Fixture {
        var f = Fixture()
        f.stadium("a", milesNorth: 0)
        f.stadium("b", milesNorth: 462)
        f.game("a1", at: "a", "2026-06-01 19:00")
        // After a1 the fan sleeps in A; from 07:00, 7.7 h of driving reaches B at 14:42, in
        // time for b2 (15:00 with the buffer) — but only with a daily limit of 7.7 h.
        f.game("b2", at: "b", "2026-06-02 15:30")
        return f
    }

    @Test func noGamesInTheWindow() throws {
        var request = Fixture.request("2026-07-01", "2026-07-03")
        request.sports = ["mlb"]
        let result = try Self.twoCities().plan(request)
        #expect(result.itineraries.isEmpty)
        #expect(
            result.infeasibility
                == .noGames(from: Fixture.day("2026-07-01"), to: Fixture.day("2026-07-03"), sports: ["mlb"]))
        #expect(
            result.infeasibility?.description
                == "no trip fits: no MLB games are loaded between 2026-07-01 and 2026-07-03")
    }

    @Test func anUnknownMustSeeGame() throws {
        var request = Fixture.request("2026-06-01", "2026-06-02")
        request.mustSeeGameIds = ["game_nope"]
        #expect(try Self.twoCities().plan(request).infeasibility == .mustSeeGameNotFound(gameId: "game_nope"))
    }

    @Test func aMustSeeGameOutsideTheWindow() throws {
        var request = Fixture.request("2026-06-01", "2026-06-01")
        request.mustSeeGameIds = ["b2"]
        let result = try Self.twoCities().plan(request)
        #expect(result.infeasibility == .mustSeeGameUnavailable(gameId: "b2", reason: .outsideWindow))
        #expect(result.infeasibility?.description == "no trip fits: the must-see game b2 is outside the trip's dates")
    }

    @Test func aMustSeeTeamWithoutGames() throws {
        var request = Fixture.request("2026-06-01", "2026-06-02")
        request.mustSeeTeamIds = ["team_zzz"]
        #expect(try Self.twoCities().plan(request).infeasibility == .mustSeeTeamHasNoGames(teamId: "team_zzz"))
    }

    @Test func twoMustSeeGamesAtTheSameTimeInDifferentStadiums() throws {
        var f = Fixture()
        f.stadium("a", milesNorth: 0)
        f.stadium("b", milesNorth: 10)
        f.game("a1", at: "a", "2026-06-01 12:00")
        f.game("b1", at: "b", "2026-06-01 14:00")
        var request = Fixture.request("2026-06-01", "2026-06-01")
        request.mustSeeGameIds = ["b1", "a1"]
        #expect(try f.plan(request).infeasibility == .mustSeeGamesClash(firstGameId: "a1", secondGameId: "b1"))
    }

    @Test func theDailyDrivingLimitIsNamedWithTheHoursNeeded() throws {
        var request = Fixture.request("2026-06-01", "2026-06-02")
        request.mustSeeGameIds = ["a1", "b2"]
        let result = try Self.twoCities().plan(request)
        guard case .dailyDrivingLimit(let from, let to, let needed, let limit, let fromStart)? = result.infeasibility
        else {
            Issue.record("expected the daily limit, got \(String(describing: result.infeasibility))")
            return
        }
        #expect(from == "A" && to == "B" && !fromStart && limit == 6)
        #expect(abs(needed - 7.7) < 0.051)
        #expect(
            result.infeasibility?.description
                == "no trip fits: the closest pair of games needs 7.7 h of driving in a day (A → B); your limit is 6 h")
    }

    /// Issue 29: with night driving the limit counts everything since the last 8-hour rest, so
    /// a pair of games that plans fine alone can break it with the drive before still counting:
    /// the diagnosis names that drive, not "the closest pair needs 13 h in a day".
    @Test func aLimitBrokenByDrivingCarriedFromTheLegBeforeSaysSo() throws {
        var f = Fixture()
        f.stadium("a", milesNorth: 0)
        f.stadium("b", milesNorth: 480)
        f.stadium("c", milesNorth: 780)
        f.game("a1", at: "a", "2026-06-01 08:00")
        f.game("b1", at: "b", "2026-06-01 20:00")  // 8 h away: leave 11:30, arrive 19:30
        f.game("c2", at: "c", "2026-06-02 05:00")  // 5 h more from 23:30, 4 h after the last drive
        var request = Fixture.request("2026-06-01", "2026-06-02")
        request.mustSeeGameIds = ["a1", "b1", "c2"]
        request.driving.allowsOvernightDriving = true
        request.driving.maxHoursPerDay = 10
        let result = try f.plan(request)
        guard
            case .carriedDrivingLimit(let from, let to, let needed, let carried, let before, let limit, let night)? =
                result.infeasibility
        else {
            Issue.record("expected the carried limit, got \(String(describing: result.infeasibility))")
            return
        }
        #expect(from == "B" && to == "C" && before == "A" && limit == 10 && night)
        #expect(abs(needed - 13) < 0.051 && abs(carried - 8) < 0.01)
        #expect(
            result.infeasibility?.description
                == "no trip fits: the drive B → C comes with no 8-hour rest since leaving A: 13 h at the wheel, "
                + "8 h of it before B; your limit is 10 h")
        // The pair alone fits the limit.
        request.mustSeeGameIds = ["b1", "c2"]
        #expect(try f.plan(request).paths.first == ["b1", "c2"])
    }

    @Test func theSameTripFitsOnceTheLimitAllowsIt() throws {
        var request = Fixture.request("2026-06-01", "2026-06-02")
        request.mustSeeGameIds = ["a1", "b2"]
        request.driving.maxHoursPerDay = 7.75
        #expect(try Self.twoCities().plan(request).paths == [["a1", "b2"]])
    }

    @Test func aTripThatOnlyFitsByDrivingThroughTheNight() throws {
        var f = Fixture()
        f.stadium("a", milesNorth: 0)
        f.stadium("b", milesNorth: 400)
        f.game("a1", at: "a", "2026-06-01 19:00")
        f.game("b2", at: "b", "2026-06-02 09:00")  // 6.7 h away: only 2 h of day before it
        var request = Fixture.request("2026-06-01", "2026-06-02")
        request.mustSeeGameIds = ["a1", "b2"]
        #expect(try f.plan(request).infeasibility == .needsOvernightDriving)
        request.driving.allowsOvernightDriving = true
        request.driving.maxHoursPerDay = 8
        #expect(try f.plan(request).paths == [["a1", "b2"]])
    }

    @Test func aStartPlaceTooFarFromEveryGame() throws {
        var f = Fixture()
        f.stadium("far", milesNorth: 400)
        f.game("x", at: "far", "2026-06-01 19:00")
        var request = Fixture.request("2026-06-01", "2026-06-01")
        request.start = f.place("Home", milesNorth: 0)
        let result = try f.plan(request)
        guard case .dailyDrivingLimit(let from, _, let needed, _, let fromStart)? = result.infeasibility else {
            Issue.record("expected the daily limit, got \(String(describing: result.infeasibility))")
            return
        }
        #expect(from == "Home" && fromStart)
        #expect(abs(needed - 400.0 / 60) < 0.01)
        #expect(
            result.infeasibility?.description.hasPrefix("no trip fits: the first drive needs 6.7 h of driving") == true)
    }

    @Test func aStartPlaceBeyondAnyDaysDriving() throws {
        var f = Fixture()
        f.stadium("far", milesNorth: 2000)
        f.game("x", at: "far", "2026-06-01 13:00")
        var request = Fixture.request("2026-06-01", "2026-06-01")
        request.start = f.place("Home", milesNorth: 0)
        request.driving.allowsOvernightDriving = true
        #expect(try f.plan(request).infeasibility == .unreachableFromStart(place: "Home"))
    }

    @Test func theGameLimitBelowTheMustSees() throws {
        var request = Fixture.request("2026-06-01", "2026-06-03")
        request.mustSeeGameIds = ["a1", "a3"]
        request.maxGames = 1
        #expect(try ConstraintTests.homestandAndAnAwayDay().plan(request).infeasibility == .maxGamesTooLow(limit: 1))
    }

    @Test func aSearchLimitThatStopsEverythingSaysSo() throws {
        var request = Fixture.request("2026-06-01", "2026-06-03")
        request.searchLimit = 1
        let result = try ConstraintTests.homestandAndAnAwayDay().plan(request)
        #expect(!result.isExhaustive)
        #expect(result.itineraries.isEmpty)
        #expect(result.infeasibility == .searchLimitReached(limit: 1))
    }

    @Test func aSearchLimitThatStopsLateKeepsWhatItFound() throws {
        var request = Fixture.request("2026-06-01", "2026-06-03", options: 10)
        request.searchLimit = 4
        let result = try ConstraintTests.homestandAndAnAwayDay().plan(request)
        #expect(!result.isExhaustive)
        #expect(!result.itineraries.isEmpty)
        #expect(result.infeasibility == nil)
    }
}
