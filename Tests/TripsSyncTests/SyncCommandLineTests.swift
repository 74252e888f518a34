import CloudServerProcess
import Foundation
import TestSupport
import Testing

/// `trips-sync` run by hand is `trips sync` (issue 27 item 8): its help and usage name
/// `trips sync`; and `trips sync -v` says where the store is and a line per page with its time.
@Suite struct SyncCommandLineTests {
    /// The built `trips-sync`, run with `arguments` and no cloud.
    func tripsSync(_ arguments: [String]) async throws -> WatchedProcess.Exit {
        let trips = try TripsBinary(cloud: nil)
        defer { trips.cleanUp() }
        let program = trips.executable.deletingLastPathComponent().appendingPathComponent("trips-sync")
        return try await trips.start(arguments, program: program).exit()
    }

    @Test func theBareProgramShowsTripsSyncHelp() async throws {
        let bare = try await tripsSync([])
        let help = try await tripsSync(["--help"])
        #expect(bare.status == 0)
        #expect(bare.stdout.hasPrefix("USAGE: trips sync [status] [options]\n"), "\(bare.stdout)")
        #expect(help.stdout == bare.stdout)
    }

    @Test func aBadOptionsUsageLineNamesTripsSync() async throws {
        let result = try await tripsSync(["--bogus"])
        #expect(result.status == 2)
        #expect(result.stderr == "trips: unknown option '--bogus'\nUsage: trips sync [status] [options]\n")
    }

    @Test func verboseSyncSaysTheStoreAndEachPageWithItsTime() async throws {
        let cloud = try await LiveCloud.start()
        defer { cloud.stop() }
        let trips = try TripsBinary(cloud: cloud)
        defer { trips.cleanUp() }
        try await cloud.admin("postpone", "game_mlb_2026_0822_atl_mil", "--to", "2026-08-23T23:10:00Z")

        let sync = try await trips.run("sync", "-v", "--page-size", "50")

        #expect(sync.status == 0, "\(sync.stderr)")
        let lines = sync.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first == "store: \(trips.storePath)", "\(lines)")
        let pages = lines.filter { $0.hasPrefix("sync: Game page ") }
        #expect(!pages.isEmpty, "\(lines)")
        #expect(pages.allSatisfy { $0.contains(" record") && $0.hasSuffix(" s so far)") }, "\(pages)")
        #expect(!pages.contains { $0.contains(": 1 records ") }, "\(pages)")
        let done = try #require(lines.first { $0.hasPrefix("sync: Game done: ") })
        #expect(done.contains("\(pages.count) page"), "\(done)")
        #expect(done.contains(" 1 changed "), "\(done)")
        #expect(sync.stdout.contains("Synced 1 change in "))
    }
}
