import ArgumentParsing
import Foundation
import TripsModel
import TripsPlanner
import TripsStore
import TripsZones

/// `trips plan`: ranked itineraries that see as many games as the travel allows. Asks for
/// what the flags did not give when stdin is a terminal; never asks with `--no-input`.
struct PlanCommand: TripsCommand {
    enum Options {
        static let sport = Option<[String]>.list("sport", "LIST", "Sports to include (default: all)")
            .completing(.dynamic(.sport))
        static let from = Option<String?>.value(
            "from", "DATE", "First day of the trip: YYYY-MM-DD, today, tomorrow, +7d (required)")
        static let to = Option<String?>.value("to", "DATE", "Last day of the trip (inclusive)")
        static let days = Option<Int?>.int("days", "N", in: 1...366, "Trip length in days, instead of --to (default 7)")
        static let start = Option<String?>.value(
            "start", "PLACE", "Where you set off: \"Chicago, IL\", a venue, a team, or \"lat,long\"")
        static let end = Option<String?>.value("end", "PLACE", "Where you finish (default: wherever the last game is)")
        static let team = Option<[String]>.list("team", "TEAM", "A team you must see at least once (repeatable)")
            .completing(.dynamic(.team))
        static let game = Option<[String]>.list("game", "ID", "A game you must see, by id (repeatable)")
        static let homeOnly = Option<[String]>.list(
            "home-only", "TEAM", "See this team only in its own building (repeatable)"
        ).completing(.dynamic(.team))
        static let maxDriveHours = Option<Double?>.number(
            "max-drive-hours", "H", in: 0.5...24, "Most hours of driving per day (default 6)")
        static let minGapHours = Option<Double?>.number(
            "min-gap-hours", "H", in: 0...240, "At least this many hours between game starts")
        static let maxGames = Option<Int?>.int("max-games", "N", in: 1...500, "At most N games")
        static let distinctStadiums = Option<Bool>.flag("distinct-stadiums", "Never the same venue twice")
        static let nightDriving = Option<Bool>.flag("night-driving", "Allow driving between 23:00 and 07:00")
        static let speed = Option<Double?>.number("speed", "MPH", in: 10...90, "Average driving speed (default 55)")
        static let optimize = Option<PlanObjective?>.choice(
            "optimize", "GOAL", among: PlanObjective.allCases, "Rank by: games (default), stadiums, driving")
        static let options = Option<Int?>.int("options", "K", in: 1...20, "How many itineraries to show (default 3)")
        static let format = Option<OutputFormat?>.choice(
            "format", "FORMAT", among: [OutputFormat.table, .json, .csv, .ics, .geojson, .gpx],
            "Output: table (default), json, csv (a row per game and drive), ics (option 1), geojson or gpx (a map)")
        static let output = Option<String?>.value(
            "output", "FILE",
            "Write to FILE (format from --format, else its extension: .txt, .json, .csv, .ics, .geojson, .gpx); "
                + "- for stdout"
        ).completing(.files)
        static let noInput = Option<Bool>.flag("no-input", "Never prompt; fail on a missing answer")
    }

    static let spec = TripsCommandSpec(
        name: "plan", summary: "Plan a road trip: ranked itineraries that see the most games",
        discussion: """
            Finds the best itineraries (exactly, not greedily) through the games in a date window,
            driving between venues within a daily limit and resting overnight. On a terminal it
            asks for anything the options do not give; with --no-input (or no terminal) it never
            asks, and a missing --from is an error.

            The table shows each option day by day: where you wake and sleep, the games, and
            under each day its drives and games in local time; a drive longer than a day's
            limit stops for the night in the nearest town. JSON has the schedule keys, and per
            option "trips": games, legs (as planned), totals, warnings and "days": date, wake,
            drives (from, to, depart, arrive, miles, hours), games (id, matchup, venue, start;
            times local with their UTC offset) and sleep. CSV has a row per game and drive;
            ics holds option 1's games and drives.
            """,
        options: [
            Options.sport, Options.from, Options.to, Options.days, Options.start, Options.end, Options.team,
            Options.game, Options.homeOnly, Options.maxDriveHours, Options.minGapHours, Options.maxGames,
            Options.distinctStadiums, Options.nightDriving, Options.speed, Options.optimize, Options.options,
            Options.format, Options.output, Options.noInput,
        ],
        examples: [
            "trips plan",
            "trips plan --sport mlb --from 2026-06-01 --days 7 --start Chicago --max-drive-hours 5",
            "trips plan --sport nba --from 2027-01-10 --to 2027-01-17 --start \"Boston, MA\" --team NYK --format json",
            "trips plan --sport mlb --from 2026-06-01 --days 7 --start Chicago --output trip.geojson",
        ],
        action: action)

