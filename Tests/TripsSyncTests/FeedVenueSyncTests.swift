import Foundation
import TestSupport
import Testing

/// A special-event park (Rickwood-style) in the leagues' feeds, through `trips sync` from a real
/// loopback server: placed where the league says when MLB's venues endpoint answers, else kept
/// by name with no place — never at the home team's park. The feed is the recorded 2025 season
/// as played with one Cubs home game moved to a venue trips does not know.
@Suite(.serialized) struct FeedVenueSyncTests {
    static let venuesPath = "/api/v1/venues?venueIds=5355&hydrate=location,timezone"
    /// MLB's venues answer for the park, in the endpoint's shape (hydrated location and zone).
    static let venuesAnswer = """
        {"copyright":"test","venues":[{"id":5355,"name":"Rickwood Field","link":"/api/v1/venues/5355",
        "location":{"address1":"1137 2nd Ave W","city":"Birmingham","state":"Alabama","stateAbbrev":"AL",
        "defaultCoordinates":{"latitude":33.4997,"longitude":-86.8417},"country":"USA"},
        "timeZone":{"id":"America/Chicago","offset":-5,"tz":"CDT"}}]}
        """

    /// A folder served as the feeds root: the season with the moved game, and (when `answers`)
    /// the venues endpoint's answer. Answers the folder and the moved game's gamePk.
    static func feeds(answers: Bool) throws -> (URL, Int) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("venue-feeds-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("mlb"), withIntermediateDirectories: true)
        let recorded = FeedsSyncTests.feeds.appendingPathComponent(FeedsSyncTests.played)
        var tree = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: recorded)) as? [String: Any])
        var dates = try #require(tree["dates"] as? [[String: Any]])
        // The first regular-season final of the Cubs at Wrigley Field (venue 17).
        let moved = try #require(
            dates.lazy.flatMap { ($0["games"] as? [[String: Any]]) ?? [] }.first { game in
                (game["venue"] as? [String: Any])?["id"] as? Int == 17 && game["gameType"] as? String == "R"
                    && (game["status"] as? [String: Any])?["abstractGameState"] as? String == "Final"
                    && game["doubleHeader"] as? String == "N"
            }?["gamePk"] as? Int)
        for d in dates.indices {
            guard var games = dates[d]["games"] as? [[String: Any]] else { continue }
            for g in games.indices where games[g]["gamePk"] as? Int == moved {
                games[g]["venue"] = ["id": 5355, "name": "Rickwood Field", "link": "/api/v1/venues/5355"]
            }
            dates[d]["games"] = games
        }
        tree["dates"] = dates
        try JSONSerialization.data(withJSONObject: tree).write(to: folder.appendingPathComponent("mlb/season.json"))
        if answers { try Data(venuesAnswer.utf8).write(to: folder.appendingPathComponent("mlb/venues.json")) }
        return (folder, moved)
    }

    /// Syncs MLB 2025 from a server over `root` and answers the CHC games as `trips games` JSON.
    static func syncedCubsGames(root: URL, trips: inout TripsBinary) async throws -> [[String: Any]] {
        let server = try WatchedProcess(
            URL(fileURLWithPath: "/usr/bin/python3"),
            [
                FeedsSyncTests.feedServer.path, root.path, "--route=\(FeedsSyncTests.seasonPath)=mlb/season.json",
                "--route=\(venuesPath)=mlb/venues.json",
            ],
            input: .open)
        defer { server.closeInput() }
        let port = try await server.nextLine("the feed server's port", within: .seconds(30)) { $0.hasPrefix("port ") }
        trips.environment["TRIPS_FEEDS_URL"] = "http://127.0.0.1:\(port.dropFirst(5))"
        let sync = try await trips.run("sync", "--sport", "mlb", "--season", "2025")
        #expect(sync.status == 0, "\(sync.stdout)\(sync.stderr)")
        let listed = try await trips.run(
            "games", "--sport", "mlb", "--season", "2025", "--team", "CHC", "--format", "json")
        #expect(listed.status == 0, "\(listed.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [String: Any])
        return try #require(object["games"] as? [[String: Any]])
    }

    static func stadium(_ game: [String: Any]) -> [String: Any] { game["stadium"] as? [String: Any] ?? [:] }

    @Test func aVenueTheLeaguePlacesIsStoredWhereItIsInItsOwnZone() async throws {
        let (root, _) = try Self.feeds(answers: true)
        defer { try? FileManager.default.removeItem(at: root) }
        var trips = try TripsBinary(cloud: nil, bundle: FeedsSyncTests.bundle)
        defer { trips.cleanUp() }
        let games = try await Self.syncedCubsGames(root: root, trips: &trips)
        let atRickwood = games.filter { Self.stadium($0)["name"] as? String == "Rickwood Field" }
        #expect(atRickwood.count == 1, "\(atRickwood)")
        let park = Self.stadium(try #require(atRickwood.first))
        #expect(park["city"] as? String == "Birmingham" && park["state"] as? String == "AL")
        #expect(park["latitude"] as? Double == 33.4997 && park["longitude"] as? Double == -86.8417)
        #expect(atRickwood.first?["timeZone"] as? String == "America/Chicago")
        // The rest of the Cubs' home games stay where they were: Wrigley Field, and Tokyo for the opening series.
        let home = games.filter { ($0["homeTeam"] as? [String: Any])?["abbreviation"] as? String == "CHC" }
        let elsewhere = home.compactMap { Self.stadium($0)["name"] as? String }.filter { $0 != "Wrigley Field" }
        #expect(elsewhere.sorted() == ["Rickwood Field", "Tokyo Dome", "Tokyo Dome"], "\(elsewhere)")
        #expect(home.count > 78)
    }

    @Test func aVenueNobodyPlacesKeepsItsNameAndNoPlaceNeverTheHomePark() async throws {
        let (root, moved) = try Self.feeds(answers: false)
        defer { try? FileManager.default.removeItem(at: root) }
        var trips = try TripsBinary(cloud: nil, bundle: FeedsSyncTests.bundle)
        defer { trips.cleanUp() }
        let games = try await Self.syncedCubsGames(root: root, trips: &trips)
        let unplaced = try #require(games.first { Self.stadium($0)["name"] as? String == "Rickwood Field" })
        let park = Self.stadium(unplaced)
        #expect(park["id"] is NSNull && park["latitude"] is NSNull && park["longitude"] is NSNull, "\(park)")
        #expect(unplaced["timeZone"] as? String == "UTC")

        // The table names the venue and says its time is UTC; the planner leaves the game out, and says so.
        let day = try #require((unplaced["startTime"] as? String)?.prefix(10))
        let table = try await trips.run("games", "--sport", "mlb", "--team", "CHC", "--on", String(day))
        #expect(table.stdout.contains("Rickwood Field") && !table.stdout.contains("Wrigley"), "\(table.stdout)")
        #expect(table.stderr.contains("Rickwood Field, which trips cannot place"), "\(table.stderr)")
        trips.environment["TRIPS_NOW"] = "2025-01-15T12:00:00Z"
        let plan = try await trips.run(
            "plan", "--sport", "mlb", "--from", String(day), "--days", "2", "--start", "Chicago, IL")
        #expect(
            plan.stderr.replacingOccurrences(of: "\n      ", with: " ").contains(
                "is left out of the plan: it is at Rickwood Field"), "\(plan.stderr) (game \(moved))")
    }
}
