import Foundation
import TestSupport
import Testing

/// `trips sync` without a cloud, when the league's answer is not one to trust: cut short, not
/// JSON at all, or older than the one already read. Each changes nothing in the store and says
/// why. The answers are the recorded MLB 2025 season, damaged or re-dated in a served folder.
@Suite(.serialized) struct FeedsBadResponseTests {
    /// A served folder holding `season.json` (the route of MLB's season path), its server, and a
    /// fresh `trips` home sent there.
    struct Served {
        let folder: URL
        let server: WatchedProcess
        var trips: TripsBinary

        func close() {
            server.closeInput()
            try? FileManager.default.removeItem(at: folder)
            trips.cleanUp()
        }
    }

    static func serve(_ body: Data) async throws -> Served {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bad-feeds-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try body.write(to: folder.appendingPathComponent("season.json"))
        let server = try WatchedProcess(
            URL(fileURLWithPath: "/usr/bin/python3"),
            [FeedsSyncTests.feedServer.path, folder.path, "--route=\(FeedsSyncTests.seasonPath)=season.json"],
            input: .open)
        let port = try await server.nextLine("the feed server's port", within: .seconds(30)) { $0.hasPrefix("port ") }
        var trips = try TripsBinary(cloud: nil, bundle: FeedsSyncTests.bundle)
        trips.environment["TRIPS_FEEDS_URL"] = "http://127.0.0.1:\(port.dropFirst(5))"
        return Served(folder: folder, server: server, trips: trips)
    }

    static let played = FeedsSyncTests.feeds.appendingPathComponent(FeedsSyncTests.played)

    static func games(_ trips: TripsBinary) async throws -> String {
        let listed = try await trips.run("games", "--sport", "mlb", "--season", "2025", "--format", "json")
        #expect(listed.status == 0, "\(listed.stderr)")
        // The games as JSON text (the document's generation time is left out: it is the run's).
        let object = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [String: Any])
        let games = try #require(object["games"] as? [[String: Any]])
        #expect(games.count == 2_430)
        return String(decoding: try JSONSerialization.data(withJSONObject: games, options: .sortedKeys), as: UTF8.self)
    }

    @Test(arguments: ["cut", "not JSON"])
    func anAnswerThatIsNotAScheduleChangesNothingAndSaysWhy(_ damage: String) async throws {
        let whole = try Data(contentsOf: Self.played)
        let body =
            damage == "cut" ? whole.prefix(whole.count / 2) : Data("<html><body>502 Bad Gateway</body></html>".utf8)
        let served = try await Self.serve(Data(body))
        defer { served.close() }
        let trips = served.trips
        let before = try await Self.games(trips)
        let sync = try await trips.run("sync", "--sport", "mlb", "--season", "2025")
        #expect(sync.status != 0 && sync.status != 130, "\(sync.stdout)\(sync.stderr)")
        #expect(sync.stdout.contains("MLB 2025: not read ("), "\(sync.stdout)")
        #expect(sync.stderr.contains("could not read MLB 2025") && !sync.stderr.contains("Fatal"), "\(sync.stderr)")
        #expect(try await Self.games(trips) == before)
    }

    @Test func anAnswerOlderThanTheOneReadIsRefusedWithBothDates() async throws {
        let served = try await Self.serve(try Data(contentsOf: Self.played))
        defer { served.close() }
        let trips = served.trips
        let first = try await trips.run("sync", "--sport", "mlb", "--season", "2025")
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
        let after = try await Self.games(trips)

        // A stale copy at the same URL: other bytes (so no 304), dated a year earlier.
        let file = served.folder.appendingPathComponent("season.json")
        let published = FeedsSyncTests.feeds.appendingPathComponent(
            "mlb/mlb_schedule_2025_as_published_2024-11-29.json")
        try Data(contentsOf: published).write(to: file)
        let older = Date(timeIntervalSinceNow: -365 * 86_400)
        try FileManager.default.setAttributes([.modificationDate: older], ofItemAtPath: file.path)

        let stale = try await trips.run("sync", "--sport", "mlb", "--season", "2025")
        #expect(stale.status != 0, "\(stale.stdout)\(stale.stderr)")
        let said = stale.stdout + stale.stderr
        #expect(
            said.contains("older") && said.contains(String(Calendar.current.component(.year, from: older))), "\(said)")
        #expect(try await Self.games(trips) == after)
    }
}
