import Foundation
import Testing

/// A saved trip against its games as the store has them now (issue 39 item 1): a game moved a
/// little still fits and the trip is shown at the new time; a game moved out of the trip's dates
/// makes it not fit, flagged by `saved list` and `sync status --check` until it is dismissed.
/// (The end-to-end story through a real `trips-cloud` is `SavedTripFollowsGamesTests`.)
@Suite struct SavedTripChangeTests {
    static let window = ["--sport", "mlb", "--from", "2026-06-01", "--days", "4", "--start", "Chicago"]

    /// A fan planning in May, so the June trip is ahead.
    static func trips() -> TripsProcess { TripsProcess(extraEnvironment: ["TRIPS_NOW": "2026-05-01T12:00:00Z"]) }

    static func firstGame(_ trips: TripsProcess, _ name: String) async throws -> (id: String, startMs: Int64) {
        let json = try await trips.run(["saved", "export", name, "--format", "json"]).stdout
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let trip = try #require((object["trips"] as? [[String: Any]])?.first)
        let id = try #require((trip["games"] as? [[String: Any]])?.first?["id"] as? String)
        let row = try await TripsProcess.tool(
            "/usr/bin/sqlite3", [trips.store, "SELECT start_ms FROM games WHERE id = '\(id)'"])
        let ms = try #require(Int64(row.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
        return (id, ms)
    }

    static func move(_ trips: TripsProcess, _ id: String, to ms: Int64) async throws {
        let done = try await TripsProcess.tool(
            "/usr/bin/sqlite3", [trips.store, "UPDATE games SET start_ms = \(ms) WHERE id = '\(id)'"])
        #expect(done.status == 0, "\(done.stderr)")
    }

    @Test func aGameMovedWithinTheTripsRulesIsShownAtItsNewTime() async throws {
        let trips = Self.trips()
        #expect(try await trips.run(["plan"] + Self.window + ["--save", "Midwest"]).status == 0)
        #expect(try await trips.run(["saved", "list"]).stdout.contains("as planned"))
        let (id, ms) = try await Self.firstGame(trips, "Midwest")
        try await Self.move(trips, id, to: ms + 30 * 60_000)
        let list = try await trips.run(["saved", "list"])
        #expect(list.stdout.contains("changed, fits"), "\(list.stdout)")
        let show = try await trips.run(["saved", "show", "Midwest"])
        #expect(show.stdout.contains("moved from"), "\(show.stdout)")
        #expect(show.stdout.contains("Its drives still work by the trip's own rules"))
        let exported = try await Self.firstGame(trips, "Midwest")
        #expect(exported.id == id)
        let json = try await trips.run(["saved", "export", "Midwest", "--format", "json"]).stdout
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let game = try #require(((object["trips"] as? [[String: Any]])?.first?["games"] as? [[String: Any]])?.first)
        let start = try #require(game["startTime"] as? String)
        let parsed = try #require(ISO8601DateFormatter().date(from: start))
        #expect(Int64(parsed.timeIntervalSince1970 * 1000) == ms + 30 * 60_000, "exported at the new time: \(start)")
        let status = try await trips.run(["sync", "status", "--check"])
        #expect(!status.stdout.contains("no longer fit"), "a trip that still fits needs nothing: \(status.stdout)")
    }

    @Test func aGameMovedOutOfTheTripIsFlaggedUntilDismissed() async throws {
        let trips = Self.trips()
        #expect(try await trips.run(["plan"] + Self.window + ["--save", "Midwest"]).status == 0)
        let (id, ms) = try await Self.firstGame(trips, "Midwest")
        try await Self.move(trips, id, to: ms + 60 * 86_400_000)
        let list = try await trips.run(["saved", "list"])
        #expect(list.stdout.contains("no longer fits"), "\(list.stdout)")
        let flagged = try await trips.run(["sync", "status", "--check"])
        #expect(flagged.status == 1)
        #expect(flagged.stdout.contains("Midwest"))
        let show = try await trips.run(["saved", "show", "Midwest"])
        #expect(show.stdout.contains("It no longer fits") && show.stdout.contains("As planned:"))
        let ics = try await trips.run(["saved", "export", "Midwest", "--format", "ics"])
        #expect(ics.status == 0, "\(ics.stderr)")
        #expect(ics.stderr.contains("no longer fits"), "said why the drives are left out")
        #expect(!ics.stdout.contains("Drive to"), "no drives that no longer work")
        #expect(ics.stdout.contains("UID:\(id)"))

        let dismissed = try await trips.run(["saved", "dismiss", "Midwest"])
        #expect(dismissed.status == 0, "\(dismissed.stderr)")
        #expect(try await trips.run(["sync", "status", "--check"]).status == 0)
        #expect(try await trips.run(["saved", "dismiss", "Midwest"]).stdout.contains("nothing to dismiss"))
        let missing = try await trips.run(["saved", "dismiss", "Nowhere"])
        #expect(missing.status == 2)
    }

    /// A saved trip whose games are played shows their results (`F 4–2`), as `games` does;
    /// `trips config set scores off` hides them here too.
    @Test func aPlayedTripShowsItsResultsUnlessScoresAreOff() async throws {
        let trips = Self.trips()
        let plan = try await trips.run([
            "plan", "--sport", "nhl", "--from", "2026-01-10", "--days", "3", "--start", "Boston, MA", "--save", "Past",
        ])
        #expect(plan.status == 0, "\(plan.stderr)")
        let results = /· F \d+–\d+/
        let shown = try await trips.run(["saved", "show", "Past"])
        #expect(shown.stdout.contains(results), "\(shown.stdout)")
        #expect(try await trips.run(["config", "set", "scores", "off"]).status == 0)
        let hidden = try await trips.run(["saved", "show", "Past"])
        #expect(hidden.status == 0 && !hidden.stdout.contains(results), "\(hidden.stdout)")
    }
}
