import ArgumentParsing
import FoundationEssentials
import Glibc
import TripsModel
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
    }

    static let spec = TripsCommandSpec(
        name: "export", summary: "Write a schedule to a file: JSON, calendar (.ics) or CSV",
        discussion: """
            The format comes from --format, else from the --output file's extension; a file name
            that contradicts --format is refused. Without --output the schedule goes to stdout.

            \(GamesCommand.zoneDiscussion)
            """,
        options: ScheduleFilters.Options.all + [Options.output, Options.format, Options.tz],
        examples: [
            "trips export --sport mlb --team HOU --season 2026 --output astros.ics",
            "trips export --sport nhl --team NYR --from 2026-01-01 --to 2026-01-31 --output rangers.json",
            "trips export --sport mlb --team HOU --season 2026 --format csv --output -",
        ],
        action: action)

    var destination: OutputDestination
    var times: TimeDisplay
    var filters: ScheduleFilters

    init(_ arguments: ParsedArguments, context: CLIContext) throws {
        destination = try OutputDestination(
            output: arguments.read(Options.output), format: arguments.read(Options.format),
            supported: [.json, .ics, .csv], defaultFormat: nil, arguments: arguments)
        times = try TimeDisplay.parse(arguments.read(Options.tz), context: context)
        filters = try ScheduleFilters(arguments, context: context)
    }

    func run(_ context: CLIContext) throws {
        let selection = try ScheduleSelection(filters, context)
        let document = ScheduleDocument(selection, times: times, context: context)
        let text = try destination.format.render(document, style: Style(enabled: false))
        selection.noteUnresolved(context)
        if let path = destination.path {
            if try FileWriter.write(text, to: path) == .file {
                context.stderr.line("wrote \(path): \(selection.summary)".terminalSafe)
            }
        } else {
            context.stdout.write(text)
        }
        try selection.coverage.report(context, provider: context.provider())
    }
}
