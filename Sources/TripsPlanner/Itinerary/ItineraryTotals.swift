/// What a whole itinerary adds up to.
public struct ItineraryTotals: Sendable, Hashable, Codable {
    public var games: Int
    public var distinctStadiums: Int
    /// Road miles over all legs, including the first and last.
    public var miles: Double
    public var driveHours: Double

    public init(games: Int, distinctStadiums: Int, miles: Double, driveHours: Double) {
        self.games = games
        self.distinctStadiums = distinctStadiums
        self.miles = miles
        self.driveHours = driveHours
    }
}
