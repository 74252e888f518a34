import ArgumentParsing
import Foundation

/// Where `serve`, `admin`, `checksum` and `publish` take a token from: a file (`-` for standard
/// input) or the environment — never the command line, which every local user reads in `ps`.
/// The old `--admin-token T` / `--api-token T` are still recognised, to refuse them by name.
struct TokenSource: Sendable {
    /// "admin token", "API token": as messages name it.
    let title: String
    let file: Option<String?>
    /// The refused command-line form, kept so that it gets its own message.
    let argv: Option<String?>
    let environmentVariable: String

    static let admin = TokenSource(title: "admin token", option: "admin-token", variable: "TRIPS_CLOUD_ADMIN_TOKEN")
    static let api = TokenSource(title: "API token", option: "api-token", variable: "TRIPS_CLOUD_API_TOKEN")

    init(title: String, option: String, variable: String) {
        self.title = title
        environmentVariable = variable
        file = Option.value(
            "\(option)-file", "PATH", "Read the \(title) from PATH (- for standard input), or set \(variable)")
        argv = Option.value(option, "T", "Refused: argv is visible in ps (use --\(option)-file)")
    }

    /// Both options, for a command's list.
    var options: [any OptionDeclaration] { [file, argv] }

    /// How a message names the ways to give it.
    var ways: String { "--\(file.spec.name) PATH or \(environmentVariable)" }

    /// The token from the file or the environment; nil when neither is set.
    func read(_ a: ParsedArguments, standardInput: () -> Data? = { FileHandle.standardInput.readDataToEndOfFile() })
        throws -> String?
    {
        if try a.read(argv) != nil {
            throw CloudUsageError(
                "--\(argv.spec.name) would show the \(title) to every user of this machine (ps); give \(ways) "
                    + "(--\(file.spec.name) - reads it from standard input)")
        }
        if let path = try a.read(file) {
            let data = path == "-" ? standardInput() : FileManager.default.contents(atPath: path)
            let place = path == "-" ? "standard input" : "the \(title) file \(path)"
            guard let data else { throw CommandError("cannot read \(place)") }
            let token = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            guard !token.isEmpty else { throw CommandError("\(place) holds no \(title)") }
            guard !token.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                throw CommandError("\(place) holds more than one line or a control character; a token is one line")
            }
            return token
        }
        let variable = ProcessInfo.processInfo.environment[environmentVariable] ?? ""
        return variable.isEmpty ? nil : variable
    }
}
