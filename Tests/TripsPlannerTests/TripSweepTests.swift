import Foundation
import TestSupport
import Testing
import TripsModel

@testable import TripsPlanner

/// The sweep that proves the most venues of trips with the most games (`TripSweep`): on random
/// small instances it agrees with the brute force, returns only trips the brute force accepts,
/// and the planner reports what it proved when its search is cut short.
@Suite struct TripSweepTests {
    struct Case {
        var instance: BruteForceTests.Instance
        var graph: FeasibilityGraph
        var bounds: SuffixBounds
        var trips: [ReferencePlanner.Trip]
        var ids: [String]

        var best: ReferencePlanner.Trip { trips[0] }

        func sweep() -> TripSweep {
            TripSweep(graph: graph, bounds: bounds, request: instance.request, ceiling: Int32(best.games))
        }

        /// The brute force's trip with these games, if it accepts them.
        func reference(_ path: [Int]) -> ReferencePlanner.Trip? {
            let games = path.map { ids[$0] }
            return trips.first { $0.ids == games }
        }
    }

    /// Instance `seed` under the games objective (no game limit, revisits allowed), with at
    /// least one trip.
    static func games(seed: UInt64) -> Case? {
        var instance = BruteForceTests.instance(seed: seed)
        instance.request.objective = .games
        instance.request.maxGames = nil
        instance.request.distinctStadiumsOnly = false
        let graph = TripImprovementTests.graph(instance.games, instance.request)
        guard graph.candidates.problem == nil else { return nil }
        let trips = ReferencePlanner(
            request: instance.request, games: instance.games, durations: BruteForceTests.durations
        ).rankedTrips()
        guard let best = trips.first, best.games > 0 else { return nil }
        return Case(
            instance: instance, graph: graph, bounds: SuffixBounds(graph: graph, objective: .games), trips: trips,
            ids: graph.candidates.games.map(\.game.id))
    }

    /// The sweep of `c` run with no trip to beat, and its trip; nil (recorded) when it finds none.
    static func fromScratch(_ c: Case, seed: UInt64) -> (TripSweep, ItinerarySearch.Found)? {
        var sweep = c.sweep()
        guard case .mostVenues(let found) = sweep.run(incumbent: .none) else {
            Issue.record("TRIPS_TEST_SEED=\(seed): no trip")
            return nil
        }
        return (sweep, found)
    }

