import Foundation
import TestSupport
import Testing
import TripsModel

@testable import TripsPlanner

/// The local-improvement pass (`TripImprovement`): its check of a trip agrees with the brute
/// force on every trip, and what it returns is a real trip, as many games, never ranked lower.
@Suite struct TripImprovementTests {
    static func graph(_ games: [RichGame], _ request: PlanRequest) -> FeasibilityGraph {
        let candidates = CandidateSet(
            games: games, request: request, durations: { BruteForceTests.durations[$0] ?? 180 }, zones: Fixture.zones)
        return FeasibilityGraph(candidates: candidates, request: request)
    }

    static func improvement(_ graph: FeasibilityGraph, _ request: PlanRequest) -> TripImprovement {
        TripImprovement(graph: graph, request: request, ranking: Ranking(objective: request.objective))
    }

    /// Every node sequence in time order of up to four games: the check accepts exactly the trips
    /// the brute force accepts, with the brute force's games, venues and miles.
    @Test func theCheckAcceptsExactlyTheBruteForcesTrips() throws {
        var accepted = 0
        let seeds = TestSeed.cases(0..<120, short: 40)
        for seed in seeds {
            let instance = BruteForceTests.instance(seed: UInt64(9000 + seed))
            let graph = Self.graph(instance.games, instance.request)
            guard graph.candidates.problem == nil else { continue }
            let trips = ReferencePlanner(
                request: instance.request, games: instance.games, durations: BruteForceTests.durations
            ).rankedTrips()
            let byIds = Dictionary(trips.map { ($0.ids, $0) }) { a, _ in a }
            let improvement = Self.improvement(graph, instance.request)
            let ids = graph.candidates.games.map(\.game.id)
            var steps: [TripImprovement.Step] = []
            func check(_ path: [Int]) {
                let tally = improvement.tally(of: path, steps: &steps)
                let reference = byIds[path.map { ids[$0] }]
                #expect((tally != nil) == (reference != nil), "TRIPS_TEST_SEED=\(seed) path \(path)")
                guard let tally, let reference else { return }
                accepted += 1
                #expect(Int(tally.games) == reference.games, "TRIPS_TEST_SEED=\(seed)")
                #expect(Int(tally.stadiums) == reference.stadiums, "TRIPS_TEST_SEED=\(seed)")
                #expect(abs(Double(tally.milliMiles) / 1000 - reference.miles) < 0.01, "TRIPS_TEST_SEED=\(seed)")
            }
            /// Every increasing sequence of node indexes, up to four long.
            func extend(_ path: [Int]) {
                if !path.isEmpty { check(path) }
                guard path.count < 4 else { return }
                for k in (path.last.map { $0 + 1 } ?? 0)..<graph.nodeCount { extend(path + [k]) }
            }
            extend([])
        }
        #expect(accepted >= TestSeed.scaled(500, of: 120, ran: seeds.count), "accepted \(accepted)")
    }

    /// Runs the pass on random instance `seed` under `objective`, from the trip `pick` chooses
    /// among all the brute force accepts (best first): that trip and the one the pass returns,
    /// which must be one the brute force accepts too.
    static func improved(
        seed: UInt64, objective: PlanObjective, pick: ([ReferencePlanner.Trip]) -> ReferencePlanner.Trip?
    ) throws -> (start: ReferencePlanner.Trip, trip: ReferencePlanner.Trip)? {
        var instance = BruteForceTests.instance(seed: seed)
        instance.request.objective = objective
        let graph = Self.graph(instance.games, instance.request)
        guard graph.candidates.problem == nil else { return nil }
        let trips = ReferencePlanner(
            request: instance.request, games: instance.games, durations: BruteForceTests.durations
        ).rankedTrips()
        guard let start = pick(trips) else { return nil }
        let node = Dictionary(uniqueKeysWithValues: graph.candidates.games.enumerated().map { ($1.game.id, $0) })
        var improvement = Self.improvement(graph, instance.request)
        let improved = improvement.improve(start.ids.map { node[$0]! }, budget: 100_000, effort: .thorough)
        let result = try #require(improved, "TRIPS_TEST_SEED=\(seed)")
        let valid = Dictionary(trips.map { ($0.ids, $0) }) { a, _ in a }
        let ids = result.path.map { graph.candidates.games[$0].game.id }
        let trip = try #require(valid[ids], "TRIPS_TEST_SEED=\(seed): not a trip the brute force accepts")
        return (start, trip)
    }

