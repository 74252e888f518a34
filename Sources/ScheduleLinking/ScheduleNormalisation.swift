import FoundationEssentials
import LeagueFeeds
import TripsModel
import TripsZones

/// A feed game made canonical: the Game record as it should stand in the cloud, and what only
/// the feed knows (that it was postponed and made up), for the summary's words.
public struct NormalisedGame: Sendable, Hashable {
    public var game: Game
    public var wasPostponed: Bool
    /// The record's schema: 2 when it uses a status a version-1 client cannot read.
    public var schemaVersion: Int {
        game.status == .suspended || game.status == .completedEarly ? 2 : 1
    }
}

/// A league's season, the unit of coverage, summaries and the removal limit.
public struct LeagueSeason: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var league: String
    public var season: String

    public init(league: String, season: String) {
        self.league = league
        self.season = season
    }

    public static func < (a: LeagueSeason, b: LeagueSeason) -> Bool { (a.league, a.season) < (b.league, b.season) }
    public var description: String { "\(league.uppercased()) \(season)" }
}

/// The records a source's games are linked against: teams and venues by every name they go by,
/// and the games already stored (so a game keeps its record's id). The cloud's snapshot for a
/// publish or a direct sync, the records being built for the bundle.
public struct KnownRecords: Sendable {
    public var teams: [Team]
    public var teamAliases: [TeamAlias]
    public var stadiums: [Stadium]
    public var stadiumAliases: [StadiumAlias]
    public var games: [Game]

    public init(
        teams: [Team], teamAliases: [TeamAlias], stadiums: [Stadium], stadiumAliases: [StadiumAlias], games: [Game]
    ) {
        self.teams = teams
        self.teamAliases = teamAliases
        self.stadiums = stadiums
        self.stadiumAliases = stadiumAliases
        self.games = games
    }
}

/// What a game whose source names no venue is placed at.
public enum UnstatedVenue: Sendable, Hashable {
    /// A live feed that leaves the venue out means the home team's park (a home game); a game
    /// with no home park is left out.
    case homePark
    /// The bundle's sources leave it out only when it is not decided ("TBC", an NHL neutral site
    /// not announced): the game is kept with no stadium, never one invented.
    case undecided
}

/// How a game is known to be at a neutral site.
public enum NeutralSites: Sendable, Hashable {
    /// From the data: the feed says so, or the game is away from its home team's venue of record
    /// in the same feeds (`HomeVenues`). The leagues' live feeds.
    case fromVenueOfRecord
    /// As the source states it: the bundle's raw sources, which mark them.
    case asStated
}

/// Why a source's games could not be linked at all.
public enum LinkError: Error, Sendable, Hashable {
    /// No team of a league the source covers is known: nothing to resolve its games against.
    case noTeams(league: String)
}

/// The one road every game takes into the store: a source's games (`FeedGame`, as the bundle's
/// raw readers and the leagues' live feeds state them) turned into canonical records against
/// the known teams, venues and games — by `trips-import`, `trips-cloud publish` and `trips sync`
/// from the feeds alike.
public struct ScheduleNormalisation: Sendable {
    public var games: [NormalisedGame] = []
    /// Stadium records for venues the cloud does not know.
    public var newStadiums: [Stadium] = []
    /// The league seasons the feeds list games of: only these are compared for removals.
    public var coverage: Set<LeagueSeason> = []
    /// Per league season, the feeds' first and last venue-local day: the window a feed speaks
    /// for. A game of the season outside it (the Tokyo Series before an MLB file that starts on
    /// 03-27, the rest of a season around an NHL week) is not the feed's to remove. Postponed
    /// games do not widen it (their date is a makeup's, perhaps beyond the feed's last day).
    public var windows: [LeagueSeason: ClosedRange<CalendarDay>] = [:]
    /// Feed teams no cloud team goes by ("mlb Athletics (133)"); their games are left out.
    public var unresolvedTeams: Set<String> = []
    /// Venue names no stadium goes by, of home games, taken as the home team's park ("Centre
    /// Bell → Bell Centre"): reported so an alias can be added.
    public var venuesAsHomePark: Set<String> = []
    /// Games left out: preseason and exhibition games, and games of unresolved teams or venues.
    public var leftOut = 0
    /// By league, the venues that could not be placed (no coordinates or zone from the feed, not
    /// known to trips): their games keep the venue's name and no stadium. The caller may ask the
    /// league where they are (`MLBVenues`) and normalise again.
    public var unplacedVenues: [String: [FeedVenue]] = [:]

    /// Normalises `schedules` (several feeds may cover several leagues) against `known`.
    public init(
        _ schedules: [FeedSchedule], known: KnownRecords, unstatedVenue: UnstatedVenue = .homePark,
        neutralSites: NeutralSites = .fromVenueOfRecord, gazetteer: @escaping @Sendable () -> Gazetteer? = { nil },
        zones: ZoneDatabase = .system
    ) throws(LinkError) {
        try self.init(
            games: schedules.flatMap(\.games), known: known, unstatedVenue: unstatedVenue, neutralSites: neutralSites,
            gazetteer: gazetteer, zones: zones)
    }

