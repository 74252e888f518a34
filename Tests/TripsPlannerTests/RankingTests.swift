import Testing
import TripsModel

@testable import TripsPlanner

/// The ranking: exact best itineraries by the objective, where greedy choices go wrong.
@Suite struct RankingTests {
    /// A 3-hour daily limit (180 miles at 60 mph) makes the geography bite.
    static func shortDays(_ request: PlanRequest) -> PlanRequest {
        var request = request
        request.driving.maxHoursPerDay = 3
        return request
    }

    @Test func takingTheEarliestNextGameIsNotBest() throws {
        var f = Fixture()
        f.stadium("a", milesNorth: 0)
        f.stadium("e", milesNorth: 170)
        f.stadium("n", milesNorth: 50)
        f.stadium("f", milesNorth: -120)
        f.game("s1", at: "a", "2026-06-01 19:00")
        f.game("e2", at: "e", "2026-06-02 18:00")  // earliest on day 2, but a dead end
        f.game("n2", at: "n", "2026-06-02 19:00")
        f.game("f3", at: "f", "2026-06-03 19:00")
        let result = try f.plan(Self.shortDays(Fixture.request("2026-06-01", "2026-06-03", options: 1)))
        #expect(result.paths == [["s1", "n2", "f3"]])
        #expect(result.isExhaustive)
    }

    @Test func takingTheNearestNextGameIsNotBest() throws {
        var f = Fixture()
        f.stadium("a", milesNorth: 0)
        f.stadium("m", milesNorth: 20)
        f.stadium("g", milesNorth: 150)
        f.stadium("h", milesNorth: 250)
        f.game("s1", at: "a", "2026-06-01 19:00")
        f.game("m2", at: "m", "2026-06-02 19:00")  // nearest, but 230 miles from day 3's only game
        f.game("g2", at: "g", "2026-06-02 19:00")
        f.game("h3", at: "h", "2026-06-03 19:00")
        let result = try f.plan(Self.shortDays(Fixture.request("2026-06-01", "2026-06-03", options: 1)))
        #expect(result.paths == [["s1", "g2", "h3"]])
    }

    /// A homestand at A on days 1–4; B (150 mi) on day 2; C (150 mi past B) on day 3, too far
    /// to get back to A for day 4.
    static func threeObjectives() -> Fixture {
        var f = Fixture()
        f.stadium("a", milesNorth: 0)
        f.stadium("b", milesNorth: 150)
        f.stadium("c", milesNorth: 300)
        for day in 1...4 { f.game("a\(day)", at: "a", "2026-06-0\(day) 19:00") }
        f.game("b2", at: "b", "2026-06-02 19:00")
        f.game("c3", at: "c", "2026-06-03 19:00")
        return f
    }

    @Test func mostGamesThenMostStadiumsIsTheDefault() throws {
        let result = try Self.threeObjectives().plan(
            Self.shortDays(Fixture.request("2026-06-01", "2026-06-04", options: 1)))
        #expect(result.paths == [["a1", "b2", "a3", "a4"]])
    }

    @Test func optimizingStadiumsTradesGamesForBallparks() throws {
        var request = Self.shortDays(Fixture.request("2026-06-01", "2026-06-04", options: 1))
        request.objective = .stadiums
        let result = try Self.threeObjectives().plan(request)
        #expect(result.paths == [["a1", "b2", "c3"]])
    }

    @Test func optimizingDrivingPrefersAHomestand() throws {
        var request = Self.shortDays(Fixture.request("2026-06-01", "2026-06-04", options: 1))
        request.objective = .driving
        let result = try Self.threeObjectives().plan(request)
        #expect(result.paths == [["a1", "a2", "a3", "a4"]])
        #expect(result.itineraries.first?.totals.miles == 0)
    }

    @Test func theBestKAreDistinctAndInRankOrder() throws {
        let result = try Self.threeObjectives().plan(
            Self.shortDays(Fixture.request("2026-06-01", "2026-06-04", options: 3)))
        #expect(result.paths == [["a1", "b2", "a3", "a4"], ["a1", "a2", "a3", "a4"], ["a1", "b2", "c3"]])
    }

    @Test func equalGamesAndStadiumsGoToTheShorterDrive() throws {
        var f = Fixture()
        f.stadium("a", milesNorth: 0)
        f.stadium("near", milesNorth: 40)
        f.stadium("far", milesNorth: -90)
        f.game("a1", at: "a", "2026-06-01 19:00")
        f.game("far2", at: "far", "2026-06-02 19:00")
        f.game("near2", at: "near", "2026-06-02 19:00")
        let result = try f.plan(Fixture.request("2026-06-01", "2026-06-02", options: 2))
        #expect(result.paths == [["a1", "near2"], ["a1", "far2"]])
        #expect(abs((result.itineraries.first?.totals.miles ?? 0) - 40) < 0.01)
    }

    @Test func aNewStadiumBeatsARevisitWithLessDriving() throws {
        var f = Fixture()
        f.stadium("a", milesNorth: 0)
        f.stadium("b", milesNorth: 30)
        f.stadium("c", milesNorth: 120)
        f.game("a1", at: "a", "2026-06-01 19:00")
        f.game("b2", at: "b", "2026-06-02 19:00")
        f.game("a3", at: "a", "2026-06-03 19:00")
        f.game("c3", at: "c", "2026-06-03 19:00")
        let result = try f.plan(Fixture.request("2026-06-01", "2026-06-03", options: 1))
        #expect(result.paths == [["a1", "b2", "c3"]])
        #expect(result.itineraries.first?.totals.distinctStadiums == 3)
    }
}
