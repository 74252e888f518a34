import ArgumentParsing
import FoundationEssentials
import InputText
import OutputText
import TripsInput
import TripsModel
import TripsRender
import TripsStore

/// `trips next`: what is next for you — each favourite team's next game, when and where, how
/// far from home, and how soon; a favourite with none ahead says why and what to do.
struct NextCommand: TripsCommand {
    enum Options {
        static let days = Option<Int?>.int(
            "days", "N", in: 1...366, "Every game of each favourite in the next N days, not only the next one")
        static let format = Option<OutputFormat?>.choice(
            "format", "FORMAT", among: [OutputFormat.table, .json, .csv, .ics],
            "Output: table (default), json, csv, ics")
    }

    static let spec = TripsCommandSpec(
        name: "next", summary: "Your favourite teams' next games: when, where, whom, how far",
        discussion: """
            A line per favourite team (`trips favorites add BOS`): its next game from now, with
            the venue-local day and time, how soon ("tomorrow", "in 3 days"), the opponent (vs
            at home, @ away) and the venue. With `trips config set home "Boston, MA"` a DIST
            column gives each venue's straight-line miles from there. A game that began less
            than \(Game.liveHours) hours ago with no result yet is still on: `live`.

            --days N lists every game of each favourite in the next N days instead. --near
            PLACE keeps the games at venues within --within miles (default 50) of a place, as
            `trips games --near` does; DIST is then from that place. A favourite with no game
            to show says why: none near enough, none in those days, or a season over whose
            successor is not in the store yet (`trips sync`).
            """,
        options: [Options.days, ScheduleFilters.Options.near, ScheduleFilters.Options.within, Options.format],
        examples: [
            "trips next",
            "trips next --days 14",
            "trips next --near \"Boston, MA\" --within 100 --days 30",
            "trips next --format json",
        ],
        action: action)

    var days: Int?
    var near: String?
    var radius: Double
    var format: OutputFormat

    init(_ arguments: ParsedArguments, context: CLIContext) throws {
        days = try arguments.read(Options.days)
        near = try arguments.read(ScheduleFilters.Options.near)
        let within = try arguments.read(ScheduleFilters.Options.within)
        if within != nil && near == nil { throw arguments.error(.missingRequired("--near (needed by --within)")) }
        radius = within ?? 50
        format = try arguments.read(Options.format) ?? .table
    }

    func run(_ context: CLIContext) throws {
        let favorites = try FavoriteTeamList(context)
        if let note = favorites.staleNote { context.stderr.line("note: \(note)".terminalSafe) }
        guard !favorites.live.isEmpty else {
            context.stdout.line("No favourite teams yet: `trips favorites add BOS` (a code, name or city).")
            return
        }
        let provider = try context.provider()
        let places = PlaceInput(context: context, provider: provider)
        let place = try near.map { try places.resolve($0) }
        let home = try Self.home(context, places: places)
        let upcoming = try UpcomingGames(
            teams: favorites.live, provider: provider, now: context.now, days: days,
            near: place.map { ($0, radius) }, home: home)
        var query: [(String, JSONDocument)] = [
            ("teams", .array(favorites.live.map { .string($0.id) })), ("days", days.map(JSONDocument.int) ?? .null),
        ]
        if let place { query += [("near", .string(place.label)), ("withinMiles", .double(radius))] }
        query.append(("home", .string(home?.label)))
        let schedule = ScheduleDocument(
            upcoming.entries, summary: "", query: .object(query), context: context, showScores: false)
        let document = NextGamesDocument(
            lines: upcoming.lines, schedule: schedule,
            distanceFrom: place.map { $0.label } ?? home.map { "\($0.label) (config home)" }, columns: context.columns)
        context.stdout.write(try format.render(document, style: context.style))
        // The table and JSON say why a favourite has no game; beside CSV and calendars, stderr does.
        if format == .csv || format == .ics { document.absenceLines.forEach(context.note) }
    }

    /// `config home`, as a place; a value no longer understood is said once, and distances left out.
    static func home(_ context: CLIContext, places: PlaceInput) throws -> ResolvedPlace? {
        let settings = try SyncSettings.load(
            configPath: context.storeLocation.configPath, environment: context.environment)
        guard let text = try settings.validated(.home) else { return nil }
        do {
            return try places.resolve(text)
        } catch {
            context.note("config home \"\(text)\" is not a place trips can find, so no distances: \(error)")
            return nil
        }
    }
}
