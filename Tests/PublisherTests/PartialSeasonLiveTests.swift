import CloudServerProcess
import Foundation
import LeagueFeeds
import TestSupport
import Testing

/// The last "done when": the NHL 2026-27 week published to a real `trips-cloud` seeded
/// from the bundle, a client with the shipped bundle synced, and then `trips seasons` calls the
/// season partial (47 of a full season's 1,344: the league's 84-game format, not the 1,312 of the
/// bundle's complete 2025-26) and
/// what a fan asks on a day outside that week is answered as a season partly loaded, not
/// "no games match" and nothing more.
@Suite(.serialized) struct PartialSeasonLiveTests {
    static let week = RecordedSeason.feeds.appendingPathComponent(
        "nhl/schedule_week_2026-10-01_20262027_TRANSCRIBED.json")

    @Test func theNHLWeekPublishedAndSyncedMakesTheSeasonPartlyLoaded() async throws {
        // The cloud and the client as they were before the bundle carried the season.
        let bundle = RecordedSeason.bundleWithoutNHL2627
        let server = try await CloudServerProcess.start(data: bundle, timeout: 300)
        defer { server.stop() }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("partial-home-\(UUID())")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let tools = LivePublishTests.Tools(server: server, home: home, data: bundle)
        let games = try NHLSchedule.read(Data(contentsOf: Self.week), source: Self.week.lastPathComponent).games.count

        let published = try await WatchedProcess(
            tools.cloudExecutable,
            tools.arguments(Self.week).map {
                $0 == "mlb-statsapi=\(Self.week.path)" ? "nhl-api-web=\(Self.week.path)" : $0
            }
        ).exit(within: .seconds(120))
        #expect(try LivePublishTests.counts(published)["created"] as? Int == games, "\(published.stderr)")
        let synced = try await tools.sync()
        #expect(synced.status == 0, "\(synced.stderr)")

        let table = try await tools.trips("seasons", "--sport", "nhl")
        let line = try #require(table.stdout.split(separator: "\n").first { $0.hasPrefix("NHL    2026-27") })
        #expect(line.contains("\(games) of 1,344  2026-10-01  2026-10-07"), "\(table.stdout)")
        let seasons = try await tools.trips("seasons", "--sport", "nhl", "--format", "json")
        #expect(seasons.status == 0, "\(seasons.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(seasons.stdout.utf8)) as? [String: Any])
        let nhl = try #require((json["seasons"] as? [[String: Any]])?.first { $0["season"] as? String == "2026-27" })
        #expect(nhl["games"] as? Int == games)
        #expect(nhl["complete"] as? Bool == false && nhl["expectedGames"] as? Int == 1_344, "\(nhl)")

        // 2026-11-26, the day the issue was filed: outside the week, inside the season.
        let day = try await tools.trips("games", "--team", "Blackhawks", "--from", "2026-11-26", "--to", "2026-11-26")
        #expect(day.status == 0, "\(day.stderr)")
        #expect(day.stdout.hasPrefix("no games match"), "\(day.stdout)")
        #expect(day.stderr.hasPrefix("note: NHL 2026-27 is partly loaded: \(games) of 1,344 games"), "\(day.stderr)")
        #expect(!day.stderr.contains("not loaded"))
        // Inside the week the games are there (CHI's games of Oct 1–7).
        let inWeek = try await tools.trips(
            "games", "--team", "Blackhawks", "--from", "2026-10-01", "--to", "2026-10-07")
        #expect(inWeek.status == 0 && inWeek.stdout.contains("CHI"), "\(inWeek.stdout)\(inWeek.stderr)")
    }
}
