import FoundationEssentials

/// Door to door by air: drive to the airport, the buffer there, the flight, out of the airport,
/// drive to the destination. The fan sets off as late as the flight allows (a morning flight
/// after a night game: they sleep first), so `setOff` may be later than `earliestLeave`.
public struct FlightItinerary: Sendable, Hashable {
    /// The earliest the fan could have left (what the estimate was asked for).
    public var earliestLeave: Date
    public var toAirport: AirportDrive
    public var flight: Flight
    public var fromAirport: AirportDrive
    /// At the departure airport before departure (`FlightRules.airportBufferMinutes`).
    public var airportBufferSeconds: Double
    /// From the arrival gate to the car (`FlightRules.deplaneMinutes`).
    public var deplaneSeconds: Double

    /// When the fan leaves the start place.
    public var setOff: Date { toAirport.departure }
    /// When the fan reaches the destination.
    public var arrival: Date { fromAirport.arrival }
    /// From setting off to arriving.
    public var doorToDoorSeconds: Double { arrival.timeIntervalSince(setOff) }
    /// Waiting at the start place for the flight's time (the night before a morning flight).
    public var waitSeconds: Double { setOff.timeIntervalSince(earliestLeave) }
    /// Road miles to and from the airports.
    public var roadMiles: Double { toAirport.roadMiles + fromAirport.roadMiles }
}
