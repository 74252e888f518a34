import Foundation
import TestSupport
import Testing
import TripsModel

@testable import TripsPlanner

/// `FlightMap` is `FlightEstimator` precomputed for the searches: for venues across the
/// continent and leave times at every hour of a week (DST's end inside it), the same arrival and
/// route as the estimator, and an arrival that never decreases as the leave time grows.
@Suite struct FlightMapTests {
    static let venues: [PlanPlace] = [
        FlightFixture.dodgerStadium, FlightFixture.fenwayPark, FlightFixture.minuteMaidPark,
        PlanPlace(
            name: "Rogers Centre", coordinate: Coordinate(latitude: 43.6414, longitude: -79.3894),
            timeZone: "America/Toronto"),
        PlanPlace(
            name: "Coors Field", coordinate: Coordinate(latitude: 39.7559, longitude: -104.9942),
            timeZone: "America/Denver"),
        PlanPlace(
            name: "T-Mobile Park", coordinate: Coordinate(latitude: 47.5914, longitude: -122.3325),
            timeZone: "America/Los_Angeles"),
        PlanPlace(
            name: "Wrigley Field", coordinate: Coordinate(latitude: 41.9479, longitude: -87.6558),
            timeZone: "America/Chicago"),
        PlanPlace(
            name: "Guaranteed Rate Field", coordinate: Coordinate(latitude: 41.8302, longitude: -87.6342),
            timeZone: "America/Chicago"),
    ]

    static func shippedAirports() throws -> AirportTable {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        return try AirportTable(
            tsv: String(contentsOf: root.appendingPathComponent("Data/airports.tsv"), encoding: .utf8))
    }

    @Test func theMapAnswersWhatTheEstimatorAnswersAndNeverEarlierForALaterLeave() throws {
        let airports = try Self.shippedAirports()
        let start = Fixture.instant("2026-10-29 00:00", zone: "America/New_York")
        let map = FlightMap(
            stadiums: Self.venues.map(\.coordinate), airports: airports, rules: FlightRules(),
            driving: FlightFixture.driving, zones: Fixture.zones,
            covering: (start.timeIntervalSince1970 - 86_400)...(start.timeIntervalSince1970 + 10 * 86_400))
        let estimator = FlightEstimator(airports: airports, driving: FlightFixture.driving, zones: Fixture.zones)
        var compared = 0
        for a in Self.venues.indices {
            for b in Self.venues.indices where a != b {
                var previous = -Double.infinity
                for hour in stride(from: 0, to: 7 * 24, by: 5) {
                    let leave = start.addingTimeInterval(Double(hour) * 3600 + 17 * 60)
                    let estimate = estimator.estimate(from: Self.venues[a], leaving: leave, to: Self.venues[b])
                    let mapped = map.arrival(from: a, to: b, leaving: leave.timeIntervalSince1970)
                    let point = "\(Self.venues[a].name) → \(Self.venues[b].name) leaving \(leave)"
                    guard let trip = estimate.itinerary else {
                        #expect(mapped == nil, "\(point): the map flies where the estimator does not")
                        continue
                    }
                    let found = try #require(mapped, "\(point): the estimator flies, the map does not")
                    #expect(abs(found.arrival - trip.arrival.timeIntervalSince1970) < 0.001, "\(point)")
                    #expect(found.route.from == trip.flight.from && found.route.to == trip.flight.to, "\(point)")
                    #expect(found.arrival >= previous, "\(point): a later leave arrived sooner")
                    previous = found.arrival
                    compared += 1
                }
            }
        }
        // The Chicago pair is under the flying threshold: only it goes by road.
        #expect(map.arrival(from: 6, to: 7, leaving: start.timeIntervalSince1970) == nil)
        #expect(compared > 1_000, "\(compared) flights compared")
    }
}
