import CloudServerProcess
import Foundation
import Testing

/// `trips-cloud`'s failures read as one line a user can act on.
@Suite struct CommandMessageTests {
    @Test func checksumOfAFileThatIsNoDatabaseIsOneLine() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("not-a-db-\(UUID().uuidString)")
        try Data("this is not SQLite, just text long enough to be looked at as a header".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try await CloudServerProcess.run(
            try CloudServerProcess.locateExecutable(), ["checksum", "--db", file.path])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("trips-cloud: "))
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(!result.stderr.contains("Error Domain"))
        #expect(!result.stderr.contains("UserInfo"))
    }

    @Test func checksumOfAnUnreachableServerIsOneLine() async throws {
        let result = try await CloudServerProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            [
                "TRIPS_CLOUD_ADMIN_TOKEN=t", try CloudServerProcess.locateExecutable().path, "checksum",
                "--url", "http://127.0.0.1:1",
            ])
        #expect(result.status == 1)
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(!result.stderr.contains("Error Domain"))
        #expect(result.stderr.contains("127.0.0.1:1"))
    }

    @Test(arguments: ["2026-02-30T19:05:00Z", "2026-04-31T19:05:00Z", "2026-13-01T19:05:00Z", "2025-02-29T00:00:00Z"])
    func postponeToAnImpossibleDateIsRefused(date: String) async throws {
        let server = try await TestServer.start(games: 1)
        defer { server.close() }
        let result = try await server.process.admin(["postpone", "game_0000", "--to", date])
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains(date))
        #expect(try await server.database().lookup(["game_0000"]).first?.value?.recordChangeTag == "seed-0")
    }

    @Test func postponeToARealLeapDayWorks() async throws {
        let server = try await TestServer.start(games: 1)
        defer { server.close() }
        // The test game is a 2026 one: a leap day outside its season needs --force, and is refused without.
        let refused = try await server.process.admin(["postpone", "game_0000", "--to", "2028-02-29T19:05:00Z"])
        #expect(refused.status != 0 && refused.stderr.contains("outside that season"), "\(refused.stderr)")
        let result = try await server.process.admin([
            "postpone", "game_0000", "--to", "2028-02-29T19:05:00Z", "--force",
        ])
        #expect(result.status == 0, "\(result.stderr)")
    }
}
