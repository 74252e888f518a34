import FoundationEssentials
import TripsModel

/// The flight of a leg that flies (`TravelMode`): an estimate under `FlightRules`, with no
/// timetable or fare behind it — the output says so once per plan. The leg's own miles and
/// hours are its drives to and from the airports.
public struct LegFlight: Sendable, Hashable, Codable {
    public var from: LegAirport
    public var to: LegAirport
    /// Wheels up and at the arrival gate (a connection's layover included).
    public var departure: Date
    public var arrival: Date
    public var greatCircleMiles: Double
    /// One connection on the way (`FlightRules.connects`).
    public var connects: Bool
    /// The drive from the venue (or place) to the departure airport, and from the arrival airport on.
    public var toAirportMiles: Double
    public var fromAirportMiles: Double
    /// When the fan sets off for the airport, reaches it, and leaves the arrival airport.
    public var setOff: Date
    public var atAirport: Date
    public var outOfAirport: Date

    public init(
        from: LegAirport, to: LegAirport, departure: Date, arrival: Date, greatCircleMiles: Double, connects: Bool,
        toAirportMiles: Double, fromAirportMiles: Double, setOff: Date, atAirport: Date, outOfAirport: Date
    ) {
        self.atAirport = atAirport
        self.from = from
        self.to = to
        self.departure = departure
        self.arrival = arrival
        self.greatCircleMiles = greatCircleMiles
        self.connects = connects
        self.toAirportMiles = toAirportMiles
        self.fromAirportMiles = fromAirportMiles
        self.setOff = setOff
        self.outOfAirport = outOfAirport
    }
}

/// An airport as a leg shows it: code, name, where, and its clock (times read local there).
public struct LegAirport: Sendable, Hashable, Codable {
    public var iata: String
    public var name: String
    public var coordinate: Coordinate
    public var timeZone: String

    public init(_ airport: Airport) {
        iata = airport.iata
        name = airport.name
        coordinate = airport.coordinate
        timeZone = airport.zone
    }
}

/// How a leg travels.
public enum LegMode: String, Sendable, Hashable, Codable {
    case drive
    case fly
}
