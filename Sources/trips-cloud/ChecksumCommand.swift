import CloudKitClient
import CloudServer
import Foundation
import SQLite

/// `trips-cloud checksum (--db PATH | --url URL --admin-token T)`.
enum ChecksumCommand {
    static func run(_ words: ArraySlice<String>) async throws {
        let a = try Arguments(words, options: ["--db", "--url", "--admin-token"])
        guard a.positional.isEmpty else { throw CloudUsageError("checksum takes no arguments") }
        if let path = a.value("--db") {
            guard FileManager.default.fileExists(atPath: path) else { throw CommandError("no database at \(path)") }
            for line in try CloudStore(.file(path)).checksumLines() { print(line) }
            return
        }
        guard let text = a.value("--url"), let base = URL(string: text) else {
            throw CloudUsageError("checksum needs --db PATH or --url URL --admin-token T")
        }
        guard let token = a.value("--admin-token") else { throw CloudUsageError("--url needs --admin-token") }
        let response = try await URLSessionTransport().send(
            HTTPRequest(
                method: "GET", url: base.appendingPathComponent("_admin/checksum"),
                headers: ["X-Trips-Admin-Token": token]))
        guard response.status == 200 else {
            throw CommandError(
                "the server answered HTTP \(response.status): \(String(decoding: response.body, as: UTF8.self))")
        }
        print(String(decoding: response.body, as: UTF8.self), terminator: "")
    }
}

/// A failure to report in one line, exit status 1.
struct CommandError: Error, CustomStringConvertible {
    var description: String

    init(_ message: String) { description = message }
}
