import Foundation
import TripsStore

/// `trips export`: the `games` filters written to a file — JSON, iCalendar or CSV, chosen by
/// `--format` or the file's extension. The file is complete or absent, never half-written.
enum ExportCommand {
    static let spec = CommandSpec(
        name: "export", summary: "Write a schedule to a file: JSON, calendar (.ics) or CSV",
        options: GamesCommand.filterOptions + [
            .value("output", "FILE", "The file to write (format from its extension: .json, .ics, .csv); - for stdout"),
            .value("format", "FORMAT", "json, ics or csv (overrides the extension)"),
        ],
        examples: [
            "trips export --sport mlb --team HOU --season 2026 --output astros.ics",
            "trips export --sport nhl --team NYR --from 2026-01-01 --to 2026-01-31 --output rangers.json",
            "trips export --sport mlb --team HOU --season 2026 --format csv --output -",
        ])

    static func run(_ args: ParsedArguments, _ context: CLIContext) throws {
        var format = try args.choice("format", ["json", "ics", "csv"])
        if args.value("output") == "-" && format == nil {
            throw args.error(
                .invalidValue(option: "--output", value: "-", reason: "writing to stdout needs --format json, ics or csv"))
        }
        let output = args.value("output").flatMap { $0 == "-" ? nil : $0 }  // `-` is stdout
        if format == nil, let output {
            switch (output as NSString).pathExtension.lowercased() {
            case "json": format = "json"
            case "ics", "ical": format = "ics"
            case "csv": format = "csv"
            default:
                throw args.error(.invalidValue(option: "--output", value: output, reason: "use a .json, .ics or .csv file name, or --format"))
            }
        }
        guard let format else { throw args.error(.missingRequired("--output FILE or --format")) }
        let selection = try ScheduleSelection(args, context)
        let buffer = Output()
        try ScheduleOutput(selection: selection, times: .venue, context: context).write(format: format, to: buffer)
        guard let output else {
            context.stdout.write(buffer.captured)
            return
        }
        try FileWriter.write(buffer.captured, to: output)
        context.stderr.line("wrote \(output): \(selection.summary)")
    }
}
