import Foundation
import TestSupport
import Testing
import TripsModel

@testable import TripsPlanner

/// The index of `TripSweep`'s kept partial trips (`KeptTripIndex`) answers exactly what the
/// pairwise scan it replaces does: on random partial trips — keys over a random set of
/// still-visitable venues, games, venues, teams to see and carried driving close together, so
/// that many dominate and many do not — a kept trip dominates a new one when and only when the
/// index names one, and the one it names does.
@Suite struct KeptTripIndexTests {
    /// Rules over a small real graph: with no game limit, and with one (games must then be equal).
    static func rules(maxGames: Int?) throws -> TripRules {
        var instance = try #require(
            (UInt64(12_000)..<12_100).lazy.map { BruteForceTests.instance(seed: $0) }.first {
                TripImprovementTests.graph($0.games, $0.request).candidates.problem == nil
            })
        instance.request.maxGames = maxGames
        return TripRules(graph: TripImprovementTests.graph(instance.games, instance.request), request: instance.request)
    }

    static func trip(_ rng: inout SeededGenerator, useful: [Int]) -> (PartialTrip, VenueBits) {
        var key = VenueBits()
        for bit in useful where Int.random(in: 0..<3, using: &rng) == 0 { key.insert(bit) }
        let dead = Int32.random(in: 0...3, using: &rng)
        let carries: [Double] = [0, 0, 3600, 7200, 10_800]
        let carry = carries.randomElement(using: &rng)!
        let trip = PartialTrip(
            node: 0, games: Int32.random(in: 10...12, using: &rng), stadiums: Int32(key.count) + dead,
            need: Int.random(in: 0..<4, using: &rng), milliMiles: 0, carry: carry,
            restedBy: carry == 0 ? -.infinity : Double(Int.random(in: 0..<3, using: &rng)) * 3600)
        return (trip, key)
    }

    @Test(arguments: [nil, 11])
    func answersAsThePairwiseScan(maxGames: Int?) throws {
        let rules = try Self.rules(maxGames: maxGames)
        let seed = TestSeed.draw()
        var rng = SeededGenerator(seed: seed)
        var dominated = 0
        var free = 0
        for _ in 0..<TestSize.pick(short: 40, long: 400) {
            // Up to 128 venues, a random subset still visitable.
            let useful = (0..<VenueBits.capacity).filter { _ in Int.random(in: 0..<8, using: &rng) == 0 }.prefix(
                Int.random(in: 1...24, using: &rng))
            var usefulBits = VenueBits()
            for bit in useful { usefulBits.insert(bit) }
            var index = KeptTripIndex(rules: rules)
            index.reset(useful: usefulBits)
            var kept: [(PartialTrip, VenueBits)] = []
            for _ in 0..<Int.random(in: 1...200, using: &rng) {
                let (trip, key) = Self.trip(&rng, useful: Array(useful))
                let pairwise = kept.contains { KeptTripIndex.dominates($0.0, key: $0.1, trip, key: key, rules: rules) }
                let named = index.dominator(of: trip, key: key)
                #expect((named != nil) == pairwise, "TRIPS_TEST_SEED=\(seed)")
                if let named {
                    let (o, oKey) = kept[Int(named)]
                    #expect(
                        KeptTripIndex.dominates(o, key: oKey, trip, key: key, rules: rules), "TRIPS_TEST_SEED=\(seed)")
                    dominated += 1
                } else {
                    free += 1
                }
                // Kept whether dominated or not, so the index also holds trips that dominate each other.
                index.insert(trip, key: key, label: Int32(kept.count))
                kept.append((trip, key))
            }
        }
        #expect(dominated > 100 && free > 100, "TRIPS_TEST_SEED=\(seed): \(dominated) dominated, \(free) not")
    }
}
