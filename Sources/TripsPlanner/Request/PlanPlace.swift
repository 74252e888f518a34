import TripsModel

/// Where a trip starts or ends. The CLI resolves a city, stadium, team home or "lat,long" into
/// one of these, so the planner never needs the gazetteer or the store.
public struct PlanPlace: Sendable, Hashable, Codable {
    /// What to call the place in legs and explanations ("Chicago", "Wrigley Field").
    public var name: String
    public var coordinate: Coordinate
    /// IANA zone: the place's wall clock decides when a fan leaving it may start driving.
    public var timeZone: String

    public init(name: String, coordinate: Coordinate, timeZone: String) {
        self.name = name
        self.coordinate = coordinate
        self.timeZone = timeZone
    }
}
