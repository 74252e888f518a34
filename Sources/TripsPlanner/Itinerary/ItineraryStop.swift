import FoundationEssentials
import TripsModel

/// A game on the trip, with the times the planner assumed.
public struct ItineraryStop: Sendable, Hashable {
    public var game: RichGame
    /// When the planner expects the game to start: the listed start, except for a doubleheader's
    /// second game listed before the first can end (then: 30 minutes after it ends).
    public var expectedStart: Date
    /// Expected start plus the sport's typical duration.
    public var expectedEnd: Date

    public init(game: RichGame, expectedStart: Date, expectedEnd: Date) {
        self.game = game
        self.expectedStart = expectedStart
        self.expectedEnd = expectedEnd
    }
}
