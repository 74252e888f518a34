import CloudServerProcess
import Foundation
import Testing

/// "Sync failed after N s" is the time the whole `trips sync` took, the user-data sync after
/// the canonical pull included — not the pull's alone.
@Suite struct SyncWallTimeTests {
    @Test func aFailedSyncReportsTheTimeOfBothPulls() async throws {
        // Only the user-data operations are slow (1.5 s each) and then fail for good.
        let server = try await CloudServerProcess.start(
            data: FixtureBundle.directory,
            extraArguments: [
                "--latency-ms", "1500", "--error-rate", "1", "--error-code", "BAD_REQUEST", "--fault-operations",
                "zones/list,zones/modify,changes/zone,records/modify,users/current", "--quiet",
            ])
        let cloud = LiveCloud(server: server)
        defer { cloud.stop() }
        var trips = try TripsBinary(cloud: cloud)
        defer { trips.cleanUp() }
        trips.environment["TRIPS_CLOUD_WEB_AUTH_TOKEN"] = try await server.addUser("ana")

        let started = ContinuousClock.now
        let sync = try await trips.run("sync", "--time-limit", "60")
        let wall = ContinuousClock.now - started

        #expect(sync.status == 1, "\(sync.stdout)\(sync.stderr)")
        let line = try #require(sync.stdout.split(separator: "\n").first { $0.hasPrefix("Sync failed after ") })
        let reported = try #require(Double(line.dropFirst("Sync failed after ".count).prefix { $0 != " " }))
        #expect(reported >= 1.5, "\(line): the user-data sync's time is left out")
        #expect(reported <= Double(wall.components.seconds) + 1, "\(line), but the run took \(wall)")
    }
}
