import FoundationEssentials
import TripsModel

/// One estimated flight between two airports (`FlightRules`' model, not a schedule).
public struct Flight: Sendable, Hashable {
    public var from: Airport
    public var to: Airport
    public var greatCircleMiles: Double
    public var departure: Date
    /// At the arrival gate: departure + `airborneMinutes` (+ the layover when it connects).
    public var arrival: Date
    /// Taxi, climb, cruise and descent; a connection's layover is not in it.
    public var airborneMinutes: Double
    /// One connection on the way (`FlightRules.connects`).
    public var connects: Bool
}
