import Foundation
import TestSupport
import Testing
import TripsModel

@testable import TripsPlanner

/// The whole-tour days bound and the order search (`TourDaysBound`, `TourOrderSearch`) against
/// brute force (`TourReference`) on `TourTests`' random instances, with the quick exact search
/// switched off so that every days tour goes through them.
@Suite struct TourDaysBoundTests {
    static func daysInstance(seed: Int) -> TourTests.Instance {
        var instance = TourTests.instance(seed: UInt64(20_000 + seed))
        instance.request.objective = .days
        instance.request.quickExpansions = 0
        return instance
    }

    /// The bound never exceeds the optimum, the tour is still the optimum and keeps every
    /// rule, and the bound meets the optimum on most instances (it is no bound otherwise).
    @Test func boundsTheOptimumAndTheTourIsStillBest() throws {
        var tight = 0
        var bounded = 0
        let seeds = TestSeed.cases(0..<200, short: 50)
        for seed in seeds {
            let instance = Self.daysInstance(seed: seed)
            let result = try TourTests.planner.tour(instance.request, games: instance.games) { 0 }
            let reference = TourReference(
                request: instance.request, games: instance.games, durations: BruteForceTests.durations)
            guard let optimum = reference.best().cost else {
                #expect(result.itinerary == nil, "TRIPS_TEST_SEED=\(seed)")
                continue
            }
            let itinerary = try #require(result.itinerary, "TRIPS_TEST_SEED=\(seed)")
            let found = try #require(reference.cost(ofGameIds: itinerary.gameIds), "TRIPS_TEST_SEED=\(seed)")
            #expect(found == optimum, "TRIPS_TEST_SEED=\(seed): \(found) vs the optimum \(optimum)")
            #expect(result.proof.optimal, "TRIPS_TEST_SEED=\(seed)")
            guard let bound = result.statistics.daysBound else { continue }
            bounded += 1
            #expect(Int64(bound) <= optimum.days, "TRIPS_TEST_SEED=\(seed): bound \(bound) above \(optimum.days)")
            if Int64(bound) == optimum.days { tight += 1 }
        }
        #expect(bounded >= TestSeed.scaled(40, of: 200, ran: seeds.count), "only \(bounded) tours were bounded")
        #expect(tight * 2 >= bounded, "the bound met the optimum on \(tight) of \(bounded) tours")
    }

    /// Cut short at any moment — in the bound, the order search or the exact search after
    /// them — the tour keeps every rule and the bound stays at or under the optimum.
    @Test(arguments: TestSeed.cases(0..<60, short: 20))
    func boundsHoldWhenTimeRunsOut(seed: Int) throws {
        var instance = Self.daysInstance(seed: 1_000 + seed)
        instance.request.timeLimitSeconds = Double(seed % 7 + 1)
        let readings = Counter()
        let result = try TourTests.planner.tour(instance.request, games: instance.games) {
            Double(readings.next()) / 2
        }
        let reference = TourReference(
            request: instance.request, games: instance.games, durations: BruteForceTests.durations)
        guard let optimum = reference.best().cost, let itinerary = result.itinerary else { return }
        #expect(reference.cost(ofGameIds: itinerary.gameIds) != nil, "TRIPS_TEST_SEED=\(seed)")
        #expect(result.proof.bound <= Double(optimum.days), "TRIPS_TEST_SEED=\(seed)")
        #expect(result.proof.value >= Double(optimum.days), "TRIPS_TEST_SEED=\(seed)")
    }
}
