import Foundation
import TestSupport
import Testing

/// A saved trip follows its games (issue 39 item 1), end to end against a real `trips-cloud`:
/// the league moves a game of the trip out of its dates; the next sync says so once, `saved
/// list` marks the trip, `saved show` and the exports give the new time, the calendar keeps the
/// event's UID and raises its SEQUENCE, `sync status --check` fails until `saved replan --save`,
/// and a second device signed in as the same fan sees all of it too.
@Suite(.serialized) struct SavedTripFollowsGamesTests {
    static let name = "Wrigley weekend"
    /// Before the trip: the fan plans on Aug 1, replans on Aug 2 (a later edit on every clock).
    static let planned = "2026-08-01T12:00:00Z"
    static let replanned = "2026-08-02T12:00:00Z"

    /// The games of option 1 in a plan's JSON, in order.
    static func gameIds(_ json: String) throws -> [String] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let trips = try #require(object["trips"] as? [[String: Any]])
        return try #require(trips.first?["games"] as? [[String: Any]]).compactMap { $0["id"] as? String }
    }

    @Test func aMovedGameIsFollowedFromTheSyncToTheReplan() async throws {
        let cloud = try await LiveCloud.start()
        defer { cloud.stop() }
        let token = try await cloud.addUser("jo")
        var a = try await SavedTripNameTests.device("laptop", cloud: cloud, token: token, now: Self.planned)
        defer { a.cleanUp() }
        let b = try await SavedTripNameTests.device("desk", cloud: cloud, token: token, now: Self.planned)
        defer { b.cleanUp() }

        let plan = try await a.run(
            "plan", "--sport", "mlb", "--from", "2026-08-28", "--days", "3", "--start", "Chicago",
            "--max-drive-hours", "3", "--no-input", "--save", Self.name)
        #expect(plan.status == 0, "\(plan.stderr)")
        let saved = try await a.run("saved", "export", Self.name, "--format", "json")
        #expect(saved.status == 0, "\(saved.stderr)")
        let games = try Self.gameIds(saved.stdout)
        let moved = try #require(games.last, "the trip has games")
        let icsBefore = a.home.appendingPathComponent("before.ics")
        #expect(try await a.run("saved", "export", Self.name, "--output", icsBefore.path).status == 0)
        let before = CalendarAgreementTests.revisions(try String(contentsOf: icsBefore, encoding: .utf8))
        #expect(Set(before.keys).isSuperset(of: games), "every game of the trip is an event")

        #expect(try await a.run("sync", "--quiet").status == 0)
        let quiet = try await b.run("sync", "--quiet")
        #expect(quiet.status == 0 && !quiet.stderr.contains("your trip"), "nothing moved yet: \(quiet.stderr)")
        #expect(try await b.run("saved", "list").stdout.contains("as planned"))

        // The league moves the trip's last game to late September.
        _ = try await cloud.admin("postpone", moved, "--to", "2026-09-24T18:20:00Z")
        let told = try await a.run("sync", "--quiet")
        #expect(told.status == 0, "\(told.stderr)")
        let report = told.stderr.components(separatedBy: "\n").filter { $0.hasPrefix("your trip \(Self.name):") }
        #expect(report.count == 1, "reported once: \(told.stderr)")
        #expect(report.first?.contains("moved from") == true && report.first?.contains("Thu Sep 24 13:20 CDT") == true)
        #expect(report.first?.contains("no longer fits — `trips saved replan \"\(Self.name)\"`") == true)
        let again = try await a.run("sync", "--quiet")
        #expect(!again.stderr.contains("your trip"), "said once, not at every sync: \(again.stderr)")

        let list = try await a.run("saved", "list")
        #expect(list.stdout.contains("no longer fits"), "\(list.stdout)")
        let show = try await a.run("saved", "show", Self.name)
        #expect(show.stdout.contains("Thu Sep 24 13:20 CDT") && show.stdout.contains("It no longer fits"))
        #expect(show.stdout.contains("outside the trip's dates"), "the reason, by the trip's own rules: \(show.stdout)")

        let icsAfter = a.home.appendingPathComponent("after.ics")
        #expect(try await a.run("saved", "export", Self.name, "--output", icsAfter.path).status == 0)
        let calendar = try String(contentsOf: icsAfter, encoding: .utf8)
        let after = CalendarAgreementTests.revisions(calendar)
        #expect(Set(after.keys).isSuperset(of: games), "the same UIDs: \(after.keys.sorted())")
        let sequence = { (revisions: [String: String]) -> Int? in
            revisions[moved]?.components(separatedBy: " ").first { $0.hasPrefix("SEQUENCE:") }
                .flatMap { Int($0.dropFirst("SEQUENCE:".count)) }
        }
        let raised = try #require(sequence(after))
        let was = try #require(sequence(before))
        #expect(raised > was, "SEQUENCE raised for the moved game")
        #expect(calendar.contains("DTSTART;TZID=America/Chicago:20260924T132000"), "the event at its new time")
        let csv = try await a.run("saved", "export", Self.name, "--format", "csv")
        #expect(csv.stdout.contains("2026-09-24"), "the CSV has the new date: \(csv.stdout)")

        let status = try await a.run("sync", "status", "--check")
        #expect(status.status == 1, "a trip needs attention: \(status.stdout)")
        #expect(status.stdout.contains(Self.name))

        // The second device hears it too, once.
        let bTold = try await b.run("sync", "--quiet")
        #expect(bTold.stderr.contains("your trip \(Self.name):"), "\(bTold.stderr)")
        #expect(try await b.run("sync", "status", "--check").status == 1)

        // Replanned by its own rules: old and new side by side, saved only when asked.
        a.environment["TRIPS_NOW"] = Self.replanned
        let proposal = try await a.run("saved", "replan", Self.name)
        #expect(proposal.status == 0, "\(proposal.stderr)")
        #expect(proposal.stdout.contains("AS PLANNED") && proposal.stdout.contains("Not saved"))
        #expect(try await a.run("sync", "status", "--check").status == 1, "not saved yet")
        let keep = try await a.run("saved", "replan", Self.name, "--save")
        #expect(keep.status == 0, "\(keep.stderr)")
        let newGames = try Self.gameIds(try await a.run("saved", "export", Self.name, "--format", "json").stdout)
        #expect(!newGames.contains(moved), "the new trip fits: the September game is not in an August trip")
        #expect(try await a.run("saved", "list").stdout.contains("as planned"))
        let fine = try await a.run("sync", "status", "--check")
        #expect(fine.status == 0, "\(fine.stdout)\(fine.stderr)")

        // The replanned trip syncs to the other device like any edit.
        #expect(try await a.run("sync", "--quiet").status == 0)
        #expect(try await b.run("sync", "--quiet").status == 0)
        let bList = try await b.run("saved", "list")
        #expect(bList.stdout.contains("as planned"), "\(bList.stdout)")
        #expect(try await b.run("sync", "status", "--check").status == 0)
    }
}
