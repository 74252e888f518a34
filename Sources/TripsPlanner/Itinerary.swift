import Foundation
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

public struct ItineraryTotals: Sendable, Hashable {
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

/// Something a fan should know before relying on an itinerary.
public enum ItineraryWarning: Sendable, Hashable, CustomStringConvertible {
    /// The leg arrives with less than `tightSlackMinutes` to spare before the buffer.
    case tightConnection(legIndex: Int, gameId: String, slackMinutes: Double)
    /// A doubleheader's second game is listed with a placeholder time; the planner assumed it
    /// starts 30 minutes after the first ends.
    case estimatedStart(gameId: String)

    /// Slack below this many minutes makes a leg "tight".
    public static let tightSlackMinutes: Double = 30

    public var description: String {
        switch self {
        case .tightConnection(_, let gameId, let slack):
            return "tight connection to \(gameId): only \(PlanFormat.number(slack)) min to spare"
        case .estimatedStart(let gameId):
            return "\(gameId) follows the first game of a doubleheader; its start time is an estimate"
        }
    }
}
