/// An airport a fan could use for a place, with the road miles between them.
public struct NearbyAirport: Sendable, Hashable {
    public var airport: Airport
    /// Great-circle miles × the caller's road factor (the planner's, so a drive to the airport
    /// costs what any other drive does).
    public var roadMiles: Double
}
