import Foundation
import Testing

/// A store the user may read but not write — a read-only file, or a file in a read-only folder
/// (where SQLite cannot make the WAL's shared-memory file) — answers every read-only command;
/// a command that changes it says the store is read-only. Run as `nobody` (root writes anything).
@Suite struct ReadOnlyStoreTests {
    static let nobody: UInt32 = 65_534

    /// A bootstrapped store in a root-owned folder, and a copy of `trips` that `nobody` can run
    /// wherever the checkout lives.
    func preparedStore() async throws -> (TripsProcess, URL) {
        let trips = TripsProcess()
        #expect(try await trips.run(["teams", "--sport", "nhl"]).status == 0)
        let folder = URL(fileURLWithPath: trips.store).deletingLastPathComponent()
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: trips.store + suffix) }
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
        let binary = folder.appendingPathComponent("trips-copy")
        try FileManager.default.copyItem(at: TripsProcess.binaries.appendingPathComponent("trips"), to: binary)
        return (trips, binary)
    }

    func runAsNobody(_ trips: TripsProcess, _ binary: URL, _ arguments: [String]) async throws -> TripsProcess.Result {
        try await TripsProcess.execute(
            URL(fileURLWithPath: "/usr/bin/setpriv"),
            ["--reuid=\(Self.nobody)", "--regid=\(Self.nobody)", "--clear-groups", binary.path, "--store", trips.store]
                + arguments,
            environment: trips.environment)
    }

    func readsAndRefusesWrites(_ trips: TripsProcess, _ binary: URL) async throws {
        let games = try await runAsNobody(
            trips, binary, ["games", "--sport", "mlb", "--team", "HOU", "--season", "2026"])
        #expect(games.status == 0, "\(games.stderr)")
        #expect(games.stdout.hasSuffix("162 games · Houston Astros · 2026\n"))
        let teams = try await runAsNobody(trips, binary, ["teams", "--sport", "nba"])
        #expect(teams.status == 0, "\(teams.stderr)")

        let write = try await runAsNobody(trips, binary, ["favorites", "add", "HOU", "--sport", "mlb"])
        #expect(write.status == 1)
        #expect(write.stderr.contains("the store: it is read-only to you"), "\(write.stderr)")
    }

    @Test func aReadOnlyStoreFileAnswersReadOnlyCommands() async throws {
        let (trips, binary) = try await preparedStore()
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: trips.store)

        try await readsAndRefusesWrites(trips, binary)
    }

    @Test func aStoreInAReadOnlyFolderAnswersReadOnlyCommands() async throws {
        let (trips, binary) = try await preparedStore()
        // The file is nobody's own and writable; the folder (root's) is not.
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o644, .ownerAccountID: Self.nobody], ofItemAtPath: trips.store)

        try await readsAndRefusesWrites(trips, binary)
    }
}
