import FoundationEssentials
import TripsModel

/// One game as a source states it, before it is matched to the store's teams and venues: the one
/// normal form of the leagues' live feeds and of the bundle's raw schedules alike. The publisher
/// compares these between fetches; `ScheduleNormalisation` turns them into `Game` records.
public struct FeedGame: Sendable, Hashable, Identifiable {
    /// The sport code as the repository names sports (`mlb`, `nhl`, `nba`, `nfl`, `mls`, `wnba`).
    public var league: String
    /// The league's own id: MLB `gamePk`, NHL `id`, NBA `gameId`, ESPN event `id`.
    public var gameId: String
    /// The season as `Data/` names it: `2025` for a one-year league, `2024-25` for NHL and NBA.
    public var season: String
    public var seasonType: FeedSeasonType
    /// The day on the venue's calendar, when the feed states it (or its UTC offset); nil otherwise
    /// (ESPN states neither).
    public var localDate: CalendarDay?
    /// The start instant; when `timeTBD`, the feed's placeholder (MLB `…:33`, NBA midnight ET), not a time.
    public var start: Date
    /// The league has not set the start time yet.
    public var timeTBD: Bool
    /// 1, or 2 for the second game of a doubleheader.
    public var gameNumber: Int
    /// Nil unless the game is part of a doubleheader.
    public var doubleheader: FeedDoubleheader?
    public var status: FeedGameStatus
    /// Set when the game was postponed: from where, and to where if the feed says.
    public var postponement: FeedPostponement?
    /// Set when the game was suspended: where it resumes (or resumed).
    public var suspension: FeedSuspension?
    public var home: FeedTeam
    public var away: FeedTeam
    /// Set when the game is in progress or over.
    public var score: FeedScore?
    public var venue: FeedVenue?
    /// Played away from the home team's own venue (ESPN/NHL `neutralSite`, international and special-event games).
    public var isNeutralSite: Bool
    /// Ids an earlier source of the same season gave this game (the bundle's NHL 2025-26 came from
    /// Sportradar before the league's own ids): a record stored under one of them keeps its id.
    public var formerGameIds: [String] = []

    public var id: String { gameId }

    public init(
        league: String, gameId: String, season: String, seasonType: FeedSeasonType, localDate: CalendarDay?,
        start: Date, timeTBD: Bool, gameNumber: Int = 1, doubleheader: FeedDoubleheader? = nil,
        status: FeedGameStatus, postponement: FeedPostponement? = nil, suspension: FeedSuspension? = nil,
        home: FeedTeam, away: FeedTeam, score: FeedScore? = nil, venue: FeedVenue?, isNeutralSite: Bool
    ) {
        self.league = league
        self.gameId = gameId
        self.season = season
        self.seasonType = seasonType
        self.localDate = localDate
        self.start = start
        self.timeTBD = timeTBD
        self.gameNumber = gameNumber
        self.doubleheader = doubleheader
        self.status = status
        self.postponement = postponement
        self.suspension = suspension
        self.home = home
        self.away = away
        self.score = score
        self.venue = venue
        self.isNeutralSite = isNeutralSite
    }
}

/// A team as the feed names it. Never a placeholder: readers skip games without two real teams.
public struct FeedTeam: Sendable, Hashable {
    /// The league's team id (MLB 147, NHL 10, NBA 1610612738, ESPN "1").
    public var id: String
    /// Tricode or abbreviation, when the feed gives one (MLB's schedule does not).
    public var abbreviation: String?
    /// The full name, e.g. "Toronto Maple Leafs".
    public var name: String
    /// The place part of the name ("Toronto"), when the feed gives it apart.
    public var location: String?

    public init(id: String, abbreviation: String?, name: String, location: String?) {
        self.id = id
        self.abbreviation = abbreviation
        self.name = name
        self.location = location
    }
}

/// Home and away score, and how the game was decided when the feed says (NHL `gameOutcome`).
public struct FeedScore: Sendable, Hashable {
    public var home: Int
    public var away: Int
    /// Nil when the feed does not state it: never read off the score.
    public var decidedIn: Game.DecidedIn?

    public init(home: Int, away: Int, decidedIn: Game.DecidedIn? = nil) {
        self.home = home
        self.away = away
        self.decidedIn = decidedIn
    }
}

/// MLB's two kinds of doubleheader (`doubleHeader` "S" and "Y").
public enum FeedDoubleheader: String, Sendable, Hashable, CaseIterable {
    /// Separate admission ("S"): two games at two set times.
    case split
    /// One admission ("Y"): the second game follows the first, so its time is often TBD.
    case traditional
}

/// preseason / regular / postseason; All-Star games are skipped by the readers.
public enum FeedSeasonType: String, Sendable, Hashable, CaseIterable {
    case preseason, regular, postseason
    /// A game outside the standings in an in-season tournament (NBA Cup championship, id `006…`).
    case tournament
}
