import ArgumentParsing
import CloudServer
import Foundation

/// `trips-cloud user add NAME --db PATH`: prints the user's web auth token.
enum UserCommand {
    static let db = Option<String?>.value("db", "PATH", "The server's database file")

    static let spec = CommandSpec<Void>(
        name: "user", summary: "Manage the users of the private database",
        subcommands: [
            CommandSpec(
                name: "add", summary: "Print the web auth token of user NAME (created on first use)",
                usage: "NAME --db PATH", options: [db], maxPositionals: 1, action: { a, _ in try add(a) })
        ])

    static func add(_ a: ParsedArguments) throws {
        let name = try a.positionals("NAME")[0].trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { throw CloudUsageError("the user name is empty") }
        guard let path = try a.read(db) else { throw a.error(.missingRequired("--db PATH")) }
        let store = try CloudStore(path: path)
        print(try store.addUser(name: name, nowMs: Int64((Date().timeIntervalSince1970 * 1000).rounded())))
    }
}
