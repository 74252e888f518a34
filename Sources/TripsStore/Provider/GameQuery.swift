import FoundationEssentials
import TripsModel

/// What `trips games` (and exports, and the planner) ask the provider for. Every filter is
/// optional; an empty query is every live game of every season — there is no implicit date window.
public struct GameQuery: Sendable, Hashable {
    public enum Side: String, Sendable, Hashable { case any, home, away }

    /// Sport ids (`mlb`); nil = all.
    public var sports: Set<String>?
    /// Games involving any of these teams (ids).
    public var teamIds: [String] = []
    /// With `teamIds`: only games against one of these teams.
    public var opponentIds: [String] = []
    /// With `teamIds`: only home (or away) games of those teams.
    public var side: Side = .any
    public var stadiumIds: [String] = []
    /// "2026", "2025-26"; a bare year also matches the season starting that year ("2025" → "2025-26").
    public var season: String?
    /// Venue-local calendar days, inclusive.
    public var fromDay: CalendarDay?
    public var toDay: CalendarDay?
    /// Instants, half-open `[from, to)`.
    public var from: Date?
    public var to: Date?
    public var limit: Int?
    /// Only these games (ids); empty = no filter.
    public var ids: [String] = []

    public init(
        sports: Set<String>? = nil, teamIds: [String] = [], opponentIds: [String] = [], side: Side = .any,
        stadiumIds: [String] = [], season: String? = nil, fromDay: CalendarDay? = nil, toDay: CalendarDay? = nil,
        from: Date? = nil, to: Date? = nil, limit: Int? = nil, ids: [String] = []
    ) {
        self.sports = sports
        self.teamIds = teamIds
        self.opponentIds = opponentIds
        self.side = side
        self.stadiumIds = stadiumIds
        self.season = season
        self.fromDay = fromDay
        self.toDay = toDay
        self.from = from
        self.to = to
        self.limit = limit
        self.ids = ids
    }
}

/// A game whose references do not (yet) resolve: reported, never silently dropped.
public struct UnresolvedGame: Sendable, Hashable {
    public enum Reason: Sendable, Hashable, CustomStringConvertible {
        case unknownTeam(String)
        case unknownStadium(String)
        /// The venue is not decided yet (e.g. an MLS "TBC" fixture).
        case venueToBeConfirmed

        public var description: String {
            switch self {
            case .unknownTeam(let id): return "team \(id) is not in the store"
            case .unknownStadium(let id): return "stadium \(id) is not in the store"
            case .venueToBeConfirmed: return "venue to be confirmed"
            }
        }
    }

    public var game: Game
    public var homeTeam: Team?
    public var awayTeam: Team?
    /// The zone to show its time in: the venue's, else the home team's home venue's, else UTC.
    public var timeZone: String
    public var reasons: [Reason]
}

/// Games that resolved (with teams and stadium) and those that did not, both in start order.
public struct RichGameList: Sendable {
    public var games: [RichGame]
    public var unresolved: [UnresolvedGame]

    public init(games: [RichGame] = [], unresolved: [UnresolvedGame] = []) {
        self.games = games
        self.unresolved = unresolved
    }

    public var count: Int { games.count + unresolved.count }
}
