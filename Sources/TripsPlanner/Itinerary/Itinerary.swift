import FoundationEssentials
import TripsModel

/// One ranked trip: games in order, the legs between them, totals and warnings.
public struct Itinerary: Sendable, Hashable {
    public var stops: [ItineraryStop]
    /// `stops.count − 1` legs between games, plus one from the start place and one to the end
    /// place when given. Two games at the same stadium are joined by a 0-mile leg.
    public var legs: [Leg]
    public var totals: ItineraryTotals
    public var warnings: [ItineraryWarning]

    public init(stops: [ItineraryStop], legs: [Leg], totals: ItineraryTotals, warnings: [ItineraryWarning]) {
        self.stops = stops
        self.legs = legs
        self.totals = totals
        self.warnings = warnings
    }

    public var gameIds: [String] { stops.map(\.game.id) }
}
