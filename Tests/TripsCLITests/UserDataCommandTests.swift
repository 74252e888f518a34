import CloudServerProcess
import Foundation
import TestSupport
import Testing

/// Saved trips, favourites and visited venues through the real `trips` binary (issue 12), and
/// two stores as two devices syncing them through a real `trips-cloud`.
@Suite struct UserDataCommandTests {
    static let window = ["--sport", "mlb", "--from", "2026-06-01", "--days", "4", "--start", "Chicago"]

    @Test func visitedListShowsProgressOutOfTheLeaguesThirtyBallparks() async throws {
        let trips = TripsProcess()
        #expect(try await trips.run(["visited", "add", "Wrigley Field", "--date", "2025-07-04"]).status == 0)
        #expect(try await trips.run(["visited", "add", "Minute Maid Park"]).status == 0)  // a former name
        let list = try await trips.run(["visited", "list", "--sport", "mlb"])
        #expect(list.status == 0)
        #expect(list.stdout.contains("2 of 30 MLB ballparks"))
        #expect(list.stdout.contains("Daikin Park"))
        #expect(list.stdout.contains("2025-07-04"))
        #expect(try await trips.run(["visited", "remove", "Wrigley Field"]).status == 0)
        #expect(try await trips.run(["visited", "list", "--sport", "mlb"]).stdout.contains("1 of 30 MLB ballparks"))
        let bad = try await trips.run(["visited", "add", "Nowhere Stadium Xyz"])
        #expect(bad.status == 2)
    }

