import Foundation
import SQLite
import Testing

/// What trips does with files the user owns that are not its own: another program's database
/// given as `--store`, a folder that does not exist, an output that cannot be written, a file
/// the user made read-only. Each is refused with a message, and nothing of the user's changes.
@Suite struct StoreSafetyTests {
    let trips = TripsProcess()
    static let trips = TripsProcess.binaries.appendingPathComponent("trips")
    var folder: URL { URL(fileURLWithPath: trips.store).deletingLastPathComponent() }

    /// An SQLite file of another program: one table with one row.
    func foreignDatabase() throws -> String {
        let path = folder.appendingPathComponent("my.sqlite").path
        let database = try Database(.file(path))
        try database.execute("CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('keep me');")
        return path
    }

    func tables(_ path: String) throws -> [String] {
        try Database(.file(path), readOnly: true).rows("SELECT name FROM sqlite_master WHERE type = 'table'") {
            $0.string(0)
        }
    }

    @Test func anotherProgramsDatabaseIsRefusedAndLeftAsItWas() async throws {
        let path = try foreignDatabase()

        let result = try await trips.run(
            ["--store", path, "games", "--sport", "mlb", "--team", "HOU"], withStore: false)

        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("\(path) is not a trips store (another program's database, with tables notes)"))
        #expect(try tables(path) == ["notes"])
        // No lock file is left beside it either.
        #expect(!FileManager.default.fileExists(atPath: path + ".use-lock"))
    }

    /// Another program's database as that program wrote it (rollback journal, as the sqlite3
    /// shell makes it): refused before anything is written, so it is not switched to WAL and
    /// nothing is left beside it.
    @Test func anotherProgramsDatabaseIsNotSwitchedToWAL() async throws {
        let path = folder.appendingPathComponent("theirs.sqlite").path
        let made = try await TripsProcess.tool(
            "/usr/bin/sqlite3", [path, "CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('keep me');"])
        #expect(made.status == 0, "\(made.stderr)")

        let result = try await trips.run(["--store", path, "games", "--limit", "1"], withStore: false)

        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("is not a trips store (another program's database, with tables notes)"))
        let mode = try await TripsProcess.tool("/usr/bin/sqlite3", [path, "PRAGMA journal_mode"])
        #expect(mode.stdout == "delete\n")
        let beside = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(beside.filter { $0.hasPrefix("theirs.sqlite") } == ["theirs.sqlite"], "\(beside)")
    }

    @Test func resetRefusesAnotherProgramsDatabaseEvenAfterAnotherCommandTriedIt() async throws {
        let path = try foreignDatabase()
        _ = try await trips.run(["--store", path, "teams", "--sport", "nhl"], withStore: false)

        let result = try await trips.run(["--store", path, "reset", "--yes"], withStore: false)

        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("not a trips store"))
        #expect(try tables(path) == ["notes"])
        let body = try Database(.file(path), readOnly: true).row("SELECT body FROM notes") { $0.string(0) }
        #expect(body == "keep me")
    }

    @Test func aStoreInAFolderThatDoesNotExistIsAnErrorNamingTheFolder() async throws {
        let missing = folder.appendingPathComponent("no/such/dir")

        let result = try await trips.run(
            ["--store", missing.appendingPathComponent("x.sqlite").path, "teams", "--sport", "nhl"], withStore: false)

        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("the folder \(missing.path) does not exist"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("no").path))
    }

    @Test func theDefaultHomeFolderIsCreatedOnFirstUse() async throws {
        var trips = TripsProcess()
        let home = folder.appendingPathComponent("fresh-home/trips")
        trips.environment["TRIPS_HOME"] = home.path

        let result = try await trips.run(["teams", "--sport", "nhl"], withStore: false)

        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: home.appendingPathComponent("trips.sqlite").path))
    }

    @Test func anOutputThatCannotBeWrittenIsNotSuccess() async throws {
        let result = try await TripsProcess.execute(
            URL(fileURLWithPath: "/bin/sh"),
            [
                "-c", "exec \"$0\" --store \"$1\" games --sport mlb --team HOU > /dev/full", Self.trips.path,
                trips.store,
            ],
            environment: trips.environment)

        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("cannot write the output: No space left on device"))
    }

    @Test func aReaderThatStopsEarlyIsNotAFailure() async throws {
        let result = try await TripsProcess.execute(
            URL(fileURLWithPath: "/bin/sh"),
            [
                "-c", "\"$0\" --store \"$1\" games --sport mlb --team HOU | head -1 > /dev/null",
                Self.trips.path, trips.store,
            ],
            environment: trips.environment)

        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
    }

    @Test func aReadOnlyOutputFileIsRefusedNotReplaced() async throws {
        let target = folder.appendingPathComponent("astros.ics")
        try Data("mine\n".utf8).write(to: target)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: target.path)

        let result = try await trips.run(["export", "--sport", "mlb", "--team", "HOU", "--output", target.path])

        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("cannot write \(target.path): it is read-only"))
        #expect(try String(contentsOf: target, encoding: .utf8) == "mine\n")
    }
}
