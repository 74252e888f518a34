import FoundationEssentials
import TripsModel

/// The drive between a place and an airport, at the planner's road factor and speed. A short
/// transfer (at most `AirportTable.reachRoadMiles`), so no driving-day rule applies to it.
public struct AirportDrive: Sendable, Hashable {
    public var airport: Airport
    public var roadMiles: Double
    public var seconds: Double
    public var departure: Date
    public var arrival: Date
}
