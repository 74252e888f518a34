import Foundation
import LeagueFeeds
import TestSupport
import Testing

/// `trips sync` with no cloud reads the leagues' own feeds. A loopback server (FeedFetchTests'
/// `feed_server.py`) answers the MLB Stats API's season path with the recorded 2025 season as
/// played; `TRIPS_FEEDS_URL` sends trips there, path and query unchanged.
@Suite(.serialized) struct FeedsSyncTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let feedServer = root.appendingPathComponent("Tests/FeedFetchTests/Scripts/feed_server.py")
    static let feeds = root.deletingLastPathComponent().appendingPathComponent("shared/data/feeds")
    static let bundle = root.appendingPathComponent("Data")
    /// The request `trips sync --sport mlb --season 2025` sends for the season.
    static let seasonPath =
        "/api/v1/schedule?sportId=1&season=2025&gameType=R,F,D,L,W&hydrate=venue(location,timezone)"
    static let played = "mlb/mlb_schedule_2025.json"

    /// The server, its origin, and a reader of its request log ("request PATH if-none-match=… status=N");
    /// the `drip` paths are answered a byte a second.
    static func serve(_ routes: [String: String], drip: [String] = []) async throws -> (WatchedProcess, String) {
        let server = try WatchedProcess(
            URL(fileURLWithPath: "/usr/bin/python3"),
            [feedServer.path, feeds.path, "--log"] + routes.map { "--route=\($0.key)=\($0.value)" }
                + drip.map { "--drip=\($0)" },
            input: .open)
        let port = try await server.nextLine("the feed server's port", within: .seconds(30)) { $0.hasPrefix("port ") }
        return (server, "http://127.0.0.1:\(port.dropFirst(5))")
    }

    @Test func withoutACloudSyncBringsTheSeasonFromTheLeaguesFeedWithItsResults() async throws {
        let (server, origin) = try await Self.serve([Self.seasonPath: Self.played])
        defer { server.closeInput() }
        var trips = try TripsBinary(cloud: nil, bundle: Self.bundle)
        defer { trips.cleanUp() }
        trips.environment["TRIPS_FEEDS_URL"] = origin

        let sync = try await trips.run("sync", "--sport", "mlb", "--season", "2025")
        #expect(sync.status == 0, "\(sync.stderr)")
        #expect(sync.stdout.contains("MLB 2025"), "\(sync.stdout)")
        let first = try await server.nextLine("the season's request", within: .seconds(30)) { $0.hasPrefix("request ") }
        #expect(first.contains(Self.seasonPath) && first.hasSuffix("status=200"), "\(first)")

        // Game for game: every game the feed calls final has the feed's score in the store.
        let feed = try MLBStatsAPISchedule.read(
            Data(contentsOf: Self.feeds.appendingPathComponent(Self.played)), source: Self.played)
        let finals = feed.games.filter { $0.status == .final && $0.score != nil && $0.seasonType == .regular }
        let listed = try await trips.run("games", "--sport", "mlb", "--season", "2025", "--format", "json")
        #expect(listed.status == 0, "\(listed.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [String: Any])
        let games = try #require(object["games"] as? [[String: Any]])
        let scored = games.filter { $0["score"] != nil }
        #expect(!finals.isEmpty && scored.count >= Set(finals.map(\.gameId)).count - 2, "\(scored.count)")
        let wsh = try #require(
            feed.games.first { $0.gameId == "778266" && $0.status == .final }, "the snow postponement, made up")
        let score = try #require(wsh.score)
        #expect(
            games.contains { game in
                (game["score"] as? [String: Any]).map {
                    ($0["home"] as? Int, $0["away"] as? Int) == (score.home, score.away)
                }
                    ?? false
            })

        let seasons = try await trips.run("seasons", "--sport", "mlb")
        // SOURCE says feeds and when the season was read; the bundle's 2026 stays the bundle's.
        let rows = seasons.stdout.split(separator: "\n")
        #expect(rows.contains { $0.hasPrefix("MLB    2025") && $0.contains(" feeds ") && $0.hasSuffix("Z") }, "\(rows)")
        #expect(rows.contains { $0.hasPrefix("MLB    2026") && $0.hasSuffix("bundle") }, "\(rows)")

        let status = try await trips.run("sync", "status")
        #expect(status.stdout.hasPrefix("✓ synced") && status.stdout.contains("from the leagues' feeds"), "\(status)")

        // A second sync minutes later asks conditionally, gets 304 and writes nothing.
        let again = try await trips.run("sync", "--sport", "mlb", "--season", "2025")
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("MLB 2025: unchanged"), "\(again.stdout)")
        let second = try await server.nextLine("the second request", within: .seconds(30)) { $0.hasPrefix("request ") }
        #expect(second.contains("if-none-match=\"") && second.hasSuffix("status=304"), "\(second)")
    }

    @Test func aHostThatIsDownLeavesTheStoreAsItWasAndExits75() async throws {
        let trips = try TripsBinary(cloud: nil, bundle: Self.bundle)  // TRIPS_FEEDS_URL: a closed port
        defer { trips.cleanUp() }
        let before = try await Self.games(trips)
        // A feeds database left by a trips with another bundle is made anew from this one.
        let feedsDatabase = trips.storePath + ".feeds"
        try Data("not a database".utf8).write(to: URL(fileURLWithPath: feedsDatabase))
        try Data("an older bundle".utf8).write(to: URL(fileURLWithPath: feedsDatabase + ".bundle"))

        let sync = try await trips.run("sync", "--sport", "mlb", "--season", "2025")
        let stamp = try String(contentsOfFile: feedsDatabase + ".bundle", encoding: .utf8)
        #expect(stamp != "an older bundle" && stamp.count == 64, "\(stamp)")

        #expect(sync.status == 75, "\(sync.stdout)\(sync.stderr)")
        #expect(sync.stdout.contains("MLB 2025: not read"), "\(sync.stdout)")
        #expect(sync.stderr.contains("could not read MLB 2025"), "\(sync.stderr)")
        let kept = try await Self.games(trips)
        #expect(kept.count == 2_430 && (kept as NSArray).isEqual(to: before))

        // Every league down: a quick retry each, not five backed-off attempts, and per league
        // what the store still has.
        let clock = ContinuousClock()
        let started = clock.now
        let all = try await trips.run("sync")
        #expect(started.duration(to: clock.now) < .seconds(20))
        #expect(all.status == 75, "\(all.stdout)\(all.stderr)")
        let lines = all.stdout.split(separator: "\n").filter { $0.contains(": not read (") }
        #expect(
            lines.count == 6 && lines.allSatisfy { $0.contains("127.0.0.1:9: host unreachable (connection refused)") },
            "\(all.stdout)")
        #expect(lines.allSatisfy { $0.contains("; you have ") || $0.contains("; the store has no ") })
        #expect(lines.contains { $0.hasPrefix("MLB ") && $0.contains("; you have the bundle's 2025") }, "\(all.stdout)")
        #expect((try await Self.games(trips) as NSArray).isEqual(to: before))
    }

    /// `trips games --sport mlb --season 2025 --format json`'s games.
    static func games(_ trips: TripsBinary, season: String = "2025") async throws -> [Any] {
        let listed = try await trips.run("games", "--sport", "mlb", "--season", season, "--format", "json")
        let object = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [String: Any]
        return try #require(object?["games"] as? [Any], "\(listed.stderr)")
    }

    /// `sync.source` (or TRIPS_SYNC_SOURCE) chooses as `--source` does; a bad value is refused.
    @Test func theSyncSourceSettingChoosesTheCloud() async throws {
        var trips = try TripsBinary(cloud: nil)
        defer { trips.cleanUp() }
        trips.environment["TRIPS_SYNC_SOURCE"] = "cloud"
        let sync = try await trips.run("sync")
        #expect(sync.status == 2 && sync.stderr.contains("no cloud configured"), "\(sync.stderr)")
        let set = try await trips.run("config", "set", "sync.source", "ftp")
        #expect(set.status == 2 && set.stderr.contains("expected feeds or cloud"), "\(set.stderr)")
    }

    @Test func anUnknownLeagueIsAUsageErrorWithASuggestion() async throws {
        let trips = try TripsBinary(cloud: nil)
        defer { trips.cleanUp() }
        let sync = try await trips.run("sync", "--sport", "nbaa")
        #expect(sync.status == 2)
        #expect(sync.stderr.contains("no feeds for 'nbaa' — did you mean nba?"), "\(sync.stderr)")
        // A comma list is read item by item.
        let listed = try await trips.run("sync", "--sport", "mlb,nhll", "--sport", "nba")
        #expect(
            listed.status == 2 && listed.stderr.contains("no feeds for 'nhll' — did you mean nhl?"), "\(listed.stderr)")
    }
}