    /// From the worst trip with the most games (by the objective), the pass returns a trip the
    /// brute force accepts, with as many games, ranked no lower; and on many instances, higher.
    @Test func improvesWithoutLosingGamesOrBreakingARule() throws {
        var better = 0
        let seeds = TestSeed.cases(UInt64(9500)..<9700, short: 60)
        for seed in seeds {
            let pair = try Self.improved(seed: seed, objective: .games) { trips in
                trips.first.flatMap { most in trips.last { $0.games == most.games } }
            }
            guard let (worst, trip) = pair else { continue }
            #expect(trip.games == worst.games, "TRIPS_TEST_SEED=\(seed)")
            #expect(trip.stadiums >= worst.stadiums, "TRIPS_TEST_SEED=\(seed)")
            #expect(trip.stadiums > worst.stadiums || trip.milliMiles <= worst.milliMiles, "TRIPS_TEST_SEED=\(seed)")
            if trip.stadiums > worst.stadiums { better += 1 }
        }
        #expect(better >= TestSeed.scaled(10, of: 200, ran: seeds.count), "improved \(better)")
    }

    /// Venues first, a stretch may trade games for venues: from any trip, the pass returns one
    /// the brute force accepts, ranked no lower; on many instances, with more venues.
    @Test func venuesFirstMayTradeGamesForVenues() throws {
        var better = 0
        var fewerGames = 0
        let seeds = TestSeed.cases(UInt64(9800)..<10_000, short: 60)
        for seed in seeds {
            let pair = try Self.improved(seed: seed, objective: .stadiums) { trips in
                trips.last { $0.games >= 3 }
            }
            guard let (start, trip) = pair else { continue }
            #expect(trip.stadiums >= start.stadiums, "TRIPS_TEST_SEED=\(seed)")
            if trip.stadiums > start.stadiums { better += 1 }
            if trip.stadiums > start.stadiums && trip.games < start.games { fewerGames += 1 }
        }
        #expect(better >= TestSeed.scaled(10, of: 200, ran: seeds.count), "improved \(better)")
        #expect(fewerGames >= TestSeed.scaled(1, of: 200, ran: seeds.count), "traded games for venues \(fewerGames)")
    }

    /// Three parks ten miles apart, a game in each every night: a trip that stays in one park all
    /// week is re-planned to see all three, still one game a night.
    @Test func aWeekInOneParkBecomesAWeekInThree() throws {
        var f = Fixture()
        for (index, park) in ["a", "b", "c"].enumerated() { f.stadium(park, milesNorth: Double(index) * 10) }
        for day in 1...7 {
            for park in ["a", "b", "c"] { f.game("\(park)\(day)", at: park, "2026-06-0\(day) 19:00") }
        }
        let request = Fixture.request("2026-06-01", "2026-06-07", options: 1)
        let graph = Self.graph(f.games, request)
        let node = Dictionary(uniqueKeysWithValues: graph.candidates.games.enumerated().map { ($1.game.id, $0) })
        var improvement = Self.improvement(graph, request)
        let stay = (1...7).map { node["a\($0)"]! }
        var steps: [TripImprovement.Step] = []
        let before = try #require(improvement.tally(of: stay, steps: &steps))
        #expect(before.stadiums == 1)
        let improved = improvement.improve(stay, budget: 100_000, effort: .thorough)
        let after = try #require(improved)
        #expect(after.tally.games == 7)
        #expect(after.tally.stadiums == 3)
    }
}
