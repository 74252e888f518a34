import Foundation
import TestSupport
import Testing

/// Issue 37 item 8 against a real `trips-cloud`: a favourite synced to a second device whose
/// store has the team retired (no longer in the league there) is removed there by the name
/// `favorites list` shows, and the removal reaches the first device — not resurrected.
@Suite(.serialized) struct StaleFavoriteSyncTests {
    @Test func aRetiredFavouriteIsRemovedByItsNameAndTheRemovalSyncs() async throws {
        let cloud = try await LiveCloud.start()
        defer { cloud.stop() }
        let token = try await cloud.addUser("jo")
        let a = try await SavedTripNameTests.device("laptop", cloud: cloud, token: token)
        defer { a.cleanUp() }
        let b = try await SavedTripNameTests.device("desk", cloud: cloud, token: token)
        defer { b.cleanUp() }
        #expect(try await a.run("favorites", "add", "NYY", "HOU", "--sport", "mlb").status == 0)
        #expect(try await a.run("sync", "--quiet").status == 0)
        #expect(try await b.run("sync", "--quiet").status == 0)
        let retire = try await WatchedProcess(
            URL(fileURLWithPath: "/usr/bin/sqlite3"),
            [b.storePath, "UPDATE teams SET deprecated_at_ms = 1 WHERE id = 'team_mlb_nyy'"]
        ).exit(within: .seconds(60))
        #expect(retire.status == 0, "\(retire.stderr)")
        let listed = try await b.run("favorites", "list")
        #expect(listed.stdout.contains("New York Yankees (no longer in the league)"), "\(listed.stdout)")

        let removed = try await b.run("favorites", "remove", "New York Yankees")
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(removed.stdout.contains("Removed New York Yankees"))
        #expect(try await b.run("sync", "--quiet").status == 0)
        #expect(try await a.run("sync", "--quiet").status == 0)
        let left = try await a.run("favorites", "list")
        #expect(left.stdout.contains("Houston Astros"))
        #expect(!left.stdout.contains("Yankees"), "the removal did not reach the other device: \(left.stdout)")
    }
}
