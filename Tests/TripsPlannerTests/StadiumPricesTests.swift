import Foundation
import TestSupport
import Testing
import TripsModel

@testable import TripsPlanner

/// The priced bound on distinct stadiums (`StadiumPrices`): never below what a trip with the
/// most games really visits, and far below the stadium-change count when a trip can alternate.
@Suite struct StadiumPricesTests {
    static func prices(_ games: [RichGame], _ request: PlanRequest, ceiling: Int32, incumbent: Int32) -> (
        prices: StadiumPrices, changes: Int32
    ) {
        let candidates = CandidateSet(
            games: games, request: request, durations: { BruteForceTests.durations[$0] ?? 180 }, zones: Fixture.zones)
        let graph = FeasibilityGraph(candidates: candidates, request: request)
        let bounds = SuffixBounds(graph: graph, objective: .games)
        let prices = StadiumPrices(
            graph: graph, ceiling: ceiling, counts: PlanRun.counts(graph: graph, request: request),
            incumbent: incumbent)
        return (prices, bounds.root.stadiums)
    }

    /// Two parks ten miles apart with a game each every night, and one far park with one game:
    /// ten nights can change park ten times, but see only three.
    @Test func alternatingBetweenTwoParksCountsTwo() throws {
        var f = Fixture()
        f.stadium("a", milesNorth: 0)
        f.stadium("b", milesNorth: 10)
        f.stadium("c", milesNorth: 200)
        for day in 1...9 {
            f.game("a\(day)", at: "a", "2026-06-0\(day) 19:00")
            f.game("b\(day)", at: "b", "2026-06-0\(day) 19:05")
        }
        f.game("c5", at: "c", "2026-06-05 19:00")
        let request = Fixture.request("2026-06-01", "2026-06-09", options: 1)
        let result = try f.plan(request)
        #expect(result.isExhaustive)
        #expect(result.itineraries.first?.totals.games == 9)
        #expect(result.itineraries.first?.totals.distinctStadiums == 3)
        let (prices, changes) = Self.prices(f.games, request, ceiling: 9, incumbent: 2)
        #expect(changes >= 9)
        #expect(prices.root >= 3 - 1e-9)
        #expect(prices.root < 4)
    }

    /// On random small instances: the bound is at least the best stadiums of any trip with the
    /// most games, as the brute force counts them.
    @Test func neverBelowTheBruteForce() throws {
        var checked = 0
        var tighter = 0
        let seeds = TestSeed.cases(0..<150, short: 60)
        for seed in seeds {
            var instance = BruteForceTests.instance(seed: UInt64(7000 + seed))
            instance.request.objective = .games
            instance.request.maxGames = nil
            let reference = ReferencePlanner(
                request: instance.request, games: instance.games, durations: BruteForceTests.durations)
            guard let best = reference.rankedTrips().first, best.games > 0 else { continue }
            let (prices, changes) = Self.prices(
                instance.games, instance.request, ceiling: Int32(best.games), incumbent: 0)
            #expect(prices.root + 1e-6 >= Double(best.stadiums), "TRIPS_TEST_SEED=\(seed)")
            checked += 1
            if Int32((prices.root + 1e-6).rounded(.down)) < changes { tighter += 1 }
            // With no games target (the venues objective): at least the most venues of any trip.
            var venuesFirst = instance.request
            venuesFirst.objective = .stadiums
            let most =
                ReferencePlanner(request: venuesFirst, games: instance.games, durations: BruteForceTests.durations)
                .rankedTrips().first?.stadiums ?? 0
            let (anyGames, _) = Self.prices(instance.games, venuesFirst, ceiling: 1, incumbent: 0)
            #expect(anyGames.root + 1e-6 >= Double(most), "TRIPS_TEST_SEED=\(seed)")
        }
        #expect(checked >= TestSeed.scaled(75, of: 150, ran: seeds.count), "at least half the seeds have a trip")
        #expect(tighter >= TestSeed.scaled(1, of: 150, ran: seeds.count))
    }
}

/// The progress a long plan reports: expansions only grow, and what it says is proven is true.
@Suite struct PlanProgressTests {
    @Test func reportsGrowAndTheProvenMostGamesIsTheBruteForcesMost() throws {
        var reported = 0
        let seeds = TestSeed.cases(0..<40, short: 40)
        for seed in seeds {
            var instance = BruteForceTests.instance(seed: UInt64(9000 + seed))
            instance.request.objective = .games
            instance.request.maxGames = nil
            var reports: [PlanProgress] = []
            let run = PlanRun(
                request: instance.request, games: instance.games, durations: { BruteForceTests.durations[$0] ?? 180 },
                zones: Fixture.zones, progress: { reports.append($0) }, progressInterval: 2)
            guard
                let best = ReferencePlanner(
                    request: instance.request, games: instance.games, durations: BruteForceTests.durations
                ).rankedTrips().first
            else { continue }
            reported += reports.count
            #expect(
                zip(reports, reports.dropFirst()).allSatisfy { $0.expanded <= $1.expanded }, "TRIPS_TEST_SEED=\(seed)")
            for report in reports {
                if let most = report.mostGames { #expect(most == best.games, "TRIPS_TEST_SEED=\(seed)") }
            }
            #expect(reports.last?.best?.games == run.result.itineraries.first?.totals.games, "TRIPS_TEST_SEED=\(seed)")
        }
        #expect(reported >= TestSeed.scaled(40, of: 40, ran: seeds.count))
    }
}
