import Foundation
import TestSupport
import Testing
import TripsModel

@testable import TripsPlanner

/// The fan's own road times (`PlanRequest.roadTimes`, `--drive-times`): the listed pairs are
/// driven as given — under the same daily limit, night and overnight rules — and the rest are
/// estimated; planner and tours agree with brute force when the times break the triangle
/// inequality and differ by direction.
@Suite struct RoadTimesTests {
    /// Stadiums a (0) and b (100 miles north): the model drives it in 100 min at 60 mph.
    static func pair() -> Fixture {
        var f = Fixture()
        f.stadium("a", milesNorth: 0)
        f.stadium("b", milesNorth: 100)
        return f
    }

    static func times(_ entries: [(String, String, Double, Double)]) -> RoadTimes {
        var times = RoadTimes(source: "fixture.csv")
        for (from, to, miles, minutes) in entries {
            times.set(RoadTimes.Road(miles: miles, minutes: minutes), from: from, to: to)
        }
        return times
    }

    @Test func aSlowerRoadTimeRulesOutWhatTheModelAllows() throws {
        var f = Self.pair()
        // g1 ends 15:00, leave 15:30; 100 min gets there 17:10, in time for 19:00; 240 min does not.
        f.game("g1", at: "a", "2026-06-01 12:00")
        f.game("g2", at: "b", "2026-06-01 19:00")
        var request = Fixture.request("2026-06-01", "2026-06-01", options: 1)
        #expect(try f.plan(request).paths == [["g1", "g2"]])
        request.roadTimes = Self.times([("a", "b", 130, 240)])
        let result = try f.plan(request)
        #expect(result.itineraries.first?.gameIds.count == 1)
    }

    @Test func aFasterRoadTimeAllowsWhatTheModelRulesOut() throws {
        var f = Fixture()
        f.stadium("a", milesNorth: 0)
        f.stadium("b", milesNorth: 400)
        f.game("g1", at: "a", "2026-06-01 12:00")
        f.game("g2", at: "b", "2026-06-01 21:00")
        var request = Fixture.request("2026-06-01", "2026-06-01", options: 1)
        // 400 min is more than the 6 h a day: not tonight.
        #expect(try f.plan(request).itineraries.first?.gameIds.count == 1)
        request.roadTimes = Self.times([("a", "b", 300, 200)])
        let itinerary = try #require(try f.plan(request).itineraries.first)
        #expect(itinerary.gameIds == ["g1", "g2"])
        let leg = try #require(itinerary.legs.first)
        #expect(leg.miles == 300)
        #expect(abs(leg.driveHours - 200.0 / 60) < 1e-9)
        #expect(leg.usesRoadTimes)
        #expect(leg.arrival == Fixture.instant("2026-06-01 18:50", zone: "America/Chicago"))
        #expect(itinerary.totals.miles == 300)
    }