    /// Normalises `feedGames` in their order (the order ids are claimed in) against `known`.
    public init(
        games feedGames: [FeedGame], known: KnownRecords, unstatedVenue: UnstatedVenue = .homePark,
        neutralSites: NeutralSites = .fromVenueOfRecord, gazetteer: @escaping @Sendable () -> Gazetteer? = { nil },
        zones: ZoneDatabase = .system
    ) throws(LinkError) {
        let homeVenues = neutralSites == .fromVenueOfRecord ? HomeVenues(feedGames) : nil
        let teams = TeamDirectory(teams: known.teams, aliases: known.teamAliases)
        let teamById = Dictionary(known.teams.map { ($0.id, $0) }) { a, _ in a }
        var venues = VenueDirectory(stadiums: known.stadiums, aliases: known.stadiumAliases, gazetteer: gazetteer)
        let zoneOf: (String?) -> ZoneInfo? = { id in
            id.flatMap { venues.stadium($0) }.flatMap { zones.zone($0.timeZone) }
        }
        var identity = GameIdentity(cloudGames: known.games) { game in
            zoneOf(game.stadiumId).map { CalendarDay(game.startTime, in: $0) }
        }
        var seen: Set<String> = []
        for feed in feedGames {
            guard seen.insert("\(feed.league)|\(feed.gameId)").inserted else { continue }
            guard teams.hasTeams(of: feed.league) else { throw LinkError.noTeams(league: feed.league) }
            let seasonType: Game.SeasonType
            switch feed.seasonType {
            case .regular: seasonType = .regular
            case .postseason: seasonType = .postseason
            case .preseason, .tournament:
                leftOut += 1
                continue
            }
            let leagueSeason = LeagueSeason(league: feed.league, season: feed.season)
            coverage.insert(leagueSeason)
            // A postponed game stands on no day yet: MLB lists the shell on its first day with the
            // makeup's date, which may lie past the days the feed covers.
            let dated = feed.status != .postponed
            if dated, let day = feed.localDate { widen(leagueSeason, to: day) }
            guard let home = teams.resolve(feed.home, league: feed.league),
                let away = teams.resolve(feed.away, league: feed.league)
            else {
                for side in [feed.home, feed.away] where teams.resolve(side, league: feed.league) == nil {
                    unresolvedTeams.insert("\(feed.league) \(side.name) (\(side.id))")
                }
                leftOut += 1
                continue
            }
            let homePark = teamById[home]?.stadiumId.flatMap { venues.stadium($0) }
            let isNeutralSite = homeVenues?.isNeutralSite(feed) ?? feed.isNeutralSite
            // A home game at a venue known by another name (a sponsor's, a translation: "Centre
            // Bell") is at the home team's park; only a neutral-site game gets a new Stadium, placed
            // where the feed (or the gazetteer) says — never at the home park. One nobody places
            // keeps its name and no stadium.
            var stadiumId: String?
            var venueName: String?
            if let stated = feed.venue {
                let venue = Self.usable(stated, zones: zones)
                if let id = venues.known(venue) {
                    stadiumId = id
                } else if !isNeutralSite, let park = homePark {
                    stadiumId = park.id
                    venuesAsHomePark.insert("\(venue.name) → \(park.name)")
                } else if let id = venues.resolve(venue, league: feed.league) {
                    stadiumId = id
                } else {
                    venueName = venue.name
                    if !(unplacedVenues[feed.league] ?? []).contains(where: { $0.key == venue.key }) {
                        unplacedVenues[feed.league, default: []].append(venue)
                    }
                }
            } else if unstatedVenue == .homePark {
                stadiumId = homePark?.id
            }
            if stadiumId == nil, venueName == nil, unstatedVenue == .homePark {
                leftOut += 1
                continue
            }
            // A score is a result only once the game is over (or stopped, shown without "F"): a
            // capture taken mid-game must not store a partial score as if it were final.
            let score = feed.status == .inProgress ? nil : feed.score
            var game = Game(
                id: "", sport: feed.league, season: feed.season, startTime: feed.start, timeTBD: feed.timeTBD,
                homeTeamId: home, awayTeamId: away, stadiumId: stadiumId, gameNumber: feed.gameNumber,
                status: Self.status(feed.status), isNeutralSite: isNeutralSite, seasonType: seasonType,
                resumedAt: feed.suspension?.resumes?.start, homeScore: score?.home, awayScore: score?.away,
                sourceId: feed.gameId, venueName: venueName, decidedIn: score?.decidedIn)
            let day = feed.localDate ?? zoneOf(stadiumId).map { CalendarDay(feed.start, in: $0) }
            if dated, let day { widen(leagueSeason, to: day) }
            game.id = identity.id(for: game, localDay: day, formerSourceIds: feed.formerGameIds)
            games.append(
                NormalisedGame(game: game, wasPostponed: feed.postponement != nil || feed.status == .postponed))
        }
        newStadiums = venues.added.values.sorted { $0.id < $1.id }
    }

    /// The venue with what cannot be used dropped: a coordinate out of range, a zone unknown.
    private static func usable(_ venue: FeedVenue, zones: ZoneDatabase) -> FeedVenue {
        var venue = venue
        if let point = venue.coordinate, !point.isValid { venue.coordinate = nil }
        if let zone = venue.timeZone, zones.zone(zone) == nil { venue.timeZone = nil }
        return venue
    }

    private mutating func widen(_ season: LeagueSeason, to day: CalendarDay) {
        guard let window = windows[season] else {
            windows[season] = day...day
            return
        }
        if !window.contains(day) { windows[season] = min(window.lowerBound, day)...max(window.upperBound, day) }
    }

    static func status(_ status: FeedGameStatus) -> Game.Status {
        switch status {
        case .scheduled, .inProgress: return .scheduled
        case .final: return .final
        case .postponed: return .postponed
        case .suspended: return .suspended
        case .cancelled: return .cancelled
        case .completedEarly: return .completedEarly
        }
    }
}
