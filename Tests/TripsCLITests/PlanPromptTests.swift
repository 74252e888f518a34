import Foundation
import Testing
import TripsRender

/// `trips plan`'s questions on a terminal (issue 27 item 6): what an answer assumed is said
/// once, under it; the dates hint shows days to come; a bad answer — days with no games, a
/// must-see team with no game in them — is explained and asked again, and end of input ends
/// the session cleanly.
@Suite struct PlanPromptTests {
    func drive(_ steps: [[String]], in trips: TripsProcess = .shared) async throws -> TripsProcess.TerminalSession {
        try await trips.runOnTerminal(["plan"], steps: steps)
    }

    @Test func aPlaceNoteIsSaidOnceUnderTheAnswerThatNeededIt() async throws {
        let session = try await drive([
            ["Trip (", ""], ["Sports (", "mlb"], ["Dates (", "2026-06-01 1"], ["Start from (", "Springfield"],
            ["End at (", ""], ["Must-see teams (", ""], ["Max driving hours per day [6]: ", ""],
            ["How many options [3]: ", "1"], ["Save this trip? (", ""],
        ])
        #expect(session.status == 0, "\(session.transcript)")
        let text = session.transcript
        #expect(text.components(separatedBy: "assuming Springfield, MO").count == 2, "\(text)")
        let note = try #require(text.range(of: "assuming Springfield, MO"))
        let start = try #require(text.range(of: "Start from ("))
        let end = try #require(text.range(of: "End at ("))
        #expect(start.upperBound < note.lowerBound && note.upperBound < end.lowerBound, "\(text)")
        #expect(text.contains("Springfield, MO → St. Louis, MO"))
        let wide = text.split(separator: "\n").filter { $0.displayWidth > 80 }
        #expect(wide.isEmpty, "wider than 80 columns: \(wide)")
    }

