/// An airport with scheduled passenger service in the US, Canada or Mexico (OurAirports,
/// public domain; its zone from airportsdata): where a fan who flies leaves the road.
public struct Airport: Sendable, Hashable {
    /// OurAirports' own size class. Large airports are the hubs: the ones with direct flights to
    /// most of the continent, which is what the flight estimate's connection rule rests on.
    public enum Size: String, Sendable, Hashable, CaseIterable {
        case large
        case medium
    }

    /// "IAH": what fans and tickets call it, and the table's key.
    public var iata: String
    /// "KIAH" (OurAirports' GPS code: a few small fields have an FAA code such as "5A8").
    public var icao: String
    public var name: String
    public var size: Size
    /// The town it serves, as OurAirports writes it; empty for the few rows that give none.
    public var city: String
    /// ISO 3166-2: "US-TX", "CA-ON", "MX-DIF".
    public var region: String
    /// ISO 3166-1 alpha-2: US, CA, MX.
    public var country: String
    public var coordinate: Coordinate
    /// IANA zone: departures are timed on this clock.
    public var zone: String

    public init(
        iata: String, icao: String, name: String, size: Size, city: String, region: String, country: String,
        coordinate: Coordinate, zone: String
    ) {
        self.iata = iata
        self.icao = icao
        self.name = name
        self.size = size
        self.city = city
        self.region = region
        self.country = country
        self.coordinate = coordinate
        self.zone = zone
    }

    /// A large airport: direct flights to most places.
    public var isHub: Bool { size == .large }
}
