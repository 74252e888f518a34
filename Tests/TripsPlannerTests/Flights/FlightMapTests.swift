import Foundation
import TestSupport
import Testing
import TripsModel

@testable import TripsPlanner

/// `FlightMap` is `FlightEstimator` precomputed for the searches, one route per pair: for venues
/// across the continent and leave times at every hour of a week (DST's end inside it).
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

    /// Each pair flies the route the estimator picks for a fan leaving at midday (every
    /// departure then as soon as the fan is ready: the quickest door to door); at every other
    /// leave time the map's arrival is that route's (the estimator given only its two airports),
    /// never sooner than the estimator's best over all routes, and never sooner for a later leave.
    @Test func eachPairFliesItsQuickestRouteAndNeverArrivesEarlierForALaterLeave() throws {
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
                let midday = Fixture.instant("2026-10-29 12:17", zone: Self.venues[a].timeZone)
                let quickest = estimator.estimate(from: Self.venues[a], leaving: midday, to: Self.venues[b]).itinerary
                guard let quickest else {
                    #expect(map.arrival(from: a, to: b, leaving: midday.timeIntervalSince1970) == nil)
                    continue
                }
                let pair = "\(Self.venues[a].name) → \(Self.venues[b].name)"
                let route = try #require(map.arrival(from: a, to: b, leaving: midday.timeIntervalSince1970)?.route)
                #expect(route.from == quickest.flight.from && route.to == quickest.flight.to, "\(pair)")
                #expect(abs(route.doorToDoorSeconds - quickest.doorToDoorSeconds) < 0.001, "\(pair)")
                let only = FlightEstimator(
                    airports: AirportTable(airports: [route.from, route.to]), driving: FlightFixture.driving,
                    zones: Fixture.zones)
                var previous = -Double.infinity
                for hour in stride(from: 0, to: 7 * 24, by: 5) {
                    let leave = start.addingTimeInterval(Double(hour) * 3600 + 17 * 60)
                    let point = "\(pair) leaving \(leave)"
                    let found = try #require(map.arrival(from: a, to: b, leaving: leave.timeIntervalSince1970))
                    let best = try #require(
                        estimator.estimate(from: Self.venues[a], leaving: leave, to: Self.venues[b]).itinerary)
                    let same = try #require(
                        only.estimate(from: Self.venues[a], leaving: leave, to: Self.venues[b]).itinerary)
                    #expect(same.flight.from == route.from && same.flight.to == route.to, "\(point)")
                    #expect(abs(found.arrival - same.arrival.timeIntervalSince1970) < 0.001, "\(point)")
                    #expect(found.arrival >= best.arrival.timeIntervalSince1970 - 0.001, "\(point)")
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
