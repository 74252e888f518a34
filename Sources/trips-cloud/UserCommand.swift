import CloudServer
import Foundation
import SQLite

/// `trips-cloud user add NAME --db PATH`: prints the user's web auth token.
enum UserCommand {
    static func run(_ words: ArraySlice<String>) throws {
        guard words.first == "add" else { throw CloudUsageError("usage: trips-cloud user add NAME --db PATH") }
        let a = try Arguments(words.dropFirst(), options: ["--db"])
        let name = try a.positionals("NAME")[0].trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { throw CloudUsageError("the user name is empty") }
        guard let path = a.value("--db") else { throw CloudUsageError("user add needs --db PATH") }
        let store = try CloudStore(.file(path))
        print(try store.addUser(name: name, nowMs: Int64((Date().timeIntervalSince1970 * 1000).rounded())))
    }
}
