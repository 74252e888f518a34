import ArgumentParsing
import CloudKitSigning
import CloudServer
import Foundation

/// `trips-cloud key add NAME PUBLIC.pem --db PATH` registers a server-to-server key (its id is
/// the last line printed), `key list` and `key remove NAME` manage them: the keys whose signed
/// requests may write the public database.
enum KeyCommand {
    static let db = Option<String?>.value("db", "PATH", "The server's database file")

    static let spec = CommandSpec<Void>(
        name: "key", summary: "Manage the server-to-server keys that sign public-database writes",
        discussion: """
            Make a key pair with openssl, register the public half, keep the private half with the
            publisher: openssl ecparam -name prime256v1 -genkey -noout -out key.pem;
            openssl ec -in key.pem -pubout -out public.pem; trips-cloud key add NAME public.pem --db PATH
            """,
        subcommands: [
            CommandSpec(
                name: "add", summary: "Register PUBLIC.pem (P-256) as key NAME; prints its key id last",
                usage: "NAME PUBLIC.pem --db PATH", options: [db], maxPositionals: 2, action: { a, _ in try add(a) }),
            CommandSpec(
                name: "list", summary: "Print each key's name, id and when it was added", usage: "--db PATH",
                options: [db], action: { a, _ in try list(a) }),
            CommandSpec(
                name: "remove", summary: "Unregister the key named NAME (or with that id)", usage: "NAME --db PATH",
                options: [db], maxPositionals: 1, action: { a, _ in try remove(a) }),
        ],
        examples: ["trips-cloud key add publisher public.pem --db cloud.sqlite"])

    static func add(_ a: ParsedArguments) throws {
        let p = try a.positionals("NAME", "PUBLIC.pem")
        let name = p[0].trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { throw CloudUsageError("the key name is empty") }
        let key: VerifyingKey
        do {
            key = try VerifyingKey(contentsOfFile: p[1])
        } catch {
            throw CommandError(error.description)
        }
        let id: String
        do {
            id = try store(a).addServerKey(
                name: name, key: key, nowMs: Int64((Date().timeIntervalSince1970 * 1000).rounded()))
        } catch let error as ServerKeyError {
            throw CommandError(error.description)
        }
        print("registered key \(name); sign requests with key id:")
        print(id)
    }

    static func list(_ a: ParsedArguments) throws {
        for key in try store(a).serverKeys() {
            let added = Date(timeIntervalSince1970: Double(key.createdMs) / 1000)
            print("\(key.name)\t\(key.keyID)\t\(ISO8601DateFormatter().string(from: added))")
        }
    }

    static func remove(_ a: ParsedArguments) throws {
        let name = try a.positionals("NAME")[0]
        guard try store(a).removeServerKey(name) else { throw CommandError("no key \(name)") }
        print("removed key \(name)")
    }

    /// The `--db` store (made private, as every command that opens it does).
    private static func store(_ a: ParsedArguments) throws -> CloudStore {
        guard let path = try a.read(db) else { throw a.error(.missingRequired("--db PATH")) }
        try DatabaseFile.makePrivate(path)
        return try CloudStore(path: path)
    }
}
