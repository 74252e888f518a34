import Foundation
import TripsModel
import TripsPlanner
import TripsStore
import TripsZones

/// `trips plan`: ranked itineraries that see as many games as the travel allows. Asks for
/// what the flags did not give when stdin is a terminal; never asks with `--no-input`.
enum PlanCommand {
    static let spec = CommandSpec(
        name: "plan", summary: "Plan a road trip: ranked itineraries that see the most games",
        discussion: """
            Finds the best itineraries (exactly, not greedily) through the games in a date window,
            driving between venues within a daily limit and resting overnight. On a terminal it
            asks for anything the options do not give; with --no-input (or no terminal) it never
            asks, and a missing --from is an error.
            """,
        options: [
            .list("sport", "LIST", "Sports to include (default: all)"),
            .value("from", "DATE", "First day of the trip: YYYY-MM-DD, today, tomorrow, +7d (required)"),
            .value("to", "DATE", "Last day of the trip (inclusive)"),
            .value("days", "N", "Trip length in days, instead of --to (default 7)"),
            .value("start", "PLACE", "Where you set off: \"Chicago, IL\", a venue, a team, or \"lat,long\""),
            .value("end", "PLACE", "Where you finish (default: wherever the last game is)"),
            .list("team", "TEAM", "A team you must see at least once (repeatable)"),
            .list("game", "ID", "A game you must see, by id (repeatable)"),
            .list("home-only", "TEAM", "See this team only in its own building (repeatable)"),
            .value("max-drive-hours", "H", "Most hours of driving per day (default 6)"),
            .value("min-gap-hours", "H", "At least this many hours between game starts"),
            .value("max-games", "N", "At most N games"),
            .flag("distinct-stadiums", "Never the same venue twice"),
            .flag("night-driving", "Allow driving between 23:00 and 07:00"),
            .value("speed", "MPH", "Average driving speed (default 55)"),
            .value("optimize", "GOAL", "Rank by: games (default), stadiums, driving"),
            .value("options", "K", "How many itineraries to show (default 3)"),
            .value("format", "FORMAT", "Output: table (default), json, csv (a row per game and drive), ics (option 1)"),
            .value("output", "FILE", "Write to FILE (format from --format, else its extension: .txt, .json, .csv, .ics); - for stdout"),
            .flag("no-input", "Never prompt; fail on a missing answer"),
        ],
        examples: [
            "trips plan",
            "trips plan --sport mlb --from 2026-06-01 --days 7 --start Chicago --max-drive-hours 5",
            "trips plan --sport nba --from 2027-01-10 --to 2027-01-17 --start \"Boston, MA\" --team NYK --format json",
        ])

    static func run(_ args: ParsedArguments, _ context: CLIContext) throws {
        let interactive = context.stdinIsTerminal && !args.has("no-input")
        let format = try OutputFormat.resolve(args, supported: [.table, .json, .csv, .ics], defaultFormat: .table)
        let provider = try context.provider()
        // A mistyped id is bad input (exit 2), found before any question is asked.
        for id in args.all("game") where try !provider.hasLiveGame(id: id) {
            throw InputError.other(
                "unknown game '\(id)' — game ids are in `trips games --format json` (e.g. game_mlb_2026_0822_atl_mil)")
        }
        let inputs = try PlanInputs.gather(args, context: context, provider: provider, interactive: interactive)

        let query = GameQuery(sports: inputs.request.sports.isEmpty ? nil : inputs.request.sports,
                              fromDay: inputs.request.from, toDay: inputs.request.to)
        let games = try provider.richGames(query).games
        let zones = provider.zones
        let planner = TripPlanner(sports: try provider.sports(), zones: { zones.zone($0) })
        let result = try planner.plan(inputs.request, games: games)

        let renderer = ItineraryRenderer(result: result, inputs: inputs, now: context.now,
                                         durations: planner.gameDurationMinutes)
        let text: String
        switch format {
        case .json: text = renderer.json().rendered() + "\n"
        case .csv: text = renderer.csv()
        case .ics: text = renderer.calendar()
        case .table:
            let toTerminal = [nil, "-"].contains(args.value("output"))
            text = renderer.table(style: toTerminal ? context.style : Style(enabled: false))
        }
        if let path = args.value("output"), path != "-" {
            try FileWriter.write(text, to: path)
            let count = result.itineraries.count
            let what = format == .ics
                ? "option 1 of \(count)" : "\(count) itinerar\(count == 1 ? "y" : "ies")"
            context.stderr.line("wrote \(path) (\(what))".terminalSafe)
        } else {
            context.stdout.write(text)
        }
        if result.itineraries.isEmpty {
            throw NoTripFits(reason: result.infeasibility?.description ?? "no trip fits the request")
        }
    }
}

/// Nothing fits the request: exit 1 with the planner's explanation of the tightest constraint.
struct NoTripFits: Error, ExitCodeProviding {
    var reason: String
    package var exitCode: Int32 { ExitStatus.failure }
    var description: String { reason }
}
