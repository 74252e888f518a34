import ArgumentParsing
import CloudKitClient
import CloudKitSigning
import CloudKitWeb
import CloudServer
import Foundation

/// `trips-cloud admin SUBCOMMAND … (--db PATH | --url URL --key-id ID --private-key PATH)`: the
/// real-world edits (a postponed game, a renamed stadium …) that sync must carry to clients.
/// Through a server they are signed with a server-to-server key, as a publisher writes to
/// CloudKit; `--admin-token` instead works only on a server started with `--admin-writes`.
enum AdminCommand {
    /// Where the edits go; every admin subcommand takes these.
    enum Access {
        static let db = Option<String?>.value("db", "PATH", "Edit this database file")
        static let url = Option<String?>.value("url", "URL", "Edit through a running server")
        static let container = Option<String?>.value("container", "NAME", "Container id (default iCloud.trips.local)")
        static let keyID = Option<String?>.value("key-id", "ID", "With --url: the server-to-server key's id")
        static let privateKey = Option<String?>.value(
            "private-key", "PATH", "With --url: the server-to-server key's private PEM file")
        static let all: [any OptionDeclaration] =
            [db, url, keyID, privateKey] + TokenSource.admin.options + TokenSource.api.options + [container]
    }

    static let to = Option<String?>.value("to", "ISO8601", "The new start time (2026-07-04T19:05:00Z)")
    static let force = Option<Bool>.flag("force", "Even within 3 h of another game in the venue")
    static let reason = Option<String?>.value("reason", "TEXT", "Why (kept in the record)")

    static let spec = CommandSpec<Void>(
        name: "admin", summary: "Edit the public database as the real world changes",
        discussion: """
            Each edit goes to --db PATH, or to a running server: --url URL --key-id ID --private-key PATH
            [--container NAME] (signed with a key registered by `trips-cloud key add`), or, on a server
            started with --admin-writes (development only), --url URL --admin-token T.
            """,
        subcommands: [
            CommandSpec(
                name: "postpone",
                summary: "Move a game; refused outside its season or within 3 h of another in its venue unless --force",
                usage: "GAME_ID --to ISO8601 [--force]", options: [to, force] + Access.all, maxPositionals: 1,
                action: { a, _ in try await postpone(a) }),
            CommandSpec(
                name: "rename-stadium", summary: "Rename a stadium; the old name becomes a StadiumAlias",
                usage: "STADIUM_ID NEW_NAME", options: Access.all, maxPositionals: 2,
                action: { a, _ in try await renameStadium(a) }),
            CommandSpec(
                name: "deprecate", summary: "Soft-delete a game (sets deprecatedAt)", usage: "GAME_ID [--reason TEXT]",
                options: [reason] + Access.all, maxPositionals: 1, action: { a, _ in try await deprecate(a) }),
            CommandSpec(
                name: "touch", summary: "Re-save N records of a canonical TYPE (Game, Team, …)", usage: "TYPE N",
                options: Access.all, maxPositionals: 2, action: { a, _ in try await touch(a) }),
            CommandSpec(
                name: "add-games", summary: "Create the Game records of a {\"records\":[…]} file", usage: "FILE",
                options: Access.all, maxPositionals: 1, action: { a, _ in try await addGames(a) }),
        ],
        examples: [
            "trips-cloud admin postpone GAME_ID --to 2026-07-04T19:05:00Z --db cloud.sqlite",
            "trips-cloud admin rename-stadium STADIUM_ID \"New Name\" --url http://127.0.0.1:8080 --key-id ID --private-key key.pem",
        ])

    static func postpone(_ a: ParsedArguments) async throws {
        let id = try a.positionals("GAME_ID")[0]
        guard let text = try a.read(to) else { throw a.error(.missingRequired("--to ISO8601")) }
        guard let date = parseDate(text) else {
            throw CloudUsageError("--to \(text) is not an ISO 8601 date-time (2026-07-04T19:05:00Z)")
        }
        guard dayExists(text) else { throw CloudUsageError("--to \(text) is a day that does not exist") }
        let saved = try await edits(a).postpone(gameID: id, to: date, force: try a.read(force))
        print("postponed \(id) to \(text) (change tag \(saved.recordChangeTag ?? "?"))")
    }

    static func renameStadium(_ a: ParsedArguments) async throws {
        let p = try a.positionals("STADIUM_ID", "NEW_NAME")
        let (stadium, alias) = try await edits(a).renameStadium(stadiumID: p[0], to: p[1])
        print("renamed \(stadium.recordName) to \(p[1]); old name kept as \(alias.recordName)")
    }

