import Foundation
import TestSupport
import Testing

/// `trips sync --watch` from the leagues' feeds: a round at once, then every --interval (the
/// second a conditional 304), a line each, until Ctrl-C (exit 130, the rounds kept).
@Suite(.serialized) struct FeedsWatchTests {
    @Test func theWatchSyncsEveryIntervalUntilCtrlC() async throws {
        let (server, origin) = try await FeedsSyncTests.serve([FeedsSyncTests.seasonPath: FeedsSyncTests.played])
        defer { server.closeInput() }
        var trips = try TripsBinary(cloud: nil, bundle: FeedsSyncTests.bundle)
        defer { trips.cleanUp() }
        trips.environment["TRIPS_FEEDS_URL"] = origin

        let watch = try trips.start(["sync", "--watch", "--interval", "1s", "--sport", "mlb", "--season", "2025"])
        let first = try await watch.nextLine("the first round", within: .seconds(120)) { $0.contains("synced ") }
        #expect(first.contains("(at start)") && !first.contains("synced 0 changes"), "\(first)")
        let unchanged = try await watch.nextLine("the second round's league line", within: .seconds(60)) {
            $0.hasPrefix("MLB 2025")
        }
        #expect(unchanged.hasPrefix("MLB 2025: unchanged"), "\(unchanged)")
        let second = try await watch.nextLine("the second round", within: .seconds(60)) { $0.contains("synced ") }
        #expect(second.contains("synced 0 changes") && !second.contains("(at start)"), "\(second)")
        let asked = try await server.nextLine("the second request", within: .seconds(10)) {
            $0.hasPrefix("request ") && $0.hasSuffix("status=304")
        }
        #expect(asked.contains("if-none-match=\""), "\(asked)")

        watch.signal(SIGINT)
        let stopped = try await watch.exit(within: .seconds(30))
        #expect(stopped.status == 130, "\(stopped.stderr)")
        #expect(stopped.stderr.contains("sync watch stopped"), "\(stopped.stderr)")
        #expect(FeedsSlowHostTests.scored(try await FeedsSyncTests.games(trips)) > 2_000)
    }
}
