import Foundation
import TripsModel

@testable import TripsPlanner

/// Real airports (OurAirports' coordinates, four decimals) and venues for the flight tests.
enum FlightFixture {
    static let lax = airport("LAX", .large, 33.9425, -118.4081, "America/Los_Angeles")
    static let bur = airport("BUR", .medium, 34.2007, -118.3585, "America/Los_Angeles")
    static let bos = airport("BOS", .large, 42.3643, -71.0052, "America/New_York")
    static let iah = airport("IAH", .large, 29.9844, -95.3414, "America/Chicago")
    static let hou = airport("HOU", .medium, 29.6454, -95.2789, "America/Chicago")

    static let dodgerStadium = PlanPlace(
        name: "Dodger Stadium", coordinate: Coordinate(latitude: 34.0739, longitude: -118.2400),
        timeZone: "America/Los_Angeles")
    static let fenwayPark = PlanPlace(
        name: "Fenway Park", coordinate: Coordinate(latitude: 42.3467, longitude: -71.0972),
        timeZone: "America/New_York")
    static let minuteMaidPark = PlanPlace(
        name: "Minute Maid Park", coordinate: Coordinate(latitude: 29.7573, longitude: -95.3555),
        timeZone: "America/Chicago")
    static let austin = PlanPlace(
        name: "Austin", coordinate: Coordinate(latitude: 30.2672, longitude: -97.7431), timeZone: "America/Chicago")

    /// A place standing on `airport` (no drive to it).
    static func at(_ airport: Airport) -> PlanPlace {
        PlanPlace(name: airport.iata, coordinate: airport.coordinate, timeZone: airport.zone)
    }

    static let driving = DrivingRules()

    static func estimator(_ airports: [Airport], zones: @escaping ZoneLookup = Fixture.zones) -> FlightEstimator {
        FlightEstimator(airports: AirportTable(airports: airports), driving: driving, zones: zones)
    }

    static func airport(_ iata: String, _ size: Airport.Size, _ lat: Double, _ lon: Double, _ zone: String) -> Airport {
        Airport(
            iata: iata, icao: "K" + iata, name: iata, size: size, city: "", region: "US-XX", country: "US",
            coordinate: Coordinate(latitude: lat, longitude: lon), zone: zone)
    }
}
