import ArgumentParsing
import FoundationEssentials
import Glibc
import TripsInput
import TripsModel
import TripsStore

/// The games filters `games` and `export` share, read from the command line and checked
/// (dates parsed, `--home` with `--away` refused) before the store is opened.
struct ScheduleFilters {
    enum Options {
        static let sport = Option<[String]>.commaList(
            "sport", "LIST", "Sports to include: mlb, nba, nhl, nfl, wnba, mls (comma-separated or repeated)"
        ).completing(.dynamic(.sport))
        static let team = Option<[String]>.list(
            "team", "TEAM", "Games of this team: code, name, nickname or city (repeatable)"
        ).completing(.dynamic(.team))
        static let opponent = Option<[String]>.list(
            "opponent", "TEAM", "With --team: only games against this team (repeatable)"
        ).completing(.dynamic(.team))
        static let home = Option<Bool>.flag("home", "With --team: home games only")
        static let away = Option<Bool>.flag("away", "With --team: away games only")
        static let stadium = Option<[String]>.list(
            "stadium", "NAME", "Games at this venue (current or former name; repeatable)"
        ).completing(.dynamic(.stadium))
        static let season = Option<String?>.value(
            "season", "YEAR", "Season: 2026, 2025-26 (a year also matches the season starting then)"
        ).completing(.dynamic(.season))
        static let from = Option<String?>.value(
            "from", "DATE", "First day, venue-local: YYYY-MM-DD, today, tomorrow, this weekend, +7d")
        static let to = Option<String?>.value("to", "DATE", "Last day, venue-local (inclusive)")
        static let on = Option<String?>.value(
            "on", "DAY", "One day or weekend: YYYY-MM-DD, tonight, tomorrow, this/next weekend")
        static let near = Option<String?>.value(
            "near", "PLACE", "Games at venues near a city (\"Chicago, IL\"), venue, team or \"lat,long\""
        ).completing(.dynamic(.place))
        static let within = Option<Double?>.number(
            "within", "MILES", in: 0...5000, "With --near: the radius in miles (default 50)")
        static let limit = Option<Int?>.int("limit", "N", in: 1...1_000_000, "Show at most N games")

        static let all: [any OptionDeclaration] = [
            sport, team, opponent, home, away, stadium, near, within, season, from, to, on, limit,
        ]
    }

    var sports: [String]
    var teams: [String]
    var opponents: [String]
    var side: GameQuery.Side
    var stadiums: [String]
    var season: String?
    var fromDay: CalendarDay?
    var toDay: CalendarDay?
    var limit: Int?
    /// `--near`: the place as typed, resolved when the store is open, and the radius in miles.
    var near: String?
    var radius: Double
    /// The command's usage line, for errors found once the names are resolved.
    var usage: String

    init(_ arguments: ParsedArguments, context: CLIContext) throws {
        usage = arguments.usage
        sports = try arguments.read(Options.sport)
        teams = try arguments.read(Options.team)
        opponents = try arguments.read(Options.opponent)
        let home = try arguments.read(Options.home)
        let away = try arguments.read(Options.away)
        stadiums = try arguments.read(Options.stadium)
        let season = try arguments.read(Options.season)
        let from = try arguments.read(Options.from)
        let to = try arguments.read(Options.to)
        let on = try arguments.read(Options.on)
        near = try arguments.read(Options.near)
        let within = try arguments.read(Options.within)
        limit = try arguments.read(Options.limit)
        if within != nil && near == nil { throw arguments.error(.missingRequired("--near (needed by --within)")) }
        radius = within ?? 50
        if on != nil && (from != nil || to != nil) {
            throw arguments.error(.conflicting("--on", from != nil ? "--from" : "--to"))
        }

        if home && away { throw arguments.error(.conflicting("--home", "--away")) }
        if (home || away || !opponents.isEmpty) && teams.isEmpty {
            throw arguments.error(
                .missingRequired("--team (needed by \(home ? "--home" : away ? "--away" : "--opponent"))"))
        }
        side = home ? .home : away ? .away : .any
        fromDay = try DayInput.option(on != nil ? "on" : "from", from ?? on, context: context)
        toDay = try DayInput.option(on != nil ? "on" : "to", to ?? on, last: true, context: context)
        if let fromDay, let toDay, fromDay > toDay { throw InputError.emptyRange(from: "\(fromDay)", to: "\(toDay)") }
        self.season = try SeasonInput.option("season", season)
    }
}
