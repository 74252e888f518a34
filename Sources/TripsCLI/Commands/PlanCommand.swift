import ArgumentParsing
import FoundationEssentials
import Glibc
import InputText
import OutputText
import TripsInput
import TripsModel
import TripsPlanner
import TripsRender
import TripsStore
import TripsZones

/// `trips plan`: ranked itineraries that see as many games as the travel allows. Asks for
/// what the flags did not give when stdin is a terminal; never asks with `--no-input`.
struct PlanCommand: TripsCommand {
    enum Options {
        static let sport = Option<[String]>.commaList("sport", "LIST", "Sports to include (default: all)")
            .completing(.dynamic(.sport))
        static let from = Option<String?>.value(
            "from", "DATE",
            "First day of the trip: YYYY-MM-DD, today, tomorrow, +7d, this/next weekend (alone: the "
                + "weekend); default today with --days or --to (a tour: today in a season under way)")
        static let to = Option<String?>.value(
            "to", "DATE", "Last day of the trip (inclusive; \"this weekend\" is its Sunday)")
        static let days = Option<Int?>.int("days", "N", in: 1...366, "Trip length in days, instead of --to (default 7)")
        static let start = Option<String?>.value(
            "start", "PLACE", "Where you set off: \"Chicago, IL\", a venue, a team, or \"lat,long\""
        ).completing(.dynamic(.place))
        static let end = Option<String?>.value("end", "PLACE", "Where you finish (default: wherever the last game is)")
            .completing(.dynamic(.place))
        static let team = Option<[String]>.list("team", "TEAM", "A team you must see at least once (repeatable)")
            .completing(.dynamic(.team))
        static let game = Option<[String]>.list(
            "game", "ID",
            "A game you must see, by id from `trips games --format json` (repeatable; an id is a name, "
                + "not a date: a moved game keeps it)")
        static let homeOnly = Option<[String]>.list(
            "home-only", "TEAM", "See this team only in its own building (repeatable)"
        ).completing(.dynamic(.team))
        static let maxDriveHours = Option<DriveHoursAnswer?>.parsed(
            "max-drive-hours", "H",
            "Most hours of driving per day (default 6; a tour: more by day if 6 do not fit); with --tour, "
                + "min: the fewest whose tour takes at most 10 % more days than at 6 h; least: the fewest "
                + "that admit the tour at all",
            expected: "a number from 0.5 to 24, min or least", parse: DriveHoursAnswer.parse)
        static let minGapHours = Option<Double?>.number(
            "min-gap-hours", "H", in: 0...240, "At least this many hours between game starts")
        static let maxGames = Option<Int?>.int("max-games", "N", in: 1...500, "At most N games")
        static let distinctStadiums = Option<Bool>.flag("distinct-stadiums", "Never the same venue twice")
        static let nightDriving = Option<Bool>.flag(
            "night-driving",
            "Allow driving between 23:00 and 07:00 (never a default; a tour that needs it says so); a plan "
                + "still drives by day where it can, and one setting off at night says what that buys")
        static let speed = Option<Double?>.number("speed", "MPH", in: 10...90, "Average driving speed (default 55)")
        static let travel = Option<TravelMode?>.choice(
            "travel", "MODE", among: TravelMode.allCases,
            "drive (default), fly (every leg a flight serves) or either (fly a leg longer than a day's "
                + "driving when the flight is quicker door to door); flights are estimates, no timetable or fare")
        static let optimize = Option<PlanGoal?>.choice(
            "optimize", "GOAL", among: PlanGoal.allCases,
            "Rank by: games (default), stadiums, driving; a tour minimises days (default), driving or distance")
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
        static let tour = Option<TourKindAnswer?>.choice(
            "tour", "KIND", among: TourKindAnswer.allCases,
            "A great tour: opponents (--team at every venue it plays away) or venues (every venue of --sport)")
        static let season = Option<String?>.value(
            "season", "SEASON", "With --tour: the season, e.g. 2026 or 2025-26 (default: the one under way or next)"
        ).completing(.dynamic(.season))
        static let teams = Option<[String]>.list(
            "teams", "LIST", "With --tour venues: only these teams' venues, e.g. a division (comma-separated)"
        ).completing(.dynamic(.team))
        static let timeLimit = Option<Duration?>.duration(
            "time-limit", "TIME", in: .seconds(1)...(.seconds(3600)),
            "With --tour: answer within TIME, proven best or with a bound (default 60s)")
        static let explain = Option<Bool>.flag("explain", "With --tour: say which games fix the tour's dates")
        static let driveTimes = Option<String?>.value(
            "drive-times", "FILE",
            "Your road miles and minutes between venues (CSV or JSON: from,to,miles,minutes)"
        ).completing(.files)
        static let save = Option<String?>.value(
            "save", "NAME", "Save the best option as NAME (`trips saved`; synced between your devices)")
        static let preferUnvisited = Option<Bool>.flag(
            "prefer-unvisited", "Rank by venues you have not been to (`trips visited`), then games, then driving")
        static let onlyUnvisited = Option<Bool>.flag(
            "only-unvisited", "Skip games at venues you have been to (`trips visited`)")
    }

