import CloudKitClient
import CloudKitWeb
import CloudServer
import Foundation
import SQLite

/// `trips-cloud admin SUBCOMMAND … (--db PATH | --url URL --admin-token T)`.
enum AdminCommand {
    static let options: Set<String> = [
        "--db", "--url", "--admin-token", "--api-token", "--container", "--to", "--reason",
    ]

    static func run(_ words: ArraySlice<String>) async throws {
        guard let sub = words.first else {
            throw CloudUsageError("admin needs a subcommand (postpone, rename-stadium, …)")
        }
        let a = try Arguments(words.dropFirst(), options: options, flags: ["--force"])
        let edits = RealWorldEdits(records: try access(a))
        switch sub {
        case "postpone":
            let id = try a.positionals("GAME_ID")[0]
            guard let text = a.value("--to") else { throw CloudUsageError("postpone needs --to ISO8601") }
            guard let date = parseDate(text) else {
                throw CloudUsageError("--to \(text) is not an ISO 8601 date-time (2026-07-04T19:05:00Z)")
            }
            let saved = try await edits.postpone(gameID: id, to: date, force: a.has("--force"))
            print("postponed \(id) to \(text) (change tag \(saved.recordChangeTag ?? "?"))")
        case "rename-stadium":
            let p = try a.positionals("STADIUM_ID", "NEW_NAME")
            let (stadium, alias) = try await edits.renameStadium(stadiumID: p[0], to: p[1])
            print("renamed \(stadium.recordName) to \(p[1]); old name kept as \(alias.recordName)")
        case "deprecate":
            let id = try a.positionals("GAME_ID")[0]
            try await edits.deprecate(gameID: id, reason: a.value("--reason"))
            print("deprecated \(id)")
        case "touch":
            let p = try a.positionals("TYPE", "N")
            guard let n = Int(p[1]), n >= 0 else { throw CloudUsageError("touch needs a count, not \(p[1])") }
            guard RealWorldEdits.canonicalTypes.contains(p[0]) else {
                throw CloudUsageError(
                    AdminEditError.unknownRecordType(
                        p[0], suggestion: RealWorldEdits.canonicalTypes.first { $0.lowercased() == p[0].lowercased() }
                    ).description)
            }
            print("touched \(try await edits.touch(recordType: p[0], count: n)) \(p[0]) records")
        case "add-games":
            let path = try a.positionals("FILE")[0]
            let list: RecordList
            do {
                list = try JSONDecoder().decode(RecordList.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
            } catch {
                throw CommandError("cannot read \(path) as {\"records\": [...]}: \(error.localizedDescription)")
            }
            let report = try await edits.addGames(list.records)
            print(
                "added \(report.added.count) games, \(report.existing.count) already existed, \(report.failed.count) failed"
            )
            for (name, reason) in report.failed.sorted(by: { $0.key < $1.key }) { Stderr.line("\(name): \(reason)") }
            if !report.failed.isEmpty { throw CommandError("\(report.failed.count) games were not added") }
        default:
            throw CloudUsageError("unknown admin subcommand \(sub)")
        }
    }

    /// The public database to edit: a database file (in-process, same write path) or a server.
    private static func access(_ a: Arguments) throws -> any PublicRecordAccess {
        if let path = a.value("--db") {
            guard a.value("--url") == nil else { throw CloudUsageError("give --db or --url, not both") }
            guard FileManager.default.fileExists(atPath: path) else { throw CommandError("no database at \(path)") }
            var settings = CloudService.Settings(apiToken: UUID().uuidString, adminToken: UUID().uuidString)
            settings.container = a.value("--container") ?? settings.container
            return ServicePublicRecords(service: CloudService(store: try CloudStore(.file(path)), settings: settings))
        }
        guard let text = a.value("--url"), let url = URL(string: text), url.scheme != nil else {
            throw CloudUsageError("admin needs --db PATH or --url URL --admin-token T")
        }
        guard let admin = a.value("--admin-token") else { throw CloudUsageError("--url needs --admin-token") }
        let configuration = CloudConfiguration(
            baseURL: url, container: a.value("--container") ?? "iCloud.trips.local",
            apiToken: a.value("--api-token") ?? "", adminToken: admin)
        return ClientPublicRecords(database: CloudDatabase(configuration: configuration, scope: .public))
    }

    static func parseDate(_ text: String) -> Date? {
        let plain = ISO8601DateFormatter()
        if let date = plain.date(from: text) { return date }
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return fractional.date(from: text)
    }
}
