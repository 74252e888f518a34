import ArgumentParsing
import FoundationEssentials
import Glibc
import InputText
import OutputText
import TripsInput
import TripsModel
import TripsRender
import TripsStore

/// `trips games`: browse whole seasons from the local store, in each venue's local time.
struct GamesCommand: TripsCommand {
    enum Options {
        static let format = Option<OutputFormat?>.choice(
            "format", "FORMAT", among: [OutputFormat.table, .json, .csv, .ics],
            "Output: table (default), json, csv, ics")
        static let tz = TimeDisplay.option("Show times in")
        static let favorites = Option<Bool>.flag(
            "favorites", "Your favourite teams' games (`trips favorites`), when no --team is given")
    }

    static let spec = TripsCommandSpec(
        name: "games", summary: "List games: whole seasons, filtered by sport, team, venue and dates",
        discussion: """
            Shows every matching game in the local store — no date window unless you give one —
            with dates and times in each venue's own time zone. A game over with a result shows it
            in a RESULT column as `F 5–3`, away team first as the matchup reads (AWY @ HOM), and
            one begun less than \(Game.liveHours) hours ago with no result yet as `live`; --no-scores hides
            results in every format, for a fan who recorded the game (`trips config set scores
            off` makes that the default; --scores shows them once). With dates or a season, a
            note says what the store lacks for the leagues asked (the --sport, else the teams',
            else every league in season then): a season not loaded or partly loaded, days with no
            games published yet, or a postseason not loaded (`trips seasons --help` has the rules).
            Without either, it says so of the season under way today, for the leagues named.

            --near PLACE lists games at venues within --within miles (default 50) of a city
            ("Chicago, IL"), a venue, a team's home or "lat,long" — the places `trips plan
            --start` reads — nearest first within each day, with a DIST column (JSON:
            distanceMiles, straight-line miles). --on takes one day or a weekend: tonight,
            tomorrow, this weekend (Friday to Sunday; from today on a Saturday or Sunday),
            next weekend (the one after), or a date; --from and --to read the same words.

            \(GamesCommand.zoneDiscussion)
            """,
        options: ScheduleFilters.Options.all + [Options.format, Options.tz, Options.favorites] + ScoreChoice.options
            + [ListingRequest.wide],
        examples: [
            "trips games --sport mlb --team HOU",
            "trips games --sport nba,nhl --stadium \"Madison Square Garden\" --from 2026-12-01 --to 2026-12-31",
            "trips games --sport mlb --team astros --home --format json",
            "trips games --near \"Chicago, IL\" --within 30 --on \"this weekend\"",
        ],
        action: action)

    /// How `--tz` reads zones and where it applies; shared by `games` and `export` help.
    static let zoneDiscussion = """
        --tz sets the clock of the dates and times in tables and CSV; JSON keeps startTime in
        UTC and the venue's localDate/localTime/timeZone, and adds displayDate/displayTime/
        displayTimeZone; calendars (ics) always carry the venue's zone, which apps convert.
        US abbreviations mean the region's clock, daylight saving included: EST, EDT and ET
        are America/New_York, and likewise CT, MT (MST is Denver), PT, AKT, HT. For a fixed
        offset use UTC-7; for Arizona, America/Phoenix.
        """

    var format: OutputFormat
    var times: TimeDisplay
    var filters: ScheduleFilters
    var favorites: Bool
    var showScores: Bool
    /// `--wide`: every cell whole; else the table fits the terminal (80 columns off one).
    var wide: Bool

    init(_ arguments: ParsedArguments, context: CLIContext) throws {
        wide = try arguments.read(ListingRequest.wide)
        format = try arguments.read(Options.format) ?? .table
        times = try TimeDisplay.parse(arguments.read(Options.tz), context: context)
        favorites = try arguments.read(Options.favorites)
        showScores = try ScoreChoice.read(arguments, context: context)
        filters = try ScheduleFilters(arguments, context: context)
    }

    func run(_ context: CLIContext) throws {
        var filters = self.filters
        if favorites && filters.teams.isEmpty {
            let list = try FavoriteTeamList(context)
            if list.isEmpty {
                throw InputError.other("no favourite teams yet: add some with `trips favorites add TEAM`")
            }
            if let note = list.staleNote { context.stderr.line("note: \(note)".terminalSafe) }
            guard !list.live.isEmpty else {
                throw InputError.other("none of your favourite teams has games in this store")
            }
            filters.teams = list.live.map(\.id)
        }
        let selection = try ScheduleSelection(filters, context)
        var document = ScheduleDocument(selection, times: times, context: context, showScores: showScores)
        document.columns = wide ? nil : context.columns
        context.stdout.write(try format.render(document, style: context.style))
        selection.noteUnresolved(context)
        try selection.coverage.report(context, provider: context.provider())
    }
}

/// The games filters shared by `games` and `export`, parsed, validated and resolved.
struct ScheduleSelection {
    var query: GameQuery
    var teams: [Team] = []
    var stadiums: [Stadium] = []
    /// With `--near`: the place's label and the radius in miles.
    var near: (label: String, radius: Double)?
    var list: RichGameList
    var entries: [ScheduleEntry]
    /// The filters as the user meant them, for JSON's "query" object.
    var queryJSON: JSONDocument

