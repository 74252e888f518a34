import ArgumentParsing
import FoundationEssentials
import Glibc
import InputText
import OutputText
import TripsInput
import TripsModel
import TripsRender
import TripsStore

/// `trips export`: the `games` filters written to a file — JSON, iCalendar or CSV, chosen by
/// `--format` or the file's extension. The file is complete or absent, never half-written.
struct ExportCommand: TripsCommand {
    enum Options {
        static let output = Option<String?>.value(
            "output", "FILE",
            "The file to write (format from --format, else its extension: .json, .ics, .csv); - for stdout"
        ).completing(.files)
        static let format = Option<OutputFormat?>.choice(
            "format", "FORMAT", among: [OutputFormat.json, .ics, .csv],
            "json, ics or csv (must agree with a .json, .ics or .csv file name)")
        static let tz = TimeDisplay.option("Times in CSV and JSON")
        static let subscribe = Option<Bool>.flag(
            "subscribe",
            "Print the webcal:// URL of the configured cloud's calendar for --sport with --team or --season, instead of a file"
        )
    }

    static let spec = TripsCommandSpec(
        name: "export", summary: "Write a schedule to a file: JSON, calendar (.ics) or CSV",
        discussion: """
            The format comes from --format, else from the --output file's extension; a file name
            that contradicts --format is refused. Without --output the schedule goes to stdout.
            A calendar's events keep the game's id as UID and a SEQUENCE that grows whenever the
            game changes, so importing a newer file moves events instead of duplicating them.

            --subscribe prints the address of a calendar the configured cloud (trips-cloud, set
            with `trips config set cloud.url URL`) keeps current, for a calendar app to subscribe to.
            Results are in each event's DESCRIPTION (SUMMARY stays the matchup), JSON's score and
            CSV's away_score/home_score; --no-scores (or `trips config set scores off`) leaves them
            out, of a subscribed calendar too.

            \(GamesCommand.zoneDiscussion)
            """,
        options: ScheduleFilters.Options.all + [Options.output, Options.format, Options.tz, Options.subscribe]
            + ScoreChoice.options,
        examples: [
            "trips export --sport mlb --team HOU --season 2026 --output astros.ics",
            "trips export --sport nhl --team NYR --from 2026-01-01 --to 2026-01-31 --output rangers.json",
            "trips export --sport mlb --team HOU --season 2026 --format csv --output -",
            "trips export --subscribe --sport mlb --team HOU",
        ],
        action: action)

    var destination: OutputDestination
    var times: TimeDisplay
    var filters: ScheduleFilters
    var showScores: Bool

    /// With `--subscribe`: the calendar's URL path (`/calendars/mlb/hou.ics`), nothing written.
    var subscription: String?

    init(_ arguments: ParsedArguments, context: CLIContext) throws {
        if try arguments.read(Options.subscribe) {
            subscription = try Self.subscriptionPath(arguments)
        }
        // A subscription is a calendar: no file, so no format to guess from its name.
        destination = try OutputDestination(
            output: arguments.read(Options.output), format: arguments.read(Options.format),
            supported: [.json, .ics, .csv], defaultFormat: subscription == nil ? nil : .ics, arguments: arguments)
        times = try TimeDisplay.parse(arguments.read(Options.tz), context: context)
        filters = try ScheduleFilters(arguments, context: context)
        showScores = try ScoreChoice.read(arguments, context: context)
    }

    /// `/calendars/{sport}/{team}.ics` or `/calendars/{sport}/{season}.ics`, as `trips-cloud` serves them.
    static func subscriptionPath(_ arguments: ParsedArguments) throws -> String {
        let sports = try arguments.read(ScheduleFilters.Options.sport)
        let teams = try arguments.read(ScheduleFilters.Options.team)
        let season = try arguments.read(ScheduleFilters.Options.season)
        guard sports.count == 1, let sport = sports.first?.trimmed.lowercased(), !sport.isEmpty else {
            throw arguments.error(.missingRequired("--sport (one league) with --subscribe"))
        }
        if teams.count == 1, let team = teams.first?.trimmed, !team.isEmpty {
            return "/calendars/\(Self.pathSegment(sport))/\(Self.pathSegment(team.lowercased())).ics"
        }
        guard teams.isEmpty, let season = season?.trimmed, !season.isEmpty else {
            throw arguments.error(.missingRequired("one --team (its abbreviation) or --season with --subscribe"))
        }
        return "/calendars/\(Self.pathSegment(sport))/\(Self.pathSegment(season)).ics"
    }

    /// Percent-encodes all but unreserved characters (RFC 3986), so a segment stays one segment.
    static func pathSegment(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return out
    }

    /// The configured cloud's URL as `webcal://` (http and https alike), or an error saying to set one.
    static func webcalURL(path: String, context: CLIContext) throws -> String {
        let settings = try SyncSettings.load(
            configPath: context.storeLocation.configPath, environment: context.environment)
        let entry = settings.entry(.cloudURL)
        switch entry.source {
        case .file, .environment: break
        case .defaultValue, .unset:
            throw InputError.other(
                "no cloud configured: set cloud.url to a trips-cloud server with `trips config set` (or TRIPS_CLOUD_URL)"
            )
        }
        let url = try ConfigKey.cloudURL.validate(entry.value ?? "")
        var rest = Substring(url)
        for scheme in ["https://", "http://"] where rest.lowercased().hasPrefix(scheme) {
            rest = rest.dropFirst(scheme.count)
        }
        while rest.hasSuffix("/") { rest = rest.dropLast() }
        return "webcal://" + rest + path
    }

    func run(_ context: CLIContext) throws {
        if let subscription {
            let address = try Self.webcalURL(path: subscription, context: context) + (showScores ? "" : "?scores=off")
            context.stdout.write(address + "\n")
            return
        }
        let selection = try ScheduleSelection(filters, context)
        let document = ScheduleDocument(selection, times: times, context: context, showScores: showScores)
        let text = try destination.format.render(document, style: Style(enabled: false))
        selection.noteUnresolved(context)
        try destination.emit(text, context, what: selection.summary)
        try selection.coverage.report(context, provider: context.provider())
    }
}
