import ArgumentParsing
import Foundation

/// Where `serve`, `admin` and `checksum` take the admin token from: `--admin-token T` (every
/// local user sees argv in `ps`), `--admin-token-file PATH` or `$TRIPS_CLOUD_ADMIN_TOKEN`.
enum AdminTokenSource {
    static let file = Option<String?>.value(
        "admin-token-file", "PATH", "Read the admin token from this file (or set TRIPS_CLOUD_ADMIN_TOKEN)")
    static let environmentVariable = "TRIPS_CLOUD_ADMIN_TOKEN"

    /// The token from `option`, the file or the environment, in that order; nil when none is set.
    static func read(_ a: ParsedArguments, _ option: Option<String?>) throws -> String? {
        let given = try a.read(option)
        let path = try a.read(file)
        if given != nil, path != nil { throw CloudUsageError("give --admin-token or --admin-token-file, not both") }
        if let given { return given }
        if let path {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw CommandError("cannot read the admin token file \(path)")
            }
            let token = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            guard !token.isEmpty else { throw CommandError("the admin token file \(path) is empty") }
            return token
        }
        let variable = ProcessInfo.processInfo.environment[environmentVariable] ?? ""
        return variable.isEmpty ? nil : variable
    }
}
