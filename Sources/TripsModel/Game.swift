import FoundationEssentials

/// One scheduled (or played) game. Times are instants; the venue's zone turns them into
/// the local date and time a fan sees on the ticket.
public struct Game: Sendable, Hashable, Codable, Identifiable {
    public enum Status: String, Sendable, Codable, CaseIterable {
        case scheduled, postponed, cancelled, final
        /// Stopped and not finished yet (schema 2); `resumedAt` says when play goes on.
        case suspended
        /// Called before its full length and official (schema 2): a result that stands.
        case completedEarly

        /// Over, with a result that stands.
        public var isOver: Bool { self == .final || self == .completedEarly }
    }

    public enum SeasonType: String, Sendable, Codable, CaseIterable {
        case regular, postseason
    }

    /// How a game over was decided where a league plays on past regulation (NHL): whether a
    /// loss earns a point hangs on it, and a score alone does not say.
    public enum DecidedIn: String, Sendable, Codable, CaseIterable {
        case regulation, overtime, shootout
    }

    /// What a fan is told about a game: its stored status, or `unknown` for one that should be
    /// over but has no result in the data.
    public enum ReportedStatus: String, Sendable, CaseIterable {
        case scheduled, postponed, cancelled, final, suspended, completedEarly, unknown
        /// Under way as far as the clock says: begun within `Game.liveWindow`, no result yet.
        case live
    }

    /// How long after its start a game with no result is taken to be on (`live`): longer than
    /// a game runs (an NFL game, delays included, about 3½ hours), short enough that one the
    /// data never finished does not read as live all evening. The feeds store a game in
    /// progress as scheduled without a score, so this is the one rule that says live.
    public static let liveWindow: TimeInterval = 4 * 3_600

    /// `liveWindow` in whole hours, as help text says it.
    public static var liveHours: Int { Int(liveWindow / 3_600) }

    /// A game still `scheduled` more than a day after its start has no result here (the
    /// source's snapshot predates it): `unknown`, not `scheduled`; one begun less than
    /// `liveWindow` ago (a start time known, no score) is `live` — never a guessed score.
    /// Derived when shown, so it never goes stale; a status the source gave (final, postponed,
    /// …) is kept.
    public func reportedStatus(asOf now: Date) -> ReportedStatus {
        switch status {
        case .scheduled:
            let since = now.timeIntervalSince(startTime)
            if since > 86_400 { return .unknown }
            let unscored = homeScore == nil && awayScore == nil
            return since >= 0 && since < Self.liveWindow && !timeTBD && unscored ? .live : .scheduled
        case .postponed: return .postponed
        case .cancelled: return .cancelled
        case .final: return .final
        case .suspended: return .suspended
        case .completedEarly: return .completedEarly
        }
    }

    public var id: String
    public var sport: String
    /// "2026" or "2025-26".
    public var season: String
    public var startTime: Date
    /// The start time is a placeholder (time to be determined); show the date only.
    public var timeTBD: Bool
    public var homeTeamId: String
    public var awayTeamId: String
    /// Nil when the venue is not decided yet (an MLS "TBC" fixture), or is one trips cannot place.
    public var stadiumId: String?
    /// The venue's name when no stadium record can stand for it: a feed named a venue that
    /// neither it nor the league places (no coordinates, no zone). Never the home team's park.
    public var venueName: String?
    /// 1 or 2 for doubleheaders, otherwise 1.
    public var gameNumber: Int
    public var status: Status
    public var isNeutralSite: Bool
    public var seasonType: SeasonType
    /// A suspended game's resumption: `startTime` stays the original start (its date is the
    /// game's official date), play went on from here.
    public var resumedAt: Date?
    /// The result, once there is one (schema 2); nil for a game not played or a result not known.
    public var homeScore: Int?
    public var awayScore: Int?
    /// The league's own id of the game within its sport (MLB gamePk `778899`): the bundle and the
    /// publisher set it, and the publisher finds the record of a feed game by it.
    public var sourceId: String?
    /// How the game was decided, as its source states it; nil when the source does not say
    /// (the bundle's NHL 2025-26 results), never inferred from the score.
    public var decidedIn: DecidedIn?

    public init(
        id: String, sport: String, season: String, startTime: Date, timeTBD: Bool = false,
        homeTeamId: String, awayTeamId: String, stadiumId: String?, gameNumber: Int = 1,
        status: Status = .scheduled, isNeutralSite: Bool = false, seasonType: SeasonType = .regular,
        resumedAt: Date? = nil, homeScore: Int? = nil, awayScore: Int? = nil, sourceId: String? = nil,
        venueName: String? = nil, decidedIn: DecidedIn? = nil
    ) {
        self.venueName = venueName
        self.decidedIn = decidedIn
        self.id = id
        self.sport = sport
        self.season = season
        self.startTime = startTime
        self.timeTBD = timeTBD
        self.homeTeamId = homeTeamId
        self.awayTeamId = awayTeamId
        self.stadiumId = stadiumId
        self.gameNumber = gameNumber
        self.status = status
        self.isNeutralSite = isNeutralSite
        self.seasonType = seasonType
        self.resumedAt = resumedAt
        self.homeScore = homeScore
        self.awayScore = awayScore
        self.sourceId = sourceId
    }
}

/// A game with its references resolved — what browsing, exports and the planner work on.
public struct RichGame: Sendable, Hashable, Identifiable {
    public var game: Game
    public var homeTeam: Team
    public var awayTeam: Team
    public var stadium: Stadium

    public init(game: Game, homeTeam: Team, awayTeam: Team, stadium: Stadium) {
        self.game = game
        self.homeTeam = homeTeam
        self.awayTeam = awayTeam
        self.stadium = stadium
    }

    public var id: String { game.id }
}
