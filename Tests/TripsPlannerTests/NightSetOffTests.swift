import Foundation
import Testing
import TripsModel

@testable import TripsPlanner

/// With night driving, a trip sets off before 07:00 only where that buys something over the best
/// trip that sets off by day, and the plan says what (issue 29: a night drive only where it buys
/// a game, a venue or a day; option 1's measures never change for comfort).
@Suite struct NightSetOffTests {
    /// 60 mph, 6 h between 8-hour rests, night driving: `Fixture.simpleDriving`.
    static func request(options: Int = 1) -> (Fixture, PlanRequest) {
        let f = Fixture()
        var request = Fixture.request("2026-06-01", "2026-06-02", options: options)
        request.driving.allowsOvernightDriving = true
        request.start = f.place("home", milesNorth: 0)
        return (f, request)
    }

    /// The local hour (Chicago) option 1 sets off.
    static func setOffHour(_ result: PlanResult) throws -> Int {
        let departure = try #require(result.itineraries.first?.legs.first?.departure)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "America/Chicago")!
        return calendar.component(.hour, from: departure)
    }

    /// The plan's first run alone, before the night start is weighed.
    static func firstRun(_ f: Fixture, _ request: PlanRequest) -> PlanResult {
        PlanRun(request: request, games: f.games, durations: { _ in 180 }, zones: Fixture.zones).result
    }

    @Test func aNightStartThatBuysAGameIsKeptAndSaysWhatItBuys() throws {
        var (f, request) = Self.request()
        f.stadium("far", milesNorth: 600)  // 10 h: 6 h, an 8-hour rest, 4 h — 18 h door to door
        f.game("far1", at: "far", "2026-06-01 19:30")
        f.game("far2", at: "far", "2026-06-02 19:30")
        let result = try f.plan(request)
        #expect(result.paths == [["far1", "far2"]])
        #expect(try Self.setOffHour(result) < 5)
        let choice = try #require(result.nightSetOff)
        #expect(choice.isKept)
        #expect(choice.atNight.totals.games == 2 && choice.byDay?.totals.games == 1)
        // Without night driving there is nothing to weigh.
        request.driving.allowsOvernightDriving = false
        #expect(try f.plan(request).nightSetOff == nil)
    }

    /// Miles alone never justify a night start (issue 40 item 5): the trip by day is option 1
    /// though it drives 30 miles more, the night start option 2, and the saving is named.
    @Test func aNightStartThatOnlySavesMilesIsDeclinedAndNamesTheSaving() throws {
        var (f, request) = Self.request(options: 2)
        f.stadium("north", milesNorth: 300)  // 5 h: a 10:30 arrival sets off at 05:30
        f.stadium("south", milesNorth: -330)
        f.game("n1", at: "north", "2026-06-01 11:00")
        f.game("s1", at: "south", "2026-06-01 19:00")
        let result = try f.plan(request)
        #expect(result.paths == [["s1"], ["n1"]])
        #expect(try Self.setOffHour(result) >= 7)
        let choice = try #require(result.nightSetOff)
        #expect(!choice.isKept)
        #expect(abs(choice.atNight.totals.miles - 300) < 1 && abs((choice.byDay?.totals.miles ?? 0) - 330) < 1)
        #expect(abs((choice.milesSavedAtNight ?? 0) - 30) < 1)
    }

    @Test func aTieSetsOffByDayAndKeepsTheSameOptions() throws {
        var (f, request) = Self.request(options: 2)
        f.stadium("north", milesNorth: 360)  // 6 h each way: north sets off at 05:30, south by day
        f.stadium("south", milesNorth: -360)
        f.game("n1", at: "north", "2026-06-01 12:00")
        f.game("s1", at: "south", "2026-06-01 19:00")
        let raw = Self.firstRun(f, request)
        try #require(raw.paths == [["n1"], ["s1"]], "the search ranks the night start first on the tie")
        let result = try f.plan(request)
        #expect(result.paths == [["s1"], ["n1"]])
        #expect(try Self.setOffHour(result) >= 7)
        let choice = try #require(result.nightSetOff)
        #expect(!choice.isKept)
        #expect(result.itineraries.map(\.totals) == raw.itineraries.reversed().map(\.totals))
    }
}
