import CloudServerProcess
import Foundation
import LeagueFeeds
import TestSupport
import Testing

/// `trips sync` without a cloud, a real process against a loopback server: the MLB 2025
/// schedule as published (2024-11) and then as played. Every game keeps its id through the
/// moves, every moved game stands at its played time, and every final carries its score. The
/// bundle here has no MLB 2025 (a store that already holds the played season refuses the older
/// published one as a stale snapshot).
@Suite(.serialized) struct FeedsPublishedThenPlayedTests {
    static let feedServer = SeasonCoveragePublishTests.feedServer
    static let bundle = RecordedSeason.bundle(keepingGames: { $0 != "records/games-mlb-2025.json" })

    /// The store's live MLB 2025 games by the league's id: record id, start, status, score.
    static func games(_ store: String) async throws -> [String: [String]] {
        let sql = """
            SELECT source_id, id, start_ms, status, ifnull(home_score, '-'), ifnull(away_score, '-') FROM games
            WHERE sport = 'mlb' AND season = '2025' AND deprecated_at_ms IS NULL;
            """
        let result = try await WatchedProcess(URL(fileURLWithPath: "/usr/bin/sqlite3"), [store, sql])
            .exit(within: .seconds(60))
        let rows = result.stdout.split(separator: "\n").map { $0.split(separator: "|").map(String.init) }
        return Dictionary(rows.map { ($0[0], Array($0.dropFirst())) }) { a, _ in a }
    }

    /// `trips sync --sport mlb --season 2025` with the season's path answered by `file`.
    static func sync(_ file: URL, environment: [String: String], trips: URL) async throws -> WatchedProcess.Exit {
        let server = try WatchedProcess(
            URL(fileURLWithPath: "/usr/bin/python3"),
            [
                feedServer.path, file.deletingLastPathComponent().path,
                "--route=\(SeasonCoveragePublishTests.mlbPath)=\(file.lastPathComponent)",
            ],
            input: .open)
        defer { server.closeInput() }
        let port = try await server.nextLine("the feed server's port", within: .seconds(30)) { $0.hasPrefix("port ") }
        var environment = environment
        environment["TRIPS_FEEDS_URL"] = "http://127.0.0.1:\(port.dropFirst(5))"
        return try await WatchedProcess(
            trips, ["sync", "--sport", "mlb", "--season", "2025"], environment: environment
        )
        .exit(within: .seconds(300))
    }

    @Test func thePublishedSeasonThenThePlayedOneMovesEveryGameUnderItsOwnIdAndSetsEveryScore() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("published-played-\(UUID())")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = [
            "PATH": "/usr/bin:/bin", "HOME": home.path, "TRIPS_HOME": home.path, "TRIPS_DATA": Self.bundle.path,
            "NO_COLOR": "1", "TZ": "UTC",
        ]
        let trips = try CloudServerProcess.locateExecutable().deletingLastPathComponent().appendingPathComponent(
            "trips")
        let store = home.appendingPathComponent("trips.sqlite").path

        let first = try await Self.sync(RecordedSeason.published, environment: environment, trips: trips)
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
        let before = try await Self.games(store)
        #expect(before.count == 2_430)

        let second = try await Self.sync(RecordedSeason.played, environment: environment, trips: trips)
        #expect(second.status == 0, "\(second.stdout)\(second.stderr)")
        #expect(second.stdout.contains("MLB 2025:") && second.stdout.contains("moved"), "\(second.stdout)")
        let after = try await Self.games(store)

        let played = try RecordedSeason.read(RecordedSeason.played)
        let published = try RecordedSeason.read(RecordedSeason.published)
        let publishedStart = Dictionary(published.games.map { ($0.gameId, $0.start) }) { a, _ in a }
        var moved = 0
        for game in played.games where game.seasonType == .regular {
            let row = try #require(after[game.gameId], "game \(game.gameId) is in the store")
            // The same record as after the first sync: its id never changes with its date.
            if let was = before[game.gameId] { #expect(was[0] == row[0], "\(game.gameId) kept its id") }
            guard game.status != .postponed else { continue }
            #expect(row[1] == String(Int64((game.start.timeIntervalSince1970 * 1000).rounded())), "\(game.gameId)")
            if publishedStart[game.gameId].map({ $0 != game.start }) ?? false { moved += 1 }
            if game.status == .final, let score = game.score {
                #expect(row[2] == "final" && row[3] == "\(score.home)" && row[4] == "\(score.away)", "\(game.gameId)")
            }
        }
        #expect(moved > 600)
    }
}
