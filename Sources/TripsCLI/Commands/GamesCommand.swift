import Foundation
import TripsModel
import TripsStore

/// `trips games`: browse whole seasons from the local store, in each venue's local time.
enum GamesCommand {
    static let filterOptions: [OptionSpec] = [
        .list("sport", "LIST", "Sports to include: mlb, nba, nhl, nfl, wnba, mls (comma-separated or repeated)"),
        .list("team", "TEAM", "Games of this team: code, name, nickname or city (repeatable)"),
        .list("opponent", "TEAM", "With --team: only games against this team (repeatable)"),
        .flag("home", "With --team: home games only"),
        .flag("away", "With --team: away games only"),
        .list("stadium", "NAME", "Games at this venue (current or former name; repeatable)"),
        .value("season", "YEAR", "Season: 2026, 2025-26 (a year also matches the season starting then)"),
        .value("from", "DATE", "First day, venue-local: YYYY-MM-DD, today, tomorrow, +7d"),
        .value("to", "DATE", "Last day, venue-local (inclusive)"),
        .value("limit", "N", "Show at most N games"),
    ]

    static let spec = CommandSpec(
        name: "games", summary: "List games: whole seasons, filtered by sport, team, venue and dates",
        discussion: """
            Shows every matching game in the local store — no date window unless you give one —
            with dates and times in each venue's own time zone.

            \(GamesCommand.zoneDiscussion)
            """,
        options: filterOptions + [
            .value("format", "FORMAT", "Output: table (default), json, csv, ics"),
            .value("tz", "ZONE", "Show times in: venue (default), local, UTC, UTC-5, ET/CT/MT/PT, or an IANA zone"),
        ],
        examples: [
            "trips games --sport mlb --team HOU",
            "trips games --sport nba,nhl --stadium \"Madison Square Garden\" --from 2026-12-01 --to 2026-12-31",
            "trips games --sport mlb --team astros --home --format json",
        ])

    /// How `--tz` reads zones and where it applies; shared by `games` and `export` help.
    static let zoneDiscussion = """
        --tz sets the clock of the dates and times in tables and CSV; JSON keeps startTime in
        UTC and the venue's localDate/localTime/timeZone, and adds displayDate/displayTime/
        displayTimeZone; calendars (ics) always carry the venue's zone, which apps convert.
        US abbreviations mean the region's clock, daylight saving included: EST, EDT and ET
        are America/New_York, and likewise CT, MT (MST is Denver), PT, AKT, HT. For a fixed
        offset use UTC-7; for Arizona, America/Phoenix.
        """

    static func run(_ args: ParsedArguments, _ context: CLIContext) throws {
        let format = try args.choice("format", ["table", "json", "csv", "ics"]) ?? "table"
        let times = try TimeDisplay.parse(args.value("tz"), context: context)
        let selection = try ScheduleSelection(args, context)
        try ScheduleOutput(selection: selection, times: times, context: context).write(format: format, to: context.stdout)
        for line in try SeasonCoverageNote.lines(for: selection, provider: context.provider()) {
            context.stderr.line("note: \(line)")
        }
    }
}

/// The games filters shared by `games` and `export`, parsed, validated and resolved.
struct ScheduleSelection {
    var query: GameQuery
    var teams: [Team] = []
    var stadiums: [Stadium] = []
    var list: RichGameList
    var entries: [ScheduleEntry]
    /// The filters as the user meant them, for JSON's "query" object.
    var queryJSON: JSONDocument