    static let spec = TripsCommandSpec(
        name: "plan", summary: "Plan a road trip: ranked itineraries that see the most games",
        discussion: """
            Finds the best itineraries (exactly, not greedily) through the games in a date window,
            driving between venues within a daily limit and resting overnight. On a terminal it
            asks for anything the options do not give; with --no-input (or no terminal) it never
            asks: --days or --to alone plan from today, and with neither a missing --from is an
            error. Days from today plan from now: no drive sets off earlier, and a game already
            under way is left out. A note says what the store lacks for the leagues and
            days (or a tour's season) asked: a season not loaded or partly loaded, days with no
            games published yet, or a postseason not loaded (`trips seasons --help` has the
            rules).

            The table shows each option day by day: where you wake and sleep, the games, and
            under each day its drives and games in local time; a drive longer than a day's
            limit stops for the night in the nearest town. JSON has the schedule keys, and per
            option "trips": games, legs (as planned), totals, warnings and "days": date, wake,
            drives (from, to, depart, arrive, miles, hours), games (id, matchup, venue, start;
            times local with their UTC offset) and sleep. CSV has a row per game and drive;
            ics holds option 1's games and drives.

            Drives are estimated from straight-line distance (× 1.2 for roads) at the average
            speed, unless --drive-times gives a venue pair's road miles and minutes (e.g. from
            an OSRM table query, see the README); the output says how many drives it covered.
            """,
        options: [
            Options.sport, Options.from, Options.to, Options.days, Options.start, Options.end, Options.team,
            Options.game, Options.homeOnly, Options.maxDriveHours, Options.minGapHours, Options.maxGames,
            Options.distinctStadiums, Options.nightDriving, Options.speed, Options.travel, Options.optimize,
            Options.options,
            Options.format, Options.output, Options.noInput, Options.tour, Options.season, Options.teams,
            Options.timeLimit, Options.explain, Options.driveTimes, Options.save, Options.preferUnvisited,
            Options.onlyUnvisited,
        ],
        examples: [
            "trips plan",
            "trips plan --sport mlb --from 2026-06-01 --days 7 --start Chicago --max-drive-hours 5",
            "trips plan --sport nba --from 2027-01-10 --to 2027-01-17 --start \"Boston, MA\" --team NYK --format json",
            "trips plan --sport mlb --from 2026-06-01 --days 7 --start Chicago --output trip.geojson",
            "trips plan --sport mlb --from 2026-06-01 --days 5 --start Houston --save \"Texas swing\"",
            "trips plan --tour opponents --team MIA --season 2025-26 --optimize days",
            "trips plan --tour venues --sport nfl --teams BUF,MIA,NE,NYJ --season 2026 --max-drive-hours min",
            "trips plan --sport mlb --from 2026-06-01 --days 7 --start Chicago --drive-times drive-times.csv",
        ],
        action: action)

