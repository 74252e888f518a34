/// What `FlightEstimator.estimate` found: the best itinerary by air, or why there is none.
public enum FlightEstimate: Sendable, Hashable {
    case flight(FlightItinerary)
    case none(NoFlightReason)

    /// The itinerary, if there is one.
    public var itinerary: FlightItinerary? {
        if case .flight(let itinerary) = self { return itinerary }
        return nil
    }
}

/// Why flying is not an option between two places (the trip drives instead).
public enum NoFlightReason: Sendable, Hashable, CustomStringConvertible {
    /// The places, or every pair of their airports, are closer than `FlightRules.minimumFlightMiles`.
    case tooShort(greatCircleMiles: Double)
    /// No airport within `AirportTable.reachRoadMiles` of the start place.
    case noAirportNearStart
    /// No airport within `AirportTable.reachRoadMiles` of the destination.
    case noAirportNearDestination
    /// A place off the map or a time to leave that is no date (a caller's mistake).
    case invalidRequest(String)
    /// The departure airports' zones are unknown to the zone lookup (a damaged tz database).
    case unknownZone(String)

    public var description: String {
        switch self {
        case .tooShort(let miles):
            return "no flight: \(Int(miles.rounded())) miles is shorter than a flight is worth"
        case .noAirportNearStart: return "no flight: no airport within reach of the start"
        case .noAirportNearDestination: return "no flight: no airport within reach of the destination"
        case .unknownZone(let zone): return "no flight: unknown time zone \(zone)"
        case .invalidRequest(let why): return "no flight: \(why)"
        }
    }
}