    init(_ filters: ScheduleFilters, _ context: CLIContext) throws {
        let fromDay = filters.fromDay
        let toDay = filters.toDay
        let limit = filters.limit
        let season = filters.season
        let provider = try context.provider()
        let sports = try provider.sportFilter(filters.sports)
        let asOf = Self.referenceDate(fromDay: fromDay, season: season, now: context.now)
        var notes: [String] = []
        // A team or venue named twice (`--team NYY --team Yankees`) counts once.
        var seen = Set<String>()
        let teamMatches = try filters.teams.map { try provider.resolveTeam($0, sports: sports, asOf: asOf) }
            .filter { seen.insert($0.team.id).inserted }
        seen = []
        let opponentMatches = try filters.opponents.map { try provider.resolveTeam($0, sports: sports, asOf: asOf) }
            .filter { seen.insert($0.team.id).inserted }
        seen = []
        let stadiumMatches = try filters.stadiums.map { try provider.resolveStadium($0, asOf: asOf) }
            .filter { seen.insert($0.stadium.id).inserted }
        for (input, opponent) in zip(filters.opponents, opponentMatches)
        where teamMatches.contains(where: { $0.team.id == opponent.team.id }) {
            throw UsageError(
                kind: .invalidValue(
                    option: "--opponent", value: input,
                    reason: "that is the --team itself (\(opponent.team.name)); a team never plays itself"),
                usage: filters.usage)
        }
        notes += teamMatches.compactMap(\.note) + opponentMatches.compactMap(\.note) + stadiumMatches.compactMap(\.note)
        // A former home (Oakland Coliseum) is a venue without sports: say why nothing matches.
        notes += stadiumMatches.filter { $0.stadium.sports.isEmpty }.map {
            "\($0.stadium.name) has no games in the store: no club plays there any more"
        }
        for note in notes { context.stderr.line("note: \(note)".terminalSafe) }

        teams = teamMatches.map(\.team)
        stadiums = stadiumMatches.map(\.stadium)
        // --near: the venues within the radius (of those --stadium names, if any), with their miles.
        var miles: [String: Double]?
        if let near = filters.near {
            let place = try PlaceInput(context: context, provider: provider).resolve(near)
            self.near = (place.label, filters.radius)
            let named = Set(stadiums.map(\.id))
            miles = [:]
            for stadium in try provider.stadiums(sports: sports) where named.isEmpty || named.contains(stadium.id) {
                let distance = place.coordinate.miles(to: stadium.location)
                if distance <= filters.radius { miles?[stadium.id] = distance }
            }
        }
        query = GameQuery(
            sports: sports, teamIds: teams.map(\.id), opponentIds: opponentMatches.map(\.team.id),
            side: filters.side, stadiumIds: miles.map { $0.keys.sorted() } ?? stadiums.map(\.id), season: season,
            fromDay: fromDay, toDay: toDay, limit: miles == nil ? limit : nil)
        if let miles, miles.isEmpty {
            list = RichGameList()  // no venue that near: an empty stadium list would mean every venue
        } else {
            list = try provider.richGames(query)
        }
        entries = ScheduleEntry.list(list, now: context.now)
        if let miles {
            // Nearest first within each venue-local day; games at one venue keep their start order.
            var keyed: [(day: CalendarDay, miles: Double, entry: ScheduleEntry)] = []
            for var entry in entries {
                guard let id = entry.stadium?.id, let distance = miles[id] else { continue }
                entry.miles = distance
                keyed.append((try provider.localDay(of: entry.game), distance, entry))
            }
            entries = keyed.enumerated().sorted {
                ($0.element.day, $0.element.miles, $0.offset) < ($1.element.day, $1.element.miles, $1.offset)
            }.map(\.element.entry)
        }
        if let limit, entries.count > limit { entries = Array(entries.prefix(limit)) }

        func strings(_ items: [String]) -> JSONDocument { .array(items.map(JSONDocument.string)) }
        var fields: [(String, JSONDocument)] = [
            ("sports", sports.map { strings($0.sorted()) } ?? .null),
            ("teams", strings(teams.map(\.id))),
            ("opponents", strings(opponentMatches.map(\.team.id))),
            ("side", .string(query.side.rawValue)),
            ("stadiums", strings(stadiums.map(\.id))),
        ]
        if let near { fields += [("near", .string(near.label)), ("withinMiles", .double(near.radius))] }
        fields += [
            ("season", .string(season)),
            ("from", .string(fromDay?.description)),
            ("to", .string(toDay?.description)),
            ("limit", limit.map(JSONDocument.int) ?? .null),
        ]
        queryJSON = .object(fields)
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

    /// The leagues and days asked, for the notes on what the store lacks: the sports given,
    /// else the teams' or venues' leagues, else every league in season then. Without days or a
    /// season, the named leagues' seasons under way today.
    var coverage: CoverageQuestion {
        let implied = teams.isEmpty ? Set(stadiums.flatMap(\.sports)) : Set(teams.map(\.sport))
        return CoverageQuestion(
            leagues: query.sports ?? (implied.isEmpty ? nil : implied), from: query.fromDay, to: query.toDay,
            season: query.season, asksSeasonUnderWay: true)
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
        if let near { parts.append("within \(near.radius.formatted) miles of \(near.label)") }
        if query.side != .any { parts.append(query.side == .home ? "home" : "away") }
        let seasons = Array(Set(entries.map(\.game.season))).sorted()
        if !seasons.isEmpty { parts.append(seasons.joined(separator: ", ")) }
        return parts.joined(separator: " · ")
    }
}
