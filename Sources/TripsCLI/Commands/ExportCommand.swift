import Foundation
import TripsModel
import TripsStore

/// `trips export`: the `games` filters written to a file — JSON, iCalendar or CSV, chosen by
/// `--format` or the file's extension. The file is complete or absent, never half-written.
enum ExportCommand {
    static let spec = CommandSpec(
        name: "export", summary: "Write a schedule to a file: JSON, calendar (.ics) or CSV",
        discussion: """
            The format comes from --format, else from the --output file's extension; a file name
            that contradicts --format is refused. Without --output the schedule goes to stdout.

            \(GamesCommand.zoneDiscussion)
            """,
        options: GamesCommand.filterOptions + [
            .value("output", "FILE", "The file to write (format from --format, else its extension: .json, .ics, .csv); - for stdout"),
            .value("format", "FORMAT", "json, ics or csv (must agree with a .json, .ics or .csv file name)"),
            .value("tz", "ZONE", "Times in CSV and JSON: venue (default), local, UTC, UTC-5, ET/CT/MT/PT, or an IANA zone"),
        ],
        examples: [
            "trips export --sport mlb --team HOU --season 2026 --output astros.ics",
            "trips export --sport nhl --team NYR --from 2026-01-01 --to 2026-01-31 --output rangers.json",
            "trips export --sport mlb --team HOU --season 2026 --format csv --output -",
        ])

    static func run(_ args: ParsedArguments, _ context: CLIContext) throws {
        let output = args.value("output").flatMap { $0 == "-" ? nil : $0 }  // `-` is stdout
        let format = try OutputFormat.resolve(args, supported: [.json, .ics, .csv], defaultFormat: nil).rawValue
        let times = try TimeDisplay.parse(args.value("tz"), context: context)
        let selection = try ScheduleSelection(args, context)
        let buffer = Output()
        try ScheduleOutput(selection: selection, times: times, context: context).write(format: format, to: buffer)
        guard let output else {
            context.stdout.write(buffer.captured)
            return
        }
        try FileWriter.write(buffer.captured, to: output)
        context.stderr.line("wrote \(output): \(selection.summary)".terminalSafe)
    }
}