    @Test func aSavedTripCanBeShownRenamedNotedExportedAndDeleted() async throws {
        let trips = TripsProcess(extraEnvironment: ["TRIPS_DEVICE_NAME": "laptop-jo"])
        let plan = try await trips.run(["plan"] + Self.window + ["--save", "Midwest"])
        #expect(plan.status == 0, "\(plan.stderr)")
        #expect(plan.stderr.contains("Saved as Midwest"))
        let show = try await trips.run(["saved", "show", "midwest"])
        #expect(show.stdout.contains("changed on laptop-jo, just now"))
        #expect(show.stdout.contains("Option 1"))
        #expect(try await trips.run(["saved", "rename", "Midwest", "Lake loop"]).status == 0)
        #expect(try await trips.run(["saved", "note", "Lake loop", "bring hats"]).status == 0)
        let list = try await trips.run(["saved", "list"])
        #expect(list.stdout.contains("Lake loop"))
        #expect(!list.stdout.contains("Midwest"))
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("trips-saved-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for ext in ["ics", "json", "csv"] {
            let path = dir.appendingPathComponent("trip.\(ext)").path
            #expect(try await trips.run(["saved", "export", "Lake loop", "--output", path]).status == 0)
            #expect(try String(contentsOfFile: path, encoding: .utf8).count > 100)
        }
        #expect(
            try String(contentsOfFile: dir.appendingPathComponent("trip.ics").path, encoding: .utf8)
                .hasPrefix("BEGIN:VCALENDAR"))
        #expect(try await trips.run(["visited", "import-trip", "Lake loop"]).stdout.contains("Marked 3 venues"))
        #expect(try await trips.run(["saved", "delete", "Lake loop"]).status == 0)
        let gone = try await trips.run(["saved", "show", "Lake loop"])
        #expect(gone.status == 2)
        #expect(gone.stderr.contains("no saved trip called 'Lake loop'"))
    }

    @Test func favouritesAreTheDefaultTeamsOfGames() async throws {
        let trips = TripsProcess()
        #expect(try await trips.run(["games", "--favorites"]).status == 2)
        #expect(try await trips.run(["favorites", "add", "astros", "HOU", "--sport", "mlb"]).status == 0)
        #expect(try await trips.run(["favorites", "list"]).stdout.contains("Houston Astros"))
        let games = try await trips.run(["games", "--favorites", "--from", "2026-06-01", "--to", "2026-06-07"])
        #expect(games.status == 0)
        #expect(games.stdout.split(separator: "\n").dropFirst().dropLast().allSatisfy { $0.contains("HOU") })
        #expect(games.stdout.contains("HOU"))
        #expect(try await trips.run(["favorites", "remove", "astros"]).status == 0)
        #expect(try await trips.run(["favorites", "list"]).stdout.contains("No favourite teams"))
    }

    /// Venues of the best option (by the plan's JSON).
    static func venues(_ result: TripsProcess.Result) throws -> Set<String> {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let trip = try #require((object["trips"] as? [[String: Any]])?.first)
        let games = try #require(trip["games"] as? [[String: Any]])
        return Set(games.compactMap { ($0["stadium"] as? [String: Any])?["id"] as? String })
    }

    @Test func preferUnvisitedPicksMoreNewVenuesThanTheDefaultRanking() async throws {
        let trips = TripsProcess()
        let json = ["plan"] + Self.window + ["--format", "json", "--options", "1"]
        let before = try Self.venues(try await trips.run(json))
        #expect(before.count >= 2)
        // Mark the default choice's venues as seen: the default ranking does not care, the
        // preference must look elsewhere.
        for venue in before { #expect(try await trips.run(["visited", "add", venue]).status == 0) }
        let plain = try Self.venues(try await trips.run(json))
        let preferred = try Self.venues(try await trips.run(json + ["--prefer-unvisited"]))
        #expect(plain == before)
        #expect(preferred.subtracting(before).count > plain.subtracting(before).count)
        let only = try Self.venues(try await trips.run(json + ["--only-unvisited"]))
        #expect(only.isDisjoint(with: before))
    }

    @Test func twoDevicesShareTripsAndFavouritesAndNeverShowTheToken() async throws {
        let cloud = try await CloudServerProcess.start(data: TripsProcess.root.appendingPathComponent("Data"))
        defer { cloud.stop() }
        let token = try await WatchedProcess(cloud.executable, cloud.addUserArguments("jo")).exit().stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let settings = [
            "TRIPS_CLOUD_URL": cloud.url.absoluteString, "TRIPS_CLOUD_CONTAINER": cloud.container,
            "TRIPS_CLOUD_API_TOKEN": cloud.apiToken,
        ]
        let laptop = TripsProcess(extraEnvironment: settings.merging(["TRIPS_DEVICE_NAME": "laptop-jo"]) { $1 })
        let desk = TripsProcess(extraEnvironment: settings.merging(["TRIPS_DEVICE_NAME": "desk"]) { $1 })
        var outputs: [String] = []
        func run(_ device: TripsProcess, _ arguments: [String], input: String = "") async throws
            -> TripsProcess.Result
        {
            let result = try await device.run(arguments, input: input)
            outputs += [result.stdout, result.stderr]
            return result
        }
        // Edits before signing in wait, and say so.
        #expect(try await run(laptop, ["favorites", "add", "astros"]).status == 0)
        let status = try await run(laptop, ["sync", "status"])
        #expect(status.stdout.contains("trips login"))
        #expect(try await run(laptop, ["login"], input: token + "\n").status == 0)
        #expect(try await run(desk, ["login"], input: token + "\n").status == 0)
        let config = URL(fileURLWithPath: laptop.store).deletingLastPathComponent().appendingPathComponent(
            "config.json")
        let mode = try FileManager.default.attributesOfItem(atPath: config.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try await run(laptop, ["plan"] + Self.window + ["--save", "Texas swing"]).status == 0)
        let pushed = try await run(laptop, ["sync"])
        #expect(pushed.status == 0, "\(pushed.stderr)")
        #expect(pushed.stdout.contains("User data: exported 2"))
        #expect(try await run(desk, ["sync"]).status == 0)
        let shown = try await run(desk, ["saved", "show", "Texas swing"])
        #expect(shown.stdout.contains("changed on laptop-jo"))
        #expect(try await run(desk, ["favorites", "list"]).stdout.contains("Houston Astros"))
        // An edit on the desk comes back to the laptop.
        #expect(try await run(desk, ["saved", "note", "Texas swing", "tickets bought"]).status == 0)
        #expect(try await run(desk, ["sync"]).status == 0)
        #expect(try await run(laptop, ["sync"]).status == 0)
        let back = try await run(laptop, ["saved", "show", "texas swing"])
        #expect(back.stdout.contains("note: tickets bought"))
        #expect(back.stdout.contains("changed on desk"))
        let json = try await run(laptop, ["sync", "status", "--format", "json"])
        #expect(json.stdout.contains("\"pendingUserChanges\": 0") || json.stdout.contains("\"pendingUserChanges\":0"))
        // Signing out keeps the data.
        #expect(try await run(laptop, ["logout"]).status == 0)
        #expect(try await run(laptop, ["saved", "list"]).stdout.contains("Texas swing"))
        for text in outputs { #expect(!text.lowercased().contains(token.lowercased())) }
        #expect(!cloud.log.contains(token))
    }
}