    var answers: PlanAnswers
    var destination: OutputDestination
    var interactive: Bool
    /// For the error when `--from` is missing and nobody can be asked.
    var usage: String

    init(_ arguments: ParsedArguments, context: CLIContext) throws {
        usage = arguments.usage
        let noInput = try arguments.read(Options.noInput)
        interactive = context.stdinIsTerminal && !noInput
        destination = try OutputDestination(
            output: arguments.read(Options.output), format: arguments.read(Options.format),
            supported: [.table, .json, .csv, .ics, .geojson, .gpx], defaultFormat: .table, arguments: arguments)
        let sports = try arguments.read(Options.sport)
        let days = try arguments.read(Options.days)
        let to = try arguments.read(Options.to)
        if days != nil && to != nil { throw arguments.error(.conflicting("--to", "--days")) }
        answers = PlanAnswers(
            sports: sports.isEmpty ? nil : sports,
            from: try DayInput.option("from", arguments.read(Options.from), context: context),
            to: try DayInput.option("to", to, context: context), days: days,
            start: try arguments.read(Options.start), end: try arguments.read(Options.end),
            teams: try arguments.read(Options.team), games: try arguments.read(Options.game),
            homeOnly: try arguments.read(Options.homeOnly), maxDriveHours: try arguments.read(Options.maxDriveHours),
            minGapHours: try arguments.read(Options.minGapHours), maxGames: try arguments.read(Options.maxGames),
            distinctStadiums: try arguments.read(Options.distinctStadiums),
            nightDriving: try arguments.read(Options.nightDriving), speed: try arguments.read(Options.speed),
            objective: try arguments.read(Options.optimize), options: try arguments.read(Options.options))
    }

    func run(_ context: CLIContext) throws {
        let provider = try context.provider()
        // A mistyped id is bad input (exit 2), found before any question is asked.
        for id in answers.games where try !provider.hasLiveGame(id: id) {
            throw InputError.other(
                "unknown game '\(id)' — game ids are in `trips games --format json` (e.g. game_mlb_2026_0822_atl_mil)")
        }
        let places = PlaceInput(context: context, provider: provider)
        var answers = self.answers
        if interactive {
            try PlanQuestions(context: context, provider: provider, places: places).askMissing(&answers)
        } else if answers.from == nil {
            throw UsageError(kind: .missingRequired("--from DATE (the first day of the trip)"), usage: usage)
        }
        let inputs = try answers.inputs(provider: provider, places: places)

        let query = GameQuery(
            sports: inputs.request.sports.isEmpty ? nil : inputs.request.sports,
            fromDay: inputs.request.from, toDay: inputs.request.to)
        var games = try provider.richGames(query).games
        // A must-see game outside the window or the sports goes to the planner too, which then
        // says why it cannot be planned instead of calling it unknown.
        let missing = Set(inputs.request.mustSeeGameIds).subtracting(games.map(\.id))
        if !missing.isEmpty { games += try provider.richGames(GameQuery(ids: missing.sorted())).games }
        let zones = provider.zones
        let planner = TripPlanner(sports: try provider.sports(), zones: { zones.zone($0) })
        let result = try planner.plan(inputs.request, games: games)

        let messages = PlanMessages(games: games, teams: inputs.mustSeeTeams, request: inputs.request)
        let renderer = ItineraryRenderer(
            result: result, inputs: inputs, now: context.now, durations: planner.gameDurationMinutes,
            towns: try OvernightTowns(result) { try PlaceInput.loadGazetteer(context) }, messages: messages)
        let style = destination.path == nil ? context.style : Style(enabled: false)
        let text = try destination.format.render(renderer, style: style)
        if let path = destination.path {
            try FileWriter.write(text, to: path)
            let count = result.itineraries.count
            let what =
                destination.format == .ics
                ? "option 1 of \(count)" : "\(count) itinerar\(count == 1 ? "y" : "ies")"
            context.stderr.line("wrote \(path) (\(what))".terminalSafe)
        } else {
            context.stdout.write(text)
        }
        if result.itineraries.isEmpty {
            throw NoTripFits(reason: result.infeasibility.map(messages.infeasibility) ?? "no trip fits the request")
        }
    }
}

/// Nothing fits the request: exit 1 with the planner's explanation of the tightest constraint.
struct NoTripFits: Error, ExitCodeProviding {
    var reason: String
    package var exitCode: Int32 { ExitStatus.failure }
    var description: String { reason }
}
