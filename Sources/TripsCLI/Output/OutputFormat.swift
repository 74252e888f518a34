import ArgumentParsing
import FoundationEssentials
import Glibc
import TripsModel
import TripsStore

/// What a command writes, and the one rule `plan` and `export` use to choose it: `--format`
/// if given, else the `--output` file's extension, else the command's default.
///
/// A file is never written in a format its name contradicts (a text table saved as
/// `plan.csv`): a `--format` that disagrees with a `.json`, `.csv` or `.ics` name, an
/// extension naming a format the command cannot write, or one that names no format at all is
/// a usage error that says what would work.
package enum OutputFormat: String, CaseIterable, Sendable {
    case table, json, csv, ics, geojson, gpx

    /// The format a file name asks for: `.txt` a table, `.json`, `.csv`, `.ics` (or `.ical`),
    /// `.geojson`, `.gpx`; nil for any other extension.
    static func implied(by path: String) -> OutputFormat? {
        switch PathText.pathExtension(path).lowercased() {
        case "txt", "text": return .table
        case "json": return .json
        case "csv": return .csv
        case "ics", "ical": return .ics
        case "geojson": return .geojson
        case "gpx": return .gpx
        default: return nil
        }
    }

    /// The format for this command line. `supported` in the order help lists them;
    /// `defaultFormat` applies when neither `--format` nor a file name says (nil: one must).
    static func resolve(
        given: OutputFormat?, output: String?, supported: [OutputFormat], defaultFormat: OutputFormat?,
        arguments args: ParsedArguments
    ) throws -> OutputFormat {
        // `-` is standard output: no name to go by.
        guard let path = output, path != "-" else {
            if let format = given ?? defaultFormat { return format }
            if output == "-" {
                let formats = supported.map(\.rawValue).joined(separator: ", ")
                throw args.error(
                    .invalidValue(
                        option: "--output", value: "-", reason: "writing to stdout needs --format (\(formats))"))
            }
            throw args.error(.missingRequired("--output FILE or --format"))
        }
        let names = supported.map(\.fileExtension)
        let extensions = names.dropLast().joined(separator: ", ") + " or " + names.last!
        let implied = implied(by: path)
        if let given {
            // A .txt name is plain text: any text format may go there.
            if let implied, implied != given, implied != .table {
                throw args.error(
                    .invalidValue(
                        option: "--output", value: path,
                        reason: "the name says \(implied.name) but --format is \(given.rawValue); "
                            + "name the file \(given.fileExtension) or drop --format"))
            }
            return given
        }
        guard let implied else {
            if PathText.pathExtension(path).isEmpty, let defaultFormat { return defaultFormat }
            throw args.error(
                .invalidValue(option: "--output", value: path, reason: "use a \(extensions) file name, or --format"))
        }
        guard supported.contains(implied) else {
            throw args.error(
                .invalidValue(
                    option: "--output", value: path,
                    reason: "\(args.commandPath.joined(separator: " ")) cannot write \(implied.name); "
                        + "use a \(extensions) file name"))
        }
        return implied
    }

    /// What the format is called in messages.
    var name: String {
        switch self {
        case .table: return "a text table"
        case .json: return "JSON"
        case .csv: return "CSV"
        case .ics: return "a calendar"
        case .geojson: return "a GeoJSON map"
        case .gpx: return "GPX waypoints and routes"
        }
    }

    /// The extension help and messages suggest for the format.
    var fileExtension: String {
        switch self {
        case .table: return ".txt"
        case .json: return ".json"
        case .csv: return ".csv"
        case .ics: return ".ics"
        case .geojson: return ".geojson"
        case .gpx: return ".gpx"
        }
    }
}

/// Where a command's document goes and in which format: `--output` (nil or `-` is stdout)
/// and `--format`, reconciled by `OutputFormat.resolve`.
struct OutputDestination {
    /// The file to write; nil for standard output.
    var path: String?
    var format: OutputFormat

    init(
        output: String?, format: OutputFormat?, supported: [OutputFormat], defaultFormat: OutputFormat?,
        arguments: ParsedArguments
    ) throws {
        self.format = try OutputFormat.resolve(
            given: format, output: output, supported: supported, defaultFormat: defaultFormat, arguments: arguments)
        path = output == "-" ? nil : output
    }
}