    static func deprecate(_ a: ParsedArguments) async throws {
        let id = try a.positionals("GAME_ID")[0]
        try await edits(a).deprecate(gameID: id, reason: try a.read(reason))
        print("deprecated \(id)")
    }

    static func touch(_ a: ParsedArguments) async throws {
        let p = try a.positionals("TYPE", "N")
        guard let n = Int(p[1]), n >= 0 else { throw CloudUsageError("touch needs a count, not \(p[1])") }
        guard RealWorldEdits.canonicalTypes.contains(p[0]) else {
            throw CloudUsageError(
                AdminEditError.unknownRecordType(
                    p[0], suggestion: RealWorldEdits.canonicalTypes.first { $0.lowercased() == p[0].lowercased() }
                ).description)
        }
        print("touched \(try await edits(a).touch(recordType: p[0], count: n)) \(p[0]) records")
    }

    static func addGames(_ a: ParsedArguments) async throws {
        let path = try a.positionals("FILE")[0]
        let list: RecordList
        do {
            list = try JSONDecoder().decode(RecordList.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw CommandError("cannot read \(path) as {\"records\": [...]}: \(error.localizedDescription)")
        }
        let report = try await edits(a).addGames(list.records)
        print(
            "added \(report.added.count) games, \(report.existing.count) already existed, \(report.failed.count) failed"
        )
        for (name, reason) in report.failed.sorted(by: { $0.key < $1.key }) { Stderr.line("\(name): \(reason)") }
        if !report.failed.isEmpty { throw CommandError("\(report.failed.count) games were not added") }
    }

    private static func edits(_ a: ParsedArguments) throws -> RealWorldEdits {
        RealWorldEdits(records: try access(a))
    }

    /// The public database to edit: a database file (in-process, same write path) or a server.
    private static func access(_ a: ParsedArguments) throws -> any PublicRecordAccess {
        let url = try a.read(Access.url)
        let admin = try TokenSource.admin.read(a)
        let container = try a.read(Access.container)
        let apiToken = try TokenSource.api.read(a)
        if let path = try a.read(Access.db) {
            guard url == nil else { throw CloudUsageError("give --db or --url, not both") }
            return try fileAccess(path, container: container)
        }
        guard let text = url, let url = URL(string: text), url.scheme != nil else {
            throw CloudUsageError("admin needs --db PATH or --url URL --key-id ID --private-key PATH")
        }
        let serverKey = try signingKey(a)
        guard serverKey != nil || admin != nil else {
            throw CloudUsageError(
                "--url needs --key-id ID --private-key PATH (or, on a server started with --admin-writes, "
                    + "the admin token: \(TokenSource.admin.ways))")
        }
        let configuration = CloudConfiguration(
            baseURL: url, container: container ?? "iCloud.trips.local", apiToken: apiToken ?? "", adminToken: admin,
            serverKey: serverKey)
        return ClientPublicRecords(database: CloudDatabase(configuration: configuration, scope: .public))
    }

    /// A server's database file edited in-process through the normal `records/modify` path.
    static func fileAccess(_ path: String, container: String?) throws -> ServicePublicRecords {
        guard FileManager.default.fileExists(atPath: path) else { throw CommandError("no database at \(path)") }
        try DatabaseFile.makePrivate(path)
        var settings = CloudService.Settings(apiToken: UUID().uuidString, adminToken: UUID().uuidString)
        settings.container = container ?? settings.container
        settings.adminWrites = true  // the file's owner edits it in-process
        return ServicePublicRecords(service: CloudService(store: try CloudStore(path: path), settings: settings))
    }

    /// `--key-id` with `--private-key` (both or neither), read and checked.
    private static func signingKey(_ a: ParsedArguments) throws -> ServerToServerKey? {
        switch (try a.read(Access.keyID), try a.read(Access.privateKey)) {
        case (nil, nil): return nil
        case (let id?, let path?):
            do {
                return try ServerToServerKey(keyID: id, privateKeyFile: path)
            } catch {
                throw CommandError(error.description)
            }
        default: throw CloudUsageError("give --key-id and --private-key together")
        }
    }

    /// Whether the calendar day written at the start of `text` (YYYY-MM-DD) exists: the ISO
    /// formatter quietly rolls 2026-02-30 over to March 2.
    static func dayExists(_ text: String) -> Bool {
        let parts = text.prefix(10).split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else { return false }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return DateComponents(calendar: calendar, year: parts[0], month: parts[1], day: parts[2]).isValidDate
    }

    static func parseDate(_ text: String) -> Date? {
        let plain = ISO8601DateFormatter()
        if let date = plain.date(from: text) { return date }
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return fractional.date(from: text)
    }
}