    /// With a favourite, the dates offered first (Enter) are its next home stretch: from its
    /// next home game to the last before a road game, as `trips games` lists them.
    @Test func aFavouritesNextHomeStretchIsTheFirstSuggestion() async throws {
        let trips = TripsProcess()
        #expect(try await trips.run(["favorites", "add", "NYR", "--sport", "nhl"]).status == 0)
        let listed = try await trips.run([
            "games", "--sport", "nhl", "--team", "NYR", "--from", "2026-11-22", "--format", "json",
        ])
        let object = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [String: Any]
        let now = try #require(ISO8601DateFormatter().date(from: "2026-11-22T15:00:00Z"))
        let ahead = try #require(object?["games"] as? [[String: Any]]).filter {
            ($0["startTime"] as? String).flatMap { ISO8601DateFormatter().date(from: $0) }.map { $0 >= now } ?? false
        }
        func atHome(_ game: [String: Any]) -> Bool {
            (game["homeTeam"] as? [String: Any])?["abbreviation"] as? String == "NYR"
        }
        let opener = try #require(ahead.firstIndex(where: atHome))
        let run = ahead[opener...].prefix(while: atHome)
        let first = try #require(run.first?["localDate"] as? String)
        let last = try #require(run.last?["localDate"] as? String)
        let session = try await drive(
            [
                ["Trip (", ""], ["Sports (", "nhl"], ["Dates (", ""], ["Start from (", ""], ["End at (", ""],
                ["Must-see teams (", ""], ["Max driving hours per day [6]: ", ""], ["How many options [3]: ", "1"],
                ["Save this trip? (", ""],
            ], in: trips)
        #expect(session.status == 0, "\(session.transcript)")
        let line = try #require(session.transcript.split(separator: "\n").first { $0.hasPrefix("Dates (") })
        #expect(line.contains("NYR's next home stretch, \(run.count) game"), "\(line)")
        #expect(line.contains("[\(first) to \(last)]"), "\(line)")
        #expect(line.count <= 80, "\(line)")
        #expect(session.transcript.contains("Option 1"), "\(session.transcript)")
    }

    /// The hint's days come after "now" (`TRIPS_NOW`), whatever day that is.
    @Test(arguments: ["2026-11-22T15:00:00Z", "2027-05-20T12:00:00Z"])
    func theDatesHintShowsDaysToCome(now: String) async throws {
        var trips = TripsProcess.shared
        trips.environment["TRIPS_NOW"] = now
        let session = try await drive([["Trip (", ""], ["Sports (", "nba"], ["Dates (", "^D"]], in: trips)
        let line = try #require(session.transcript.split(separator: "\n").first { $0.hasPrefix("Dates (") })
        let days = line.matches(of: /\d{4}-\d{2}-\d{2}/).map { String(line[$0.range]) }
        #expect(days.count == 3, "the hint's two and Enter's week: \(line)")
        let today = String(now.prefix(10))
        #expect(days.allSatisfy { $0 > today }, "\(line) (now \(today))")
        #expect(session.status == 2)
    }

    /// Days with no games say why — the league's off-season, or a season the store lacks — and
    /// the question comes again; end of input there ends the session without a plan.
    @Test func datesWithNoGamesAreExplainedAndAskedAgain() async throws {
        let session = try await drive([
            ["Trip (", ""], ["Sports (", "mlb"],
            ["Dates (", "2026-12-01 3"], ["Dates (", "2027-04-01 3"], ["Dates (", "^D"],
        ])
        let text = session.transcript
        // Said before the dates are asked: nothing ahead is loaded.
        let note = try #require(text.range(of: "MLB 2026 ended Sep 27 and no later season is loaded yet"), "\(text)")
        let dates = try #require(text.range(of: "Dates ("))
        #expect(note.upperBound < dates.lowerBound)
        #expect(text.contains("no games Dec 1–3: MLB 2026 ended Sep 27 (the off-season) — pick other dates"), "\(text)")
        #expect(text.contains("no games Apr 1–3: MLB 2027 is not loaded (the season begins in March)"), "\(text)")
        #expect(text.contains("`trips sync`"))
        #expect(text.components(separatedBy: "Dates (").count == 4)
        #expect(session.status == 2)
        #expect(!text.contains("Start from ("))
    }

    @Test func aMustSeeTeamWithNoGameOnTheDaysIsAskedAgain() async throws {
        let session = try await drive([
            ["Trip (", ""], ["Sports (", "mlb"], ["Dates (", "2026-06-01 1"], ["Start from (", "St. Louis"],
            ["End at (", ""], ["Must-see teams (", "Cubs"], ["Must-see teams (", "Cardinals"],
            ["Max driving hours per day [6]: ", ""], ["How many options [3]: ", "1"], ["Save this trip? (", ""],
        ])
        #expect(session.status == 0, "\(session.transcript)")
        #expect(session.transcript.contains("the Chicago Cubs play no games on Mon Jun 1 — another team"))
        #expect(session.transcript.contains("TEX @ STL at Busch Stadium"))
    }

    /// A tour's sport with no season loaded is asked again, not the end of the session.
    @Test func aTourOfASportWithNoSeasonLoadedAsksForAnotherSport() async throws {
        let trips = TripsProcess()
        #expect(try await trips.run(["teams"]).status == 0)
        let deleted = try await TripsProcess.tool(
            "/usr/bin/sqlite3", [trips.store, "DELETE FROM games WHERE sport = 'mls'"])
        #expect(deleted.status == 0, "\(deleted.stderr)")
        let session = try await drive(
            [["Trip (", "venues"], ["Sport (", "mls"], ["Sport (", "^D"]], in: trips)
        #expect(
            session.transcript.contains("no MLS season is loaded — `trips seasons` lists what is"),
            "\(session.transcript)")
        #expect(session.transcript.components(separatedBy: "Sport (").count == 3)
        #expect(session.status == 2)
    }

    @Test func aWeekendIsAnAnswerToTheDates() async throws {
        // Sun Nov 22 2026: this weekend is that Sunday; next weekend Fri Nov 27 to Sun Nov 29.
        let session = try await drive([
            ["Trip (", ""], ["Sports (", "nba"], ["Dates (", "next weekend"], ["Start from (", "Chicago"],
            ["End at (", ""], ["Must-see teams (", ""], ["Max driving hours per day [6]: ", ""],
            ["How many options [3]: ", "1"], ["Save this trip? (", ""],
        ])
        #expect(session.status == 0, "\(session.transcript)")
        let days = session.transcript.split(separator: "\n").filter { $0.hasPrefix("  ") && $0.contains(" Nov ") }
        #expect(!days.isEmpty, "\(session.transcript)")
        #expect(days.allSatisfy { $0.contains("Nov 27") || $0.contains("Nov 28") || $0.contains("Nov 29") })
    }
}