    @Test func eachDirectionKeepsItsOwnTime() throws {
        let times = Self.times([("a", "b", 100, 60), ("b", "a", 100, 300)])
        // a → b in 60 min fits before a 19:00 game; b → a in 300 min does not (the model's 100 would).
        for (first, second, fits) in [("a", "b", true), ("b", "a", false)] {
            var f = Self.pair()
            f.game("g1", at: first, "2026-06-01 12:00")
            f.game("g2", at: second, "2026-06-01 19:00")
            var request = Fixture.request("2026-06-01", "2026-06-01", options: 1)
            request.roadTimes = times
            let itinerary = try #require(try f.plan(request).itineraries.first)
            #expect(itinerary.gameIds.count == (fits ? 2 : 1), "\(first) → \(second)")
            if fits { #expect(itinerary.legs.first?.driveHours == 1) }
        }
    }

    @Test func aPairListedOneWayIsUsedBothWays() throws {
        var f = Self.pair()
        f.game("g1", at: "b", "2026-06-01 12:00")
        f.game("g2", at: "a", "2026-06-02 19:00")
        var request = Fixture.request("2026-06-01", "2026-06-02", options: 1)
        request.roadTimes = Self.times([("a", "b", 150, 240)])
        let leg = try #require(try f.plan(request).itineraries.first?.legs.first)
        #expect(leg.miles == 150)
        #expect(leg.driveHours == 4)
        #expect(leg.usesRoadTimes)
    }

    @Test func theDailyLimitSplitsALongGivenDriveOvernight() throws {
        var f = Self.pair()
        f.game("g1", at: "a", "2026-06-01 12:00")
        f.game("g2", at: "b", "2026-06-03 19:00")
        var request = Fixture.request("2026-06-01", "2026-06-03", options: 1)
        request.roadTimes = Self.times([("a", "b", 500, 600)])
        let itinerary = try #require(try f.plan(request).itineraries.first)
        #expect(itinerary.gameIds == ["g1", "g2"])
        let leg = try #require(itinerary.legs.first)
        // 10 h at 6 h a day: not tonight; 5 h a day from 09:00 on Jun 2 and 3 (shared evenly).
        #expect(leg.driveHours == 10)
        #expect(leg.departure == Fixture.instant("2026-06-02 09:00", zone: "America/Chicago"))
        #expect(leg.overnightStops.count == 1)
        #expect(leg.overnightStops.first?.stopAt == Fixture.instant("2026-06-02 14:00", zone: "America/Chicago"))
        #expect(leg.overnightStops.first.map { abs($0.milesDriven - 250) < 1e-6 } == true)
        #expect(leg.arrival == Fixture.instant("2026-06-03 14:00", zone: "America/Chicago"))
    }

    @Test func drivesFromTheStartPlaceAreEstimated() throws {
        var f = Self.pair()
        f.game("g1", at: "a", "2026-06-01 12:00")
        f.game("g2", at: "b", "2026-06-02 19:00")
        var request = Fixture.request("2026-06-01", "2026-06-02", options: 1)
        request.start = f.place("home", milesNorth: -50)
        request.roadTimes = Self.times([("a", "b", 150, 120)])
        let legs = try #require(try f.plan(request).itineraries.first?.legs)
        #expect(legs.map(\.usesRoadTimes) == [false, true])
        #expect(abs(legs[0].miles - 50) < 1e-6)
    }

    @Test func negativeOrZeroTimesAreInvalid() throws {
        var f = Self.pair()
        f.game("g1", at: "a", "2026-06-01 12:00")
        var request = Fixture.request("2026-06-01", "2026-06-01")
        request.roadTimes = Self.times([("a", "b", 10, 0)])
        #expect(throws: PlanRequestError.self) { try f.plan(request) }
    }

    /// A slow listed road from a to c (a lake in the way) is beaten by going through b: the tour's
    /// bounds must not assume a single leg is the soonest way to c.
    @Test func aTourBoundAllowsADetourFasterThanTheListedRoad() throws {
        var f = Self.pair()
        f.stadium("c", milesNorth: 200)
        f.game("ga", at: "a", "2026-06-01 12:00", away: "team_t")
        f.game("gb", at: "b", "2026-06-01 19:00", away: "team_t")
        f.game("gc", at: "c", "2026-06-02 19:00", away: "team_t")
        var request = TourRequest(
            kind: .opponents(teamId: "team_t"), season: "2026", sports: ["mlb"], objective: .days,
            driving: Fixture.simpleDriving)
        request.roadTimes = Self.times([("a", "c", 900, 3000)])
        let result = try Fixture.planner.tour(request, games: f.games) { 0 }
        #expect(result.itinerary?.gameIds == ["ga", "gb", "gc"])
        #expect(result.proof.optimal)
        #expect(result.itinerary?.legs.map(\.usesRoadTimes) == [false, false])
    }

    /// Random road times over an instance's stadiums: most pairs listed, some one way only,
    /// miles and minutes drawn independently (asymmetric, and often shorter by a detour).
    static func randomTimes(stadiums: [String], seed: UInt64) -> RoadTimes {
        var rng = SeededGenerator(seed: seed)
        var times = RoadTimes(source: "random")
        for a in stadiums {
            for b in stadiums where a != b && Int.random(in: 0..<10, using: &rng) < 6 {
                times.set(
                    RoadTimes.Road(
                        miles: Double.random(in: 10...500, using: &rng),
                        minutes: Double.random(in: 10...700, using: &rng)),
                    from: a, to: b)
            }
        }
        return times
    }

    @Test(arguments: TestSeed.cases(0..<300, short: 60))
    func plannerMatchesBruteForceWithRoadTimes(seed: Int) throws {
        var instance = BruteForceTests.instance(seed: UInt64(7_000 + seed))
        let stadiums = Set(instance.games.map(\.stadium.id)).sorted()
        instance.request.roadTimes = Self.randomTimes(stadiums: stadiums, seed: UInt64(seed))
        let result = try TripPlanner(gameDurationMinutes: BruteForceTests.durations, zones: Fixture.zones).plan(
            instance.request, games: instance.games)
        let reference = ReferencePlanner(
            request: instance.request, games: instance.games, durations: BruteForceTests.durations)
        let ranked = reference.rankedTrips()
        let expected = Array(ranked.prefix(instance.request.options))
        let valid = Set(ranked.map(\.ids))
        #expect(result.isExhaustive)
        #expect(result.itineraries.count == expected.count, "TRIPS_TEST_SEED=\(seed)")
        for (itinerary, trip) in zip(result.itineraries, expected) {
            #expect(itinerary.totals.games == trip.games, "TRIPS_TEST_SEED=\(seed)")
            #expect(itinerary.totals.distinctStadiums == trip.stadiums, "TRIPS_TEST_SEED=\(seed)")
            #expect(abs(itinerary.totals.miles - trip.miles) < 0.01, "TRIPS_TEST_SEED=\(seed)")
            #expect(valid.contains(itinerary.gameIds), "TRIPS_TEST_SEED=\(seed): an itinerary the rules rule out")
        }
    }

    @Test(arguments: TestSeed.cases(0..<200, short: 50))
    func toursMatchBruteForceWithRoadTimes(seed: Int) throws {
        var instance = TourTests.instance(seed: UInt64(9_000 + seed))
        let stadiums = Set(instance.games.map(\.stadium.id)).sorted()
        instance.request.roadTimes = Self.randomTimes(stadiums: stadiums, seed: UInt64(100 + seed))
        let result = try TourTests.planner.tour(instance.request, games: instance.games) { 0 }
        let reference = TourReference(
            request: instance.request, games: instance.games, durations: BruteForceTests.durations)
        let best = reference.best()
        guard let optimum = best.cost else {
            #expect(result.itinerary == nil, "TRIPS_TEST_SEED=\(seed): the planner found a tour brute force rules out")
            return
        }
        let itinerary = try #require(result.itinerary, "TRIPS_TEST_SEED=\(seed): brute force found \(best.valid) tours")
        let found = try #require(
            reference.cost(ofGameIds: itinerary.gameIds), "TRIPS_TEST_SEED=\(seed): the planner's tour breaks a rule")
        #expect(found == optimum, "TRIPS_TEST_SEED=\(seed): \(found) vs the optimum \(optimum)")
        #expect(result.proof.optimal)
        #expect(result.proof.value == optimum.value(for: instance.request.objective))
    }
}
