import Testing

@testable import TripsModel

/// Airports on a line north of a base point, `miles` great-circle miles apart from it.
private let base = Coordinate(latitude: 40, longitude: -90)

private func airport(_ iata: String, milesNorth: Double, _ size: Airport.Size) -> Airport {
    let degrees = milesNorth / (Coordinate.earthRadiusMiles * Double.pi / 180)
    return Airport(
        iata: iata, icao: "K" + iata, name: iata, size: size, city: "", region: "US-IL", country: "US",
        coordinate: Coordinate(latitude: base.latitude + degrees, longitude: base.longitude), zone: "America/Chicago")
}

@Suite("Airports for a place")
struct AirportTableTests {
    /// Road factor 1.2: 80 great-circle miles are 96 road miles, 85 are 102.
    let table = AirportTable(airports: [
        airport("AAA", milesNorth: 5, .medium), airport("BBB", milesNorth: 10, .medium),
        airport("CCC", milesNorth: 20, .medium), airport("DDD", milesNorth: 30, .medium),
        airport("HUB", milesNorth: 80, .large), airport("FAR", milesNorth: 85, .large),
    ])

    @Test("the nearest few in reach, plus every hub in reach, nearest first; road miles at the factor")
    func nearestAndHubs() throws {
        let near = table.airports(near: base, roadFactor: 1.2)
        #expect(near.map(\.airport.iata) == ["AAA", "BBB", "CCC", "HUB"])
        #expect(AirportTable.nearestCount == 3)
        let hub = try #require(near.last)
        #expect(abs(hub.roadMiles - base.miles(to: hub.airport.coordinate) * 1.2) < 1e-9)
        #expect(hub.roadMiles <= AirportTable.reachRoadMiles)
    }

    @Test("nothing in reach gives no airport; a shorter road factor brings the far hub in")
    func reach() {
        let remote = Coordinate(latitude: 30, longitude: -90)
        #expect(table.airports(near: remote, roadFactor: 1.2).isEmpty)
        #expect(table.airports(near: base, roadFactor: 1.1).map(\.airport.iata) == ["AAA", "BBB", "CCC", "HUB", "FAR"])
    }

    @Test("airports are found by code")
    func byCode() {
        #expect(table.airport(iata: "HUB")?.size == .large)
        #expect(table.airport(iata: "ZZZ") == nil)
    }
}
