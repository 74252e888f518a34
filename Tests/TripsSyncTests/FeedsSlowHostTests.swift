import Foundation
import TestSupport
import Testing

/// A league's host that drips its answer a byte a second: the fetch's deadline ends it, and a
/// Ctrl-C while it drips stops the sync cleanly, the next sync bringing the rest.
@Suite(.serialized) struct FeedsSlowHostTests {
    static let nbaPath = "/static/json/staticData/scheduleLeagueV2.json"
    static let nbaFeed = "nba/scheduleLeagueV2_2024-25_as_released_2024-08-16.json"

    static func scored(_ games: [Any]) -> Int {
        games.filter { ($0 as? [String: Any])?["score"] != nil }.count
    }

    @Test func aServerThatDripsEndsAtTheDeadlineWithExit75AndTheStoreUnchanged() async throws {
        let (server, origin) = try await FeedsSyncTests.serve(
            [FeedsSyncTests.seasonPath: FeedsSyncTests.played], drip: [FeedsSyncTests.seasonPath])
        defer { server.closeInput() }
        var trips = try TripsBinary(cloud: nil, bundle: FeedsSyncTests.bundle)
        defer { trips.cleanUp() }
        trips.environment["TRIPS_FEEDS_URL"] = origin
        let before = try await FeedsSyncTests.games(trips)

        trips.environment["TRIPS_FEEDS_DEADLINE"] = "soon"
        let refused = try await trips.run("sync", "--sport", "mlb", "--season", "2025")
        #expect(refused.status == 2 && refused.stderr.contains("TRIPS_FEEDS_DEADLINE is 'soon'"), "\(refused.stderr)")

        trips.environment["TRIPS_FEEDS_DEADLINE"] = "2"
        let clock = ContinuousClock()
        let started = clock.now
        let sync = try await trips.start(["sync", "--sport", "mlb", "--season", "2025"]).exit(within: .seconds(60))
        #expect(started.duration(to: clock.now) < .seconds(30))
        #expect(sync.status == 75, "\(sync.stdout)\(sync.stderr)")
        #expect(sync.stderr.contains("did not finish within 2 s"), "\(sync.stderr)")
        #expect(sync.stdout.contains("MLB 2025: not read"), "\(sync.stdout)")
        let dripped = try await server.nextLine("the dripped request", within: .seconds(10)) {
            $0.hasPrefix("request ")
        }
        #expect(dripped.hasSuffix("drip"), "\(dripped)")
        #expect((try await FeedsSyncTests.games(trips) as NSArray).isEqual(to: before))
    }

    @Test func ctrlCMidSyncExits130AndTheNextSyncFinishesTheRest() async throws {
        let routes = [FeedsSyncTests.seasonPath: FeedsSyncTests.played, Self.nbaPath: Self.nbaFeed]
        let (slow, slowOrigin) = try await FeedsSyncTests.serve(routes, drip: [FeedsSyncTests.seasonPath])
        defer { slow.closeInput() }
        var trips = try TripsBinary(cloud: nil, bundle: FeedsSyncTests.bundle)
        defer { trips.cleanUp() }
        trips.environment["TRIPS_FEEDS_URL"] = slowOrigin
        trips.environment["TRIPS_FEEDS_DEADLINE"] = "600"
        let before = try await FeedsSyncTests.games(trips)

        // NBA first, read at once; then MLB, which drips: the signal lands mid-sync.
        let sync = try trips.start(["sync", "--sport", "nba,mlb", "--season", "2025"])
        _ = try await slow.nextLine("MLB's dripping request", within: .seconds(120)) { $0.hasSuffix("drip") }
        sync.signal(SIGINT)
        let stopped = try await sync.exit(within: .seconds(30))
        #expect(stopped.status == 130, "\(stopped.stdout)\(stopped.stderr)")
        #expect(stopped.stderr.contains("sync cancelled"), "\(stopped.stderr)")
        #expect((try await FeedsSyncTests.games(trips) as NSArray).isEqual(to: before))

        let (quick, quickOrigin) = try await FeedsSyncTests.serve(routes)
        defer { quick.closeInput() }
        trips.environment["TRIPS_FEEDS_URL"] = quickOrigin
        let again = try await trips.run("sync", "--sport", "nba,mlb", "--season", "2025")
        #expect(again.status == 0, "\(again.stdout)\(again.stderr)")
        #expect(!again.stdout.contains("not read"), "\(again.stdout)")
        let after = try await FeedsSyncTests.games(trips)
        #expect(Self.scored(after) > Self.scored(before) + 2_000, "\(Self.scored(before)) → \(Self.scored(after))")
    }
}
