import ArgumentParsing
import CloudKitClient
import CloudKitWeb
import CloudServer
import Foundation

/// `trips-cloud checksum (--db PATH | --url URL --admin-token-file PATH)`.
enum ChecksumCommand {
    static let db = Option<String?>.value("db", "PATH", "Read this database file")
    static let url = Option<String?>.value("url", "URL", "Ask a running server")

    static let spec = CommandSpec<Void>(
        name: "checksum", summary: "Print the convergence checksum of the live public records",
        discussion: "TYPE COUNT SHA256 per type — what `trips debug checksum` prints for a client's store.",
        options: [db, url] + TokenSource.admin.options, action: { a, _ in try await run(a) })

    static func run(_ a: ParsedArguments) async throws {
        let url = try a.read(url)
        let token = try TokenSource.admin.read(a)
        if let path = try a.read(db) {
            guard FileManager.default.fileExists(atPath: path) else { throw CommandError("no database at \(path)") }
            let store = try CloudStore(path: path)
            for line in try store.checksumLines() { print(line) }
            for (type, count) in try store.unreadableRecordCounts().sorted(by: { $0.key < $1.key }) {
                Stderr.line(
                    "note: \(count) \(type) record\(count == 1 ? "" : "s") left out: no client can read "
                        + "\(count == 1 ? "it" : "them") (a value nests deeper than \(ProtocolLimits.fieldValueNesting) levels)"
                )
            }
            return
        }
        guard let text = url, let base = URL(string: text) else {
            throw CloudUsageError(
                "checksum needs --db PATH or --url URL with the admin token (\(TokenSource.admin.ways))")
        }
        guard let token else {
            throw CloudUsageError(
                "--url needs the admin token: \(TokenSource.admin.ways)")
        }
        let response: HTTPResponse
        do {
            response = try await URLSessionTransport().send(
                HTTPRequest(
                    method: "GET", url: base.appendingPathComponent("_admin/checksum"),
                    headers: ["X-Trips-Admin-Token": token]))
        } catch {
            // One line, not URLSession's error dump (which repeats the URL in every key).
            throw CommandError("cannot reach \(text): \(CloudDatabase.networkMessage(error))")
        }
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
