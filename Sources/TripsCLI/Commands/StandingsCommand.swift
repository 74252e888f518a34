import ArgumentParsing
import TripsInput
import TripsModel
import TripsRender
import TripsStore

/// `trips standings`: one league season's table from the results in the store, by the league's
/// own rules and groups, with what it rests on said under it.
struct StandingsCommand: TripsCommand {
    enum Options {
        static let sport = Option<String?>.value("sport", "SPORT", "The league (default: the one with results)")
            .completing(.dynamic(.sport))
        static let season = Option<String?>.value(
            "season", "YEAR", "Season: 2025-26, 2026 (default: the one under way, else the last with results)"
        ).completing(.dynamic(.season))
        static let division = Option<String?>.value(
            "division", "NAME", "Only one division: Atlantic, AFC East, AL West"
        ).completing(.dynamic(.division))
        static let conference = Option<String?>.value(
            "conference", "NAME", "Only one conference: East, NFC (MLB: AL, NL)"
        ).completing(.dynamic(.conference))
        static let format = Option<OutputFormat?>.choice(
            "format", "FORMAT", among: [OutputFormat.table, .json, .csv], "Output: table (default), json, csv")
    }

    static let spec = TripsCommandSpec(
        name: "standings", summary: "Show a league season's standings from the results in the store",
        discussion: """
            Counts the regular-season games over with a result, by the league's rules: NHL
            W-L-OTL and points (2 a win, 1 an overtime or shootout loss), NFL W-L-T and
            percentage (a tie is half a win), NBA, WNBA and MLB W-L, percentage and games
            behind, MLS W-L-T (draws) and points (3 a win, 1 a draw). Teams are grouped by
            division (NHL, NFL, MLB) or conference (NBA, WNBA, MLS), as the leagues list
            them. "As of" is the venue-local day of the last result counted.

            A figure the results do not decide is ? (null in JSON, empty in CSV), never a
            guess: an NHL one-goal loss whose result does not say it went to overtime is
            an L or an OTL (the L? column). A note says when results are missing or only
            part of the season is in the store (`trips sync` brings more). Ties in the
            order are broken by simplified rules, and the output says so.
            """,
        options: [Options.sport, Options.season, Options.division, Options.conference, Options.format],
        examples: [
            "trips standings --sport nhl",
            "trips standings --sport nhl --season 2025-26 --division atlantic",
            "trips standings --sport nhl --conference west --format json",
            "trips standings --sport nhl --season 2025-26 --format csv",
        ],
        action: action)

    var sport: String?
    var season: String?
    /// `--division` or `--conference` as typed, and which.
    var group: (name: String, conference: Bool)?
    var format: OutputFormat

    init(_ arguments: ParsedArguments, context: CLIContext) throws {
        sport = try arguments.read(Options.sport)
        season = try SeasonInput.option("season", arguments.read(Options.season))
        let division = try arguments.read(Options.division)
        let conference = try arguments.read(Options.conference)
        if division != nil && conference != nil { throw arguments.error(.conflicting("--division", "--conference")) }
        group = division.map { ($0, false) } ?? conference.map { ($0, true) }
        format = try arguments.read(Options.format) ?? .table
    }

    func run(_ context: CLIContext) throws {
        let provider = try context.provider()
        let question = try StandingsQuestion(sport: sport, season: season, provider: provider, now: context.now)
        if let note = question.note { context.note(note) }
        let within = try group.map {
            try provider.resolveGroup($0.name, conference: $0.conference, sport: question.sport)
        }
        let standings = Standings(
            sport: question.sport, season: question.season, rules: question.rules,
            games: try provider.games(GameQuery(sports: [question.sport], season: question.season))
                .filter { $0.season == question.season },
            teams: try provider.teams(sports: [question.sport]),
            structure: try provider.leagueStructures(sport: question.sport), now: context.now, within: within?.id,
            byDivision: within?.kind == .division || StandingsRules.groupsByDivision(sport: question.sport))
        let renderer = StandingsRenderer(
            standings: standings, teams: try provider.teams(sports: [question.sport]),
            asOf: try standings.lastCounted.map(provider.localDay(of:)), columns: context.columns)
        context.stdout.write(try format.render(renderer, style: context.style))
        if format == .csv { for note in renderer.notes { context.note(note) } }
    }
}
