import ArgumentParsing
import FoundationEssentials
import Glibc
import TripsModel
import TripsStore

/// The games filters `games` and `export` share, read from the command line and checked
/// (dates parsed, `--home` with `--away` refused) before the store is opened.
struct ScheduleFilters {
    enum Options {
        static let sport = Option<[String]>.list(
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
            "from", "DATE", "First day, venue-local: YYYY-MM-DD, today, tomorrow, +7d")
        static let to = Option<String?>.value("to", "DATE", "Last day, venue-local (inclusive)")
        static let limit = Option<Int?>.int("limit", "N", in: 1...1_000_000, "Show at most N games")

        static let all: [any OptionDeclaration] = [sport, team, opponent, home, away, stadium, season, from, to, limit]
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
        limit = try arguments.read(Options.limit)

        if home && away { throw arguments.error(.conflicting("--home", "--away")) }
        if (home || away || !opponents.isEmpty) && teams.isEmpty {
            throw arguments.error(
                .missingRequired("--team (needed by \(home ? "--home" : away ? "--away" : "--opponent"))"))
        }
        side = home ? .home : away ? .away : .any
        fromDay = try DayInput.option("from", from, context: context)
        toDay = try DayInput.option("to", to, context: context)
        if let fromDay, let toDay, fromDay > toDay { throw InputError.emptyRange(from: "\(fromDay)", to: "\(toDay)") }
        self.season = try SeasonInput.option("season", season)
    }
}
