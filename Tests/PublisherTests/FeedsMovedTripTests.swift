import CloudServerProcess
import Foundation
import LeagueFeeds
import TestSupport
import Testing

/// A saved trip follows its games when the store is fed by the leagues' own feeds (issue 39
/// item 1, the feeds source): a trip saved on the MLB 2025 schedule as published, one of its
/// games moved in the season as played; the sync from the feeds says so once, `saved list` and
/// `sync status --check` flag the trip, and its calendar moves the event under the same UID.
@Suite(.serialized) struct FeedsMovedTripTests {
    static let name = "Ballpark day"

    @Test func aGameTheFeedsMoveIsReportedOnceAndMovesTheTripsCalendar() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("feeds-moved-trip-\(UUID())")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = [
            "PATH": "/usr/bin:/bin", "HOME": home.path, "TRIPS_HOME": home.path,
            "TRIPS_DATA": FeedsPublishedThenPlayedTests.bundle.path, "NO_COLOR": "1", "TZ": "UTC",
        ]
        let trips = try CloudServerProcess.locateExecutable().deletingLastPathComponent().appendingPathComponent(
            "trips")
        func run(_ arguments: String...) async throws -> WatchedProcess.Exit {
            try await WatchedProcess(trips, arguments, environment: environment).exit(within: .seconds(120))
        }
        let store = home.appendingPathComponent("trips.sqlite").path

        // A game the league moved by two days or more between the published and the played season.
        let published = Dictionary(
            try RecordedSeason.read(RecordedSeason.published).games.map { ($0.gameId, $0) }
        ) { a, _ in a }
        let moved = try #require(
            try RecordedSeason.read(RecordedSeason.played).games.first { game in
                guard let was = published[game.gameId], game.seasonType == .regular, game.status == .final,
                    !was.timeTBD, game.gameNumber == 1, was.gameNumber == 1, !game.isNeutralSite, !was.isNeutralSite
                else { return false }
                return abs(game.start.timeIntervalSince(was.start)) >= 2 * 86_400
            })
        let day = try #require(published[moved.gameId]?.localDate)

        let first = try await FeedsPublishedThenPlayedTests.sync(
            RecordedSeason.published, environment: environment, trips: trips)
        #expect(first.status == 0, "\(first.stderr)")
        let id = try #require(try await FeedsPublishedThenPlayedTests.games(store)[moved.gameId]?.first)
        let plan = try await run(
            "plan", "--sport", "mlb", "--from", day.description, "--days", "1", "--game", id, "--no-input", "--save",
            Self.name)
        #expect(plan.status == 0, "\(plan.stderr)")
        let before = try await run("saved", "export", Self.name, "--format", "ics")
        #expect(before.stdout.contains("UID:\(id)"))

        let second = try await FeedsPublishedThenPlayedTests.sync(
            RecordedSeason.played, environment: environment, trips: trips)
        #expect(second.status == 0, "\(second.stderr)")
        let said = second.stderr.components(separatedBy: "\n").filter { $0.hasPrefix("your trip \(Self.name):") }
        #expect(said.count == 1 && said.first?.contains("moved from") == true, "\(second.stderr)")
        let again = try await FeedsPublishedThenPlayedTests.sync(
            RecordedSeason.played, environment: environment, trips: trips)
        #expect(!again.stderr.contains("your trip"), "said once: \(again.stderr)")

        #expect(try await run("saved", "list").stdout.contains("no longer fits"))
        #expect(try await run("sync", "status", "--check").status == 1)
        let after = try await run("saved", "export", Self.name, "--format", "ics")
        func event(_ text: String) -> [String] {
            let lines = text.replacingOccurrences(of: "\r\n ", with: "").components(separatedBy: "\r\n")
            guard let uid = lines.firstIndex(of: "UID:\(id)") else { return [] }
            return Array(lines[uid...].prefix { $0 != "END:VEVENT" })
        }
        let sequence = { (lines: [String]) in
            lines.first { $0.hasPrefix("SEQUENCE:") }.flatMap { Int($0.dropFirst("SEQUENCE:".count)) } ?? -1
        }
        #expect(!event(after.stdout).isEmpty, "the same UID")
        #expect(sequence(event(after.stdout)) > sequence(event(before.stdout)), "SEQUENCE raised")
        let start = { (lines: [String]) in lines.first { $0.hasPrefix("DTSTART") } }
        #expect(start(event(after.stdout)) != start(event(before.stdout)), "the event moved")
    }
}