    /// With no trip to beat, the sweep returns a trip the brute force accepts, with the most games
    /// and the brute force's most venues among them; given that trip's tally it proves nothing
    /// has more, and given one venue fewer it finds the most again.
    @Test func provesTheBruteForcesMostVenues() throws {
        var checked = 0
        let seeds = TestSeed.cases(UInt64(12_000)..<12_400, short: 100)
        for seed in seeds {
            guard let c = Self.games(seed: seed), let (_, found) = Self.fromScratch(c, seed: seed) else { continue }
            let trip = try #require(
                c.reference(found.path), "TRIPS_TEST_SEED=\(seed): not a trip the brute force accepts")
            #expect(trip.games == c.best.games, "TRIPS_TEST_SEED=\(seed)")
            #expect(trip.stadiums == c.best.stadiums, "TRIPS_TEST_SEED=\(seed)")
            #expect(
                Int(found.tally.stadiums) == trip.stadiums && Int(found.tally.games) == trip.games,
                "TRIPS_TEST_SEED=\(seed)")
            let top = Tally(games: Int32(c.best.games), stadiums: Int32(c.best.stadiums), milliMiles: 0)
            var again = c.sweep()
            if case .incumbentHasMostVenues = again.run(incumbent: top) {
            } else {
                Issue.record("TRIPS_TEST_SEED=\(seed): claims more venues than the brute force finds")
            }
            if c.best.stadiums > 1 {
                var below = top
                below.stadiums -= 1
                var third = c.sweep()
                guard case .mostVenues(let more) = third.run(incumbent: below) else {
                    Issue.record("TRIPS_TEST_SEED=\(seed): misses a trip with one venue more than the incumbent")
                    continue
                }
                #expect(Int(more.tally.stadiums) == c.best.stadiums, "TRIPS_TEST_SEED=\(seed)")
            }
            checked += 1
        }
        #expect(checked >= TestSeed.scaled(250, of: 400, ran: seeds.count), "checked \(checked)")
    }

    /// The exact sweep's miles floor is never above the fewest miles of the brute force's trips
    /// with the most games and venues, its trip never below the floor; given a trip with those
    /// games and venues over more miles to beat, it returns one of fewer miles when it finds one,
    /// and otherwise says the incumbent stands.
    @Test func boundsTheFewestMilesOfTheBestTrips() throws {
        var checked = 0
        var tight = 0
        var anyTight = 0
        let seeds = TestSeed.cases(UInt64(12_000)..<12_400, short: 100)
        for seed in seeds {
            guard let c = Self.games(seed: seed), let (sweep, found) = Self.fromScratch(c, seed: seed) else { continue }
            let floor = try #require(sweep.milesFloor, "TRIPS_TEST_SEED=\(seed): no floor")
            #expect(floor <= c.best.milliMiles, "TRIPS_TEST_SEED=\(seed): floor \(floor) above \(c.best.milliMiles)")
            #expect(found.tally.milliMiles >= floor, "TRIPS_TEST_SEED=\(seed)")
            if floor == c.best.milliMiles { tight += 1 }
            var costly = found.tally
            costly.milliMiles += 1_000_000
            var again = c.sweep()
            switch again.run(incumbent: costly) {
            case .mostVenues(let cheaper):
                #expect(cheaper.tally.milliMiles < costly.milliMiles, "TRIPS_TEST_SEED=\(seed)")
                #expect(c.reference(cheaper.path)?.stadiums == c.best.stadiums, "TRIPS_TEST_SEED=\(seed)")
            default: Issue.record("TRIPS_TEST_SEED=\(seed): keeps an incumbent of more miles than its own trip")
            }
            #expect((again.milesFloor ?? .max) <= c.best.milliMiles, "TRIPS_TEST_SEED=\(seed)")
            // Without venues, the floor bounds every trip with the most games.
            var anyVenues = TripSweep(
                graph: c.graph, bounds: c.bounds, request: c.instance.request, ceiling: Int32(c.best.games),
                countsVenues: false)
            _ = anyVenues.run(incumbent: .none)
            let fewest = c.trips.filter { $0.games == c.best.games }.map(\.milliMiles).min() ?? 0
            let anyFloor = try #require(anyVenues.milesFloor, "TRIPS_TEST_SEED=\(seed): no floor without venues")
            #expect(anyFloor <= fewest, "TRIPS_TEST_SEED=\(seed): floor \(anyFloor) above \(fewest)")
            if anyFloor == fewest { anyTight += 1 }
            checked += 1
        }
        #expect(checked >= TestSeed.scaled(250, of: 400, ran: seeds.count), "checked \(checked)")
        #expect(tight >= TestSeed.scaled(100, of: 400, ran: seeds.count), "tight \(tight)")
        #expect(anyTight >= TestSeed.scaled(100, of: 400, ran: seeds.count), "tight without venues \(anyTight)")
    }

    /// Kept to one partial trip per game, it still returns only trips the brute force accepts,
    /// with the most games, never claiming more venues than they have.
    @Test func aNarrowSweepReturnsRealTrips() throws {
        var found = 0
        let seeds = TestSeed.cases(UInt64(12_400)..<12_700, short: 80)
        for seed in seeds {
            guard let c = Self.games(seed: seed) else { continue }
            var sweep = c.sweep()
            guard case .mostVenues(let trip) = sweep.run(incumbent: .none, width: 1) else { continue }
            let reference = try #require(
                c.reference(trip.path), "TRIPS_TEST_SEED=\(seed): not a trip the brute force accepts")
            #expect(reference.games == c.best.games, "TRIPS_TEST_SEED=\(seed)")
            #expect(Int(trip.tally.stadiums) == reference.stadiums, "TRIPS_TEST_SEED=\(seed)")
            #expect(reference.stadiums <= c.best.stadiums, "TRIPS_TEST_SEED=\(seed)")
            found += 1
        }
        #expect(found >= TestSeed.scaled(150, of: 300, ran: seeds.count), "found \(found)")
    }

    /// A league of `stadiums` parks within a few hours of each other, each with a game on most of
    /// `days` days, at day or night times: many trips see the most games, with different venues.
    static func league(seed: UInt64, stadiums: Int, days: Int, spread: Double = 300) -> [RichGame] {
        var rng = SeededGenerator(seed: seed)
        var f = Fixture()
        for s in 0..<stadiums {
            f.stadium(
                "p\(s)", milesNorth: Double.random(in: -spread...spread, using: &rng),
                milesEast: Double.random(in: -spread...spread, using: &rng))
        }
        let first = Fixture.day("2026-06-01")
        for s in 0..<stadiums {
            for d in 0..<days where Int.random(in: 0..<2, using: &rng) > 0 {
                let time = ["12:05", "13:10", "18:40", "19:10"].randomElement(using: &rng)!
                f.game("p\(s)d\(d)", at: "p\(s)", "\(first.adding(days: d)) \(time)", away: "v\(s)")
            }
        }
        return f.games
    }

    /// A plan whose search is cut short (a limit too small for option 1, large enough to prove
    /// the most games first) reports the most venues of the trips with the most games as proven,
    /// and option 1 has them: as many as the same plan finds when its search runs to the end —
    /// also where the priced bound (`StadiumPrices`) allows more; its miles bound is never above
    /// that plan's option 1's miles.
    @Test func aCutShortPlanReportsTheMostVenuesItProved() throws {
        var compared = 0
        var pricedHigher = 0
        let seeds = TestSeed.cases(UInt64(14_000)..<14_030, short: 10)
        for seed in seeds {
            let games = Self.league(seed: seed, stadiums: 8, days: 8, spread: 200)
            var request = Fixture.request("2026-06-01", "2026-06-08", options: 1)
            request.searchLimit = 100_000_000
            let exact = try Fixture.planner.plan(request, games: games)
            try #require(exact.isExhaustive, "TRIPS_TEST_SEED=\(seed)")
            guard let best = exact.itineraries.first else { continue }
            for limit in [25, 50, 100, 200, 400, 800] {
                request.searchLimit = limit
                let result = try Fixture.planner.plan(request, games: games)
                guard !result.bestIsProven, result.mostGames != nil else { continue }
                let first = try #require(result.itineraries.first, "TRIPS_TEST_SEED=\(seed)")
                #expect(result.mostGames == best.totals.games, "TRIPS_TEST_SEED=\(seed)")
                #expect(first.totals.games == best.totals.games, "TRIPS_TEST_SEED=\(seed)")
                #expect(result.mostVenues == best.totals.distinctStadiums, "TRIPS_TEST_SEED=\(seed)")
                #expect(first.totals.distinctStadiums == best.totals.distinctStadiums, "TRIPS_TEST_SEED=\(seed)")
                // The exact plan's option 1 drives the fewest miles of those trips: never below the floor.
                let floor = try #require(result.milesBound, "TRIPS_TEST_SEED=\(seed): no miles bound")
                #expect(floor <= best.totals.miles + 0.5, "TRIPS_TEST_SEED=\(seed): \(floor) > \(best.totals.miles)")
                let (prices, _) = StadiumPricesTests.prices(
                    games, request, ceiling: Int32(best.totals.games), incumbent: Int32(best.totals.distinctStadiums))
                if StadiumPrices.venues(prices.root) > best.totals.distinctStadiums { pricedHigher += 1 }
                compared += 1
                break
            }
        }
        #expect(compared >= TestSeed.scaled(15, of: 30, ran: seeds.count), "compared \(compared)")
        #expect(pricedHigher >= TestSeed.scaled(3, of: 30, ran: seeds.count), "priced higher \(pricedHigher)")
    }
}
