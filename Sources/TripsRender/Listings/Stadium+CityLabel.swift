import TripsModel

extension Stadium {
    /// "Milwaukee, WI", "Toronto, ON": the city as a fan writes it (a venue with no state: the city).
    public var cityLabel: String { state.isEmpty ? city : "\(city), \(state)" }
}