    var answers: PlanAnswers
    /// Set with `--tour`: the tour's answers, which replace the date window's.
    var tour: TourAnswers?
    var destination: OutputDestination
    var interactive: Bool
    /// For the error when `--from` is missing and nobody can be asked.
    var usage: String
    /// `--drive-times FILE`, read once the store is open (its venues resolve the names).
    var driveTimesPath: String?
    /// `--save NAME`: keep option 1 as a saved trip.
    var saveName: String?
    /// `--prefer-unvisited` / `--only-unvisited`: the venues of `trips visited` rank low / are left out.
    var preferUnvisited = false
    var onlyUnvisited = false

    init(_ arguments: ParsedArguments, context: CLIContext) throws {
        usage = arguments.usage
        saveName = try arguments.read(Options.save)?.trimmed
        if saveName?.isEmpty == true {
            throw arguments.error(.invalidValue(option: "--save", value: "", reason: "the name is empty"))
        }
        // A name too long or with control characters fails before any planning.
        saveName = try saveName.map(SavedTripName.checked)
        preferUnvisited = try arguments.read(Options.preferUnvisited)
        onlyUnvisited = try arguments.read(Options.onlyUnvisited)
        let noInput = try arguments.read(Options.noInput)
        interactive = context.stdinIsTerminal && !noInput
        destination = try OutputDestination(
            output: arguments.read(Options.output), format: arguments.read(Options.format),
            supported: [.table, .json, .csv, .ics, .geojson, .gpx], defaultFormat: .table, arguments: arguments)
        let sports = try arguments.read(Options.sport)
        let days = try arguments.read(Options.days)
        let to = try arguments.read(Options.to)
        if days != nil && to != nil { throw arguments.error(.conflicting("--to", "--days")) }
        let goal = try arguments.read(Options.optimize)
        let driveHours = try arguments.read(Options.maxDriveHours)
        let from = try arguments.read(Options.from)
        // A weekend is its days: `--to "this weekend"` is its Sunday, and `--from "this
        // weekend"` alone is the weekend (as `games --on` reads it).
        let weekendAlone = to == nil && days == nil && from.map { DayInput.isSpan($0) } == true
        answers = PlanAnswers(
            sports: sports.isEmpty ? nil : sports,
            from: try DayInput.option("from", from, context: context),
            to: try DayInput.option("to", weekendAlone ? from : to, last: true, context: context), days: days,
            start: try arguments.read(Options.start), end: try arguments.read(Options.end),
            teams: try arguments.read(Options.team), games: try arguments.read(Options.game),
            homeOnly: try arguments.read(Options.homeOnly), maxDriveHours: driveHours?.hours,
            minGapHours: try arguments.read(Options.minGapHours), maxGames: try arguments.read(Options.maxGames),
            distinctStadiums: try arguments.read(Options.distinctStadiums),
            nightDriving: try arguments.read(Options.nightDriving), speed: try arguments.read(Options.speed),
            objective: goal?.planObjective, options: try arguments.read(Options.options),
            travel: try arguments.read(Options.travel))
        tour = try Self.tourAnswers(arguments, answers: answers, goal: goal, driveHours: driveHours)
        driveTimesPath = try arguments.read(Options.driveTimes)
        if tour != nil && saveName != nil { throw arguments.error(.conflicting("--tour", "--save")) }
        if tour != nil && (preferUnvisited || onlyUnvisited) {
            throw arguments.error(.conflicting("--tour", preferUnvisited ? "--prefer-unvisited" : "--only-unvisited"))
        }
        if preferUnvisited && goal != nil { throw arguments.error(.conflicting("--prefer-unvisited", "--optimize")) }
    }

