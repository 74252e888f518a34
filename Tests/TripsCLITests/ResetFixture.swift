import Foundation
import SQLite
import Testing

/// A store holding a user's own data — a saved trip with a note, two favourite teams, a visit and
/// a deleted one, none of it synced — made once, copied into a fresh folder for each test that
/// resets it, and what of it must survive: every user table, row for row.
enum ResetFixture {
    /// The fixture store's file (checkpointed by the commands that made it: the file is the store).
    static let made = Task { () -> String in
        let trips = TripsProcess(extraEnvironment: ["TRIPS_DEVICE_NAME": "laptop-jo"])
        let window = ["--sport", "mlb", "--from", "2026-06-01", "--days", "4", "--start", "Chicago"]
        for command in [
            ["plan"] + window + ["--save", "Midwest"], ["saved", "note", "Midwest", "bring hats"],
            ["favorites", "add", "HOU", "--sport", "mlb"], ["favorites", "add", "CHC", "--sport", "mlb"],
            ["visited", "add", "Wrigley Field", "--date", "2025-07-04"], ["visited", "add", "Fenway Park"],
            ["visited", "remove", "Fenway Park"],
        ] {
            let result = try? await trips.run(command)
            #expect(result?.status == 0, "\(command): \(result?.stderr ?? "did not run")")
        }
        return trips.store
    }

    /// A process whose store is a copy of the fixture.
    static func copy() async throws -> TripsProcess {
        let trips = TripsProcess()
        try FileManager.default.copyItem(atPath: await made.value, toPath: trips.store)
        return trips
    }

    /// The user's tables of the store at `path`, every row as text, in a stable order.
    static func userData(_ path: String) throws -> [String: [String]] {
        let database = try Database(.file(path), create: false)
        var tables: [String: [String]] = [:]
        for table in ["user_records", "user_fields", "user_outbox", "user_sync"] {
            tables[table] = try database.rows("SELECT * FROM \(table) ORDER BY 1, 2") { row in
                (0..<row.columnCount).map { row.optionalString($0) ?? "NULL" }.joined(separator: "|")
            }
        }
        return tables
    }

    /// The fixture's user tables: what every reset (without --discard-my-data) must keep.
    static func expected() async throws -> [String: [String]] {
        let tables = try userData(await made.value)
        // The fixture is what it says: all of it unsynced, and a deleted visit that must stay deleted.
        #expect(tables["user_records"]?.count == 5)
        #expect(tables["user_outbox"]?.count == tables["user_records"]?.count)
        let deleted = try Database(.file(await made.value), create: false).row(
            "SELECT count(*) FROM user_records WHERE deleted_ms IS NOT NULL"
        ) { $0.int(0) }
        #expect(deleted == 1)
        return tables
    }

    /// The files beside the store whose names begin with its own.
    static func companions(of trips: TripsProcess) throws -> [String] {
        let url = URL(fileURLWithPath: trips.store)
        let name = url.lastPathComponent
        return try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)
            .filter { $0.hasPrefix(name) && $0 != name }.sorted()
    }
}