    init(_ args: ParsedArguments, _ context: CLIContext) throws {
        let home = args.has("home"), away = args.has("away")
        if home && away { throw args.error(.conflicting("--home", "--away")) }
        if (home || away || !args.all("opponent").isEmpty) && args.all("team").isEmpty {
            throw args.error(.missingRequired("--team (needed by \(home ? "--home" : away ? "--away" : "--opponent"))"))
        }
        let fromDay = try DayInput.option("from", args.value("from"), context: context)
        let toDay = try DayInput.option("to", args.value("to"), context: context)
        if let fromDay, let toDay, fromDay > toDay { throw InputError.emptyRange(from: "\(fromDay)", to: "\(toDay)") }
        let limit = try args.int("limit", in: 1...1_000_000)
        let season = try SeasonInput.option("season", args.value("season"))

        let provider = try context.provider()
        let sports = args.all("sport").isEmpty ? nil : try provider.resolveSports(args.all("sport"))
        let asOf = Self.referenceDate(fromDay: fromDay, season: season, now: context.now)
        var notes: [String] = []
        let teamMatches = try args.all("team").map { try provider.resolveTeam($0, sports: sports, asOf: asOf) }
        let opponentMatches = try args.all("opponent").map { try provider.resolveTeam($0, sports: sports, asOf: asOf) }
        let stadiumMatches = try args.all("stadium").map { try provider.resolveStadium($0, asOf: asOf) }
        for (input, opponent) in zip(args.all("opponent"), opponentMatches)
        where teamMatches.contains(where: { $0.team.id == opponent.team.id }) {
            throw args.error(
                .invalidValue(
                    option: "--opponent", value: input,
                    reason: "that is the --team itself (\(opponent.team.name)); a team never plays itself"))
        }
        notes += teamMatches.compactMap(\.note) + opponentMatches.compactMap(\.note) + stadiumMatches.compactMap(\.note)
        // A former home (Oakland Coliseum) is a venue without sports: say why nothing matches.
        notes += stadiumMatches.filter { $0.stadium.sports.isEmpty }.map {
            "\($0.stadium.name) has no games in the store: no club plays there any more"
        }
        for note in notes { context.stderr.line("note: \(note)".terminalSafe) }

        teams = teamMatches.map(\.team)
        stadiums = stadiumMatches.map(\.stadium)
        query = GameQuery(
            sports: sports, teamIds: teams.map(\.id), opponentIds: opponentMatches.map(\.team.id),
            side: home ? .home : away ? .away : .any, stadiumIds: stadiums.map(\.id), season: season,
            fromDay: fromDay, toDay: toDay, limit: limit)
        list = try provider.richGames(query)
        entries = ScheduleEntry.list(list, now: context.now)
        if let limit, entries.count > limit { entries = Array(entries.prefix(limit)) }

        func strings(_ items: [String]) -> JSONDocument { .array(items.map(JSONDocument.string)) }
        queryJSON = .object([
            ("sports", sports.map { strings($0.sorted()) } ?? .null),
            ("teams", strings(teams.map(\.id))),
            ("opponents", strings(opponentMatches.map(\.team.id))),
            ("side", .string(query.side.rawValue)),
            ("stadiums", strings(stadiums.map(\.id))),
            ("season", .string(season)),
            ("from", .string(fromDay?.description)),
            ("to", .string(toDay?.description)),
            ("limit", limit.map(JSONDocument.int) ?? .null),
        ])
    }

    /// The date aliases are judged against: the first day asked for, else mid-season of the
    /// season asked for, else now.
    static func referenceDate(fromDay: CalendarDay?, season: String?, now: Date) -> Date {
        if let fromDay { return fromDay.start(in: .utc) }
        if let season, let year = Int(season.prefix(4)) {
            return CalendarDay(year: year, month: 7, day: 1).start(in: .utc)
        }
        return now
    }

    /// "162 games · Houston Astros · 2026".
    var summary: String {
        let count = entries.count
        var parts = ["\(count) game\(count == 1 ? "" : "s")"]
        if !teams.isEmpty {
            parts.append(teams.map(\.name).joined(separator: " & "))
        } else if !stadiums.isEmpty {
            parts.append(stadiums.map(\.name).joined(separator: " & "))
        } else if let sports = query.sports {
            parts.append(sports.sorted().map { $0.uppercased() }.joined(separator: ", "))
        }
        if query.side != .any { parts.append(query.side == .home ? "home" : "away") }
        let seasons = Array(Set(entries.map(\.game.season))).sorted()
        if !seasons.isEmpty { parts.append(seasons.joined(separator: ", ")) }
        return parts.joined(separator: " · ")
    }
}

/// Writes a selection in a format: the part `games` and `export` share.
struct ScheduleOutput {
    var selection: ScheduleSelection
    var times: TimeDisplay
    var context: CLIContext

    func write(format: String, to output: Output) throws {
        let renderer = ScheduleRenderer(entries: selection.entries, times: times)
        switch format {
        case "json":
            output.line(renderer.json(query: selection.queryJSON, generatedAt: context.now).rendered())
        case "csv":
            output.write(renderer.csv())
        case "ics":
            let durations = Dictionary(try context.provider().sports().map { ($0.sportId, $0.gameDurationMinutes) }) { a, _ in a }
            output.write(CalendarRenderer(now: context.now, durations: durations).schedule(selection.entries))
        default:
            let style = context.style
            if selection.entries.isEmpty {
                output.line(style.dim("no games match"))
            } else {
                output.write(renderer.table(style: style))
            }
            output.line(style.dim(selection.summary.terminalSafe))
        }
        if !selection.list.unresolved.isEmpty, context.verbose {
            for u in selection.list.unresolved {
                context.stderr.line(
                    "note: \(u.game.id): \(u.reasons.map(\.description).joined(separator: ", "))".terminalSafe)
            }
        }
    }
}
