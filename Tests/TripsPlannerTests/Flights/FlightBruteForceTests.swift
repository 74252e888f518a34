import Foundation
import TestSupport
import Testing
import TripsModel

@testable import TripsPlanner

/// The planner against brute force with flights (issue 40): random small instances spread wide
/// enough to fly, airports near most venues, `--travel fly` or `either`. The reference decides
/// each leg's mode from the rules' words and times it with `FlightEstimator`; the planner's graph,
/// bounds and searches must find the same best K.
@Suite struct FlightBruteForceTests {
    struct Instance {
        var games: [RichGame]
        var request: PlanRequest
        var airports: AirportTable
    }

    /// `BruteForceTests.instance` spread over ±450 miles, with an airport within 40 miles of
    /// three venues in four (a hub or a regional one), and the start and end places' too.
    static func instance(seed: UInt64) -> Instance {
        let base = BruteForceTests.instance(seed: seed, spread: 450)
        var rng = SeededGenerator(seed: seed ^ 0x9E37_79B9)
        var places = Dictionary(base.games.map { ($0.stadium.id, ($0.stadium.location, $0.stadium.timeZone)) }) {
            a, _ in
            a
        }
        .sorted { $0.key < $1.key }.map(\.value)
        places += [base.request.start, base.request.end].compactMap { $0.map { ($0.coordinate, $0.timeZone) } }
        var airports: [Airport] = []
        for (index, (location, zone)) in places.enumerated() where Int.random(in: 0..<4, using: &rng) > 0 {
            let north = Double.random(in: -30...30, using: &rng)
            let east = Double.random(in: -30...30, using: &rng)
            let size: Airport.Size = Bool.random(using: &rng) ? .large : .medium
            airports.append(
                FlightFixture.airport(
                    "A\(index)", size, location.latitude + north / 69,
                    location.longitude + east / (69 * cos(location.latitude * .pi / 180)), zone))
        }
        var request = base.request
        request.travel = Bool.random(using: &rng) ? .either : .fly
        return Instance(games: base.games, request: request, airports: AirportTable(airports: airports))
    }

    @Test(arguments: TestSeed.cases(0..<300, short: 80))
    func matchesBruteForceWithFlights(seed: Int) throws {
        let instance = Self.instance(seed: UInt64(9000 + seed))
        var planner = TripPlanner(gameDurationMinutes: BruteForceTests.durations, zones: Fixture.zones)
        planner.airports = instance.airports
        let result = try planner.plan(instance.request, games: instance.games)
        let reference = ReferencePlanner(
            request: instance.request, games: instance.games, durations: BruteForceTests.durations,
            airports: instance.airports)
        let ranked = reference.rankedTrips()
        let expected = Array(ranked.prefix(instance.request.options))
        #expect(result.isExhaustive)
        #expect(result.itineraries.count == expected.count)
        if BruteForceTests.declinedForMiles(result) {
            return BruteForceTests.expectTheTripByDayFirst(result, expected, valid: Set(ranked.map(\.ids)))
        }
        for (itinerary, trip) in zip(result.itineraries, expected) {
            #expect(itinerary.totals.games == trip.games)
            #expect(itinerary.totals.distinctStadiums == trip.stadiums)
            #expect(abs(itinerary.totals.miles - trip.miles) < 0.01)
        }
        let valid = Set(ranked.map(\.ids))
        for itinerary in result.itineraries { #expect(valid.contains(itinerary.gameIds)) }
        #expect((result.infeasibility == nil) == !expected.isEmpty)
    }

    /// Flights happen in these instances: a suite that never flew would prove nothing.
    @Test func theInstancesFly() throws {
        var flown = 0
        for seed in 0..<60 {
            let instance = Self.instance(seed: UInt64(9000 + seed))
            var planner = TripPlanner(gameDurationMinutes: BruteForceTests.durations, zones: Fixture.zones)
            planner.airports = instance.airports
            let result = try planner.plan(instance.request, games: instance.games)
            flown += result.itineraries.flatMap(\.legs).filter { $0.flight != nil }.count
        }
        #expect(flown >= 20, "\(flown) flights in 60 instances")
    }
}