    /// `--tour` and its options, checked against the date window's: each set belongs to one mode.
    private static func tourAnswers(
        _ arguments: ParsedArguments, answers: PlanAnswers, goal: PlanGoal?, driveHours: DriveHoursAnswer?
    ) throws -> TourAnswers? {
        let kind = try arguments.read(Options.tour)
        let season = try SeasonInput.option("season", arguments.read(Options.season))
        let teams = try arguments.read(Options.teams)
        let timeLimit = try arguments.read(Options.timeLimit)
        let explains = try arguments.read(Options.explain)
        guard let kind else {
            let tourOnly: [(String, Bool)] = [
                ("--season", season != nil), ("--teams", !teams.isEmpty), ("--time-limit", timeLimit != nil),
                ("--explain", explains), ("--max-drive-hours min", driveHours == .minimum),
                ("--max-drive-hours least", driveHours == .least),
                ("--optimize \(goal?.rawValue ?? "")", goal != nil && goal?.planObjective == nil),
            ]
            if let (option, _) = tourOnly.first(where: \.1) {
                throw arguments.error(.missingRequired("--tour (\(option) applies to tours)"))
            }
            return nil
        }
        let windowOnly: [(String, Bool)] = [
            ("--game", !answers.games.isEmpty), ("--home-only", !answers.homeOnly.isEmpty),
            ("--min-gap-hours", answers.minGapHours != nil), ("--max-games", answers.maxGames != nil),
            ("--distinct-stadiums", answers.distinctStadiums), ("--options", answers.options != nil),
        ]
        if let (option, _) = windowOnly.first(where: \.1) { throw arguments.error(.conflicting("--tour", option)) }
        if let goal, goal.tourObjective == nil {
            throw arguments.error(
                .invalidValue(
                    option: "--optimize", value: goal.rawValue, reason: "a tour minimises days, driving or distance"))
        }
        if kind == .opponents && answers.teams.count > 1 {
            throw arguments.error(
                .invalidValue(
                    option: "--team", value: answers.teams.joined(separator: ","),
                    reason: "--tour opponents follows one team"))
        }
        if kind == .opponents && !teams.isEmpty { throw arguments.error(.conflicting("--tour opponents", "--teams")) }
        if kind == .venues && !answers.teams.isEmpty {
            throw arguments.error(.conflicting("--tour venues", "--team (use --teams LIST for a subset)"))
        }
        return TourAnswers(
            kind: kind, sports: answers.sports, team: answers.teams.first, teams: teams, season: season,
            from: answers.from, to: answers.to, days: answers.days, start: answers.start, end: answers.end,
            driveHours: driveHours, nightDriving: answers.nightDriving,
            speed: answers.speed, travel: answers.travel, objective: goal?.tourObjective, timeLimit: timeLimit,
            explains: explains)
    }

    func run(_ context: CLIContext) throws {
        // Ctrl-C while the store and the games load stops the plan as soon as it searches.
        InterruptRequest.listen()
        let provider = try context.provider()
        let roadTimes = try driveTimesPath.map {
            try DriveTimesInput(path: $0, provider: provider, now: context.now).load()
        }
        let questions = PlanQuestions(
            context: context, provider: provider, places: PlaceInput(context: context, provider: provider))
        if let tour = try tourAnswers(questions) {
            return try TourPlan(answers: tour, destination: destination, roadTimes: roadTimes, interactive: interactive)
                .run(context, provider: provider, places: questions.places)
        }
        var inputs = try tripInputs(context, provider: provider, questions: questions)
        inputs.request.roadTimes = roadTimes
        let games = try candidateGames(inputs, provider: provider, context: context)
        let zones = provider.zones
        var planner = TripPlanner(sports: try provider.sports(), zones: { zones.zone($0) })
        planner.airports = try context.airports(for: inputs.request)
        let stopwatch = Stopwatch()
        let line = context.stderrIsTerminal ? PlanProgressLine(output: context.stderr, elapsed: stopwatch.seconds) : nil
        // Again after the questions (a prompt ends at Ctrl-C): the search stops and prints the
        // best trips so far (then exit 130).
        InterruptRequest.listen()
        let result = try planner.plan(
            inputs.request, games: games, progress: line.map { line in line.show }, stop: { InterruptRequest.isRaised })
        line?.clear()
        if context.verbose {
            for line in SearchStatistics.lines(result.statistics, seconds: stopwatch.seconds()) {
                context.stderr.line(line)
            }
        }
        try show(result, inputs: inputs, games: games, planner: planner, context, provider: provider)
    }
}

/// Nothing fits the request: exit 1 with the planner's explanation of the tightest constraint.
struct NoTripFits: Error, ExitCodeProviding {
    var reason: String
    package var exitCode: Int32 { ExitStatus.failure }
    var description: String { reason }
}
