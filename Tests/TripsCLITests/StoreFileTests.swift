import Foundation
import SQLite
import Testing

/// The store file as a user finds it on disk: where a `--store` path lands, its mode, and
/// that the file alone holds the whole store once a command that wrote has ended.
@Suite struct StoreFileTests {
    let trips = TripsProcess()
    var folder: URL { URL(fileURLWithPath: trips.store).deletingLastPathComponent() }
    /// One store bootstrapped by a first command, for the tests that only look at it.
    static let bootstrapped = TripsProcess.bootstrapping(by: ["teams", "--sport", "nhl"])

    @Test func aBareRelativeStoreNameIsCreatedInTheWorkingDirectory() async throws {
        let result = try await trips.run(
            ["--store", "fresh.sqlite", "teams", "--sport", "nhl"], withStore: false, directory: folder)

        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Rangers"))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("fresh.sqlite").path))
    }

    @Test func aStoreThatCannotBeCreatedIsNamedByItsAbsolutePath() async throws {
        try Data("not a folder\n".utf8).write(to: folder.appendingPathComponent("notes"))

        let result = try await trips.run(
            ["--store", "notes/trips.sqlite", "teams"], withStore: false, directory: folder)

        let absolute = folder.appendingPathComponent("notes/trips.sqlite").path
        #expect(result.status == 1)
        #expect(
            result.stderr.hasPrefix("trips: cannot write the store at \(absolute) (cannot create \(folder.path)/notes)")
        )
    }

    @Test func theStoreFileIsCreatedReadableByItsOwnerOnly() async throws {
        let trips = await Self.bootstrapped.whenBootstrapped()

        let mode = try FileManager.default.attributesOfItem(atPath: trips.store)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func afterTheFirstRunTheStoreFileAloneIsTheWholeStore() async throws {
        let trips = await Self.bootstrapped.whenBootstrapped()
        let copy = folder.appendingPathComponent("copy/trips.sqlite")
        try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: trips.store, toPath: copy.path)

        let database = try Database(.file(copy.path), readOnly: true)
        let games = try database.row("SELECT count(*) FROM games") { $0.int(0) }
        #expect((games ?? 0) > 9000)
        let wal = try? FileManager.default.attributesOfItem(atPath: trips.store + "-wal")[.size] as? Int
        #expect((wal ?? 0) == 0, "the WAL is folded into the store file")
    }

    @Test func aReadOnlyCommandLeavesTheStoreFileAlone() async throws {
        let trips = await Self.bootstrapped.whenBootstrapped()
        let before = try FileManager.default.attributesOfItem(atPath: trips.store)[.modificationDate] as? Date

        #expect(try await trips.run(["games", "--sport", "nhl", "--limit", "1"]).status == 0)

        let after = try FileManager.default.attributesOfItem(atPath: trips.store)[.modificationDate] as? Date
        #expect(before == after)
    }
}
