import ArgumentParsing
import CloudServer
import Foundation

/// `trips-cloud user add NAME --db PATH` prints a new web auth token of the user, or with
/// `--password-stdin` sets the password the sign-in page (`/signin`) checks; `user revoke NAME
/// --db PATH` invalidates all of the user's tokens.
enum UserCommand {
    static let db = Option<String?>.value("db", "PATH", "The server's database file")
    static let passwordStdin = Option<Bool>.flag(
        "password-stdin", "Set the sign-in page's password (from stdin), print no token")

    static let spec = CommandSpec<Void>(
        name: "user", summary: "Manage the users of the private database",
        subcommands: [
            CommandSpec(
                name: "add", summary: "Print the web auth token of user NAME (created on first use)",
                usage: "NAME --db PATH [--password-stdin]", options: [db, passwordStdin], maxPositionals: 1,
                action: { a, _ in try add(a) }),
            CommandSpec(
                name: "revoke", summary: "Invalidate every web auth token of user NAME", usage: "NAME --db PATH",
                options: [db], maxPositionals: 1, action: { a, _ in try revoke(a) }),
        ])

    static func add(_ a: ParsedArguments) throws {
        let (name, store) = try userAndStore(a)
        if try a.read(passwordStdin) {
            // All of stdin but its line end: `echo PW |`, `< file` and a typed line all work.
            var text = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
            while text.hasSuffix("\n") || text.hasSuffix("\r") { text.removeLast() }
            guard !text.isEmpty else { throw CloudUsageError("no password on standard input") }
            try store.setPassword(text, ofUser: name, nowMs: Int64((Date().timeIntervalSince1970 * 1000).rounded()))
            print("password set for \(name)")
            return
        }
        print(try store.addUser(name: name, nowMs: Int64((Date().timeIntervalSince1970 * 1000).rounded())))
    }

    static func revoke(_ a: ParsedArguments) throws {
        let (name, store) = try userAndStore(a)
        guard let count = try store.revokeTokens(ofUser: name) else { throw CommandError("no user \(name)") }
        print("revoked \(count) token\(count == 1 ? "" : "s") of \(name)")
    }

    /// NAME and the `--db` store (made private: it holds every user's records).
    private static func userAndStore(_ a: ParsedArguments) throws -> (String, CloudStore) {
        let name = try a.positionals("NAME")[0].trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { throw CloudUsageError("the user name is empty") }
        guard let path = try a.read(db) else { throw a.error(.missingRequired("--db PATH")) }
        try DatabaseFile.makePrivate(path)
        return (name, try CloudStore(path: path))
    }
}
