import CloudServerProcess
import Foundation
import TestSupport
import Testing

/// `trips-cloud publish --league` reads whole seasons from the leagues' own paths (served here
/// from the recorded responses by a loopback server), and a client syncing from that cloud ends
/// with the same games, ids and content as a client reading the same feeds itself.
@Suite(.serialized) struct SeasonCoveragePublishTests {
    static let feedServer = RecordedSeason.repositoryRoot.appendingPathComponent(
        "Tests/FeedFetchTests/Scripts/feed_server.py")
    static let mlbPath =
        "/api/v1/schedule?sportId=1&season=2025&gameType=R,F,D,L,W&hydrate=venue(location,timezone)"
    static let nbaPath = "/static/json/staticData/scheduleLeagueV2.json"

    /// Every live game of MLB and NBA, field by field, and every stadium, as one text per row.
    static func rows(_ store: String) async throws -> [String] {
        let sql = """
            SELECT id, sport, season, start_ms, time_tbd, home_team_id, away_team_id, ifnull(stadium_id, '-'),
                   game_number, status, is_neutral_site, season_type, ifnull(resumed_ms, '-'),
                   ifnull(home_score, '-'), ifnull(away_score, '-'), ifnull(source_id, '-'), ifnull(venue_name, '-')
            FROM games WHERE deprecated_at_ms IS NULL AND sport IN ('mlb', 'nba')
            UNION ALL SELECT id, name, city, state, latitude, longitude, time_zone, '', '', '', '', '', '', '', '', '', ''
            FROM stadiums WHERE deprecated_at_ms IS NULL
            ORDER BY 1;
            """
        let result = try await WatchedProcess(URL(fileURLWithPath: "/usr/bin/sqlite3"), [store, sql])
            .exit(within: .seconds(60))
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    @Test func aCloudPublishedByLeagueSeasonEqualsTheFeedsReadDirectly() async throws {
        let feeds = try WatchedProcess(
            URL(fileURLWithPath: "/usr/bin/python3"),
            [
                Self.feedServer.path, RecordedSeason.feeds.path, "--route=\(Self.mlbPath)=mlb/mlb_schedule_2025.json",
                "--route=\(Self.nbaPath)=nba/scheduleLeagueV2_2024-25_as_released_2024-08-16.json",
            ],
            input: .open)
        defer { feeds.closeInput() }
        let port = try await feeds.nextLine("the feed server's port", within: .seconds(30)) { $0.hasPrefix("port ") }
        let origin = "http://127.0.0.1:\(port.dropFirst(5))"
        let server = try await CloudServerProcess.start(data: RecordedSeason.data)
        defer { server.stop() }

        for (league, season) in [("mlb", "2025"), ("nba", "2024-25")] {
            let publish = try await WatchedProcess(
                server.executable,
                [
                    "publish", "--league", league, "--season", season, "--url", server.url.absoluteString,
                    "--key-id", server.serverKeyID, "--key", server.serverPrivateKey.path, "--container",
                    server.container,
                ], environment: ["PATH": "/usr/bin:/bin", "TRIPS_FEEDS_URL": origin]
            ).exit(within: .seconds(300))
            #expect(publish.status == 0, "\(publish.stdout)\(publish.stderr)")
            #expect(publish.stdout.contains(league.uppercased() + " " + season), "\(publish.stdout)")
        }

        let trips = server.executable.deletingLastPathComponent().appendingPathComponent("trips")
        var stores: [String] = []
        for fromCloud in [true, false] {
            let home = FileManager.default.temporaryDirectory.appendingPathComponent("coverage-home-\(UUID())")
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: home) }
            var environment = [
                "PATH": "/usr/bin:/bin", "HOME": home.path, "TRIPS_HOME": home.path,
                "TRIPS_DATA": RecordedSeason.data.path, "NO_COLOR": "1", "TZ": "UTC", "TRIPS_FEEDS_URL": origin,
            ]
            var runs: [[String]] = [
                ["sync", "--sport", "mlb", "--season", "2025"], ["sync", "--sport", "nba", "--season", "2024-25"],
            ]
            if fromCloud {
                environment["TRIPS_CLOUD_URL"] = server.url.absoluteString
                environment["TRIPS_CLOUD_CONTAINER"] = server.container
                environment["TRIPS_CLOUD_API_TOKEN"] = server.apiToken
                runs = [["sync"]]
            }
            for arguments in runs {
                let sync = try await WatchedProcess(trips, arguments, environment: environment)
                    .exit(within: .seconds(300))
                #expect(sync.status == 0, "\(arguments): \(sync.stdout)\(sync.stderr)")
            }
            stores.append(contentsOf: [
                try await Self.rows(home.appendingPathComponent("trips.sqlite").path).joined(separator: "\n")
            ])
        }
        let cloud = stores[0].split(separator: "\n")
        let direct = stores[1].split(separator: "\n")
        // Whole seasons: MLB 2025 and the NBA's 1,200 released games beside the bundle's seasons.
        #expect(cloud.count { $0.contains("|nba|2024-25|") } == 1_200)
        #expect(cloud.count { $0.contains("|mlb|2025|") } == 2_430)
        #expect(cloud.count == direct.count)
        let differing = zip(cloud, direct).filter { $0 != $1 }
        #expect(differing.isEmpty, "\(differing.prefix(5))")
    }
}
