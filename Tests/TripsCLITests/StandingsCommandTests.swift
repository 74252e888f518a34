import Foundation
import Testing

/// `trips standings` on the bundle: its one season with results (NHL 2025-26, scores but no
/// overtime flag) is fully loaded, so every team's games played is its schedule's, and the
/// figures that hang on how a game ended are unknown, never guessed.
@Suite struct StandingsCommandTests {
    let trips = TripsProcess.shared

    /// The bundle's NHL 2025-26 games, read straight from `Data/`: (home, away, home score, away score).
    static func bundleGames() throws -> [(home: String, away: String, homeScore: Int, awayScore: Int)] {
        let url = TripsProcess.root.appendingPathComponent("Data/records/games-nhl-2025-26.json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let records = try #require(object["records"] as? [[String: Any]])
        return try records.map { record in
            let fields = try #require(record["fields"] as? [String: [String: Any]])
            let text = { (name: String) in fields[name]?["value"] as? String }
            #expect(text("seasonType") ?? "regular" == "regular")
            return (
                try #require(text("homeTeamId")), try #require(text("awayTeamId")),
                try #require(fields["homeScore"]?["value"] as? Int), try #require(fields["awayScore"]?["value"] as? Int)
            )
        }
    }

    static func teams(_ stdout: String) throws -> [[String: Any]] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any])
        return try #require(object["teams"] as? [[String: Any]])
    }

    @Test func aFullyLoadedSeasonCountsEveryScheduledGameAndLeavesOTLUnknown() async throws {
        let result = try await trips.run(["standings", "--sport", "nhl", "--season", "2025-26", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let teams = try Self.teams(result.stdout)
        let games = try Self.bundleGames()
        let scheduled = Set(games.flatMap { [$0.home, $0.away] })
        #expect(teams.count == scheduled.count)
        for team in teams {
            let id = try #require(team["teamId"] as? String)
            let own = games.filter { $0.home == id || $0.away == id }
            let wins = own.count { ($0.home == id ? $0.homeScore > $0.awayScore : $0.awayScore > $0.homeScore) }
            #expect(team["gamesPlayed"] as? Int == own.count, "\(id)")
            #expect(team["wins"] as? Int == wins, "\(id)")
            let losses = try #require(team["losses"] as? Int)
            let undecided = try #require(team["undecidedLosses"] as? Int)
            #expect(losses + undecided == own.count - wins, "every loss is an L or of unknown kind: \(id)")
            #expect((team["otLosses"] is NSNull) == (undecided > 0) && (team["points"] is NSNull) == (undecided > 0))
        }
        #expect(teams.contains { $0["otLosses"] is NSNull }, "the bundle says no game went to overtime")
    }

    @Test func theTableFitsEightyColumnsAndSaysWhatIsUnknownAndSimplified() async throws {
        var trips = TripsProcess.shared
        trips.environment["COLUMNS"] = "80"
        let result = try await trips.run(["standings", "--sport", "nhl", "--season", "2025-26"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.allSatisfy { $0.displayWidth <= 80 }, "\(result.stdout)")
        #expect(lines.first?.hasPrefix("NHL 2025-26 standings · as of ") == true, "\(result.stdout)")
        #expect(result.stdout.contains(" L?") && result.stdout.contains("?  "))
        #expect(result.stdout.replacingOccurrences(of: "\n  ", with: " ").contains("tie-breaks are not applied"))
        #expect(!result.stdout.contains("only"), "a full season is not called partial")
    }

    @Test func csvReadsBackInPythonWithTheJSONsFigures() async throws {
        let csv = try await trips.run(["standings", "--sport", "nhl", "--season", "2025-26", "--format", "csv"])
        #expect(csv.status == 0, "\(csv.stderr)")
        let json = try Self.teams(
            try await trips.run(["standings", "--sport", "nhl", "--season", "2025-26", "--format", "json"]).stdout)
        let script = """
            import csv, io, json, sys
            rows = list(csv.DictReader(io.StringIO(sys.stdin.read(), newline='')))
            print(json.dumps([[r['abbreviation'], r['games_played'], r['wins'], r['ot_losses']] for r in rows]))
            """
        let python = try await TripsProcess.tool("/usr/bin/python3", ["-c", script], input: csv.stdout)
        #expect(python.status == 0, "\(python.stderr)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(python.stdout.utf8)) as? [[String]])
        #expect(rows.count == json.count)
        for (row, team) in zip(rows, json) {
            #expect(row[0] == team["abbreviation"] as? String)
            #expect(row[1] == "\(team["gamesPlayed"] as? Int ?? -1)" && row[2] == "\(team["wins"] as? Int ?? -1)")
            #expect(row[3] == ((team["otLosses"] as? Int).map(String.init) ?? ""), "unknown is empty")
        }
    }

    @Test func withoutASeasonTheLastWithResultsIsShownAndTheNoteSaysWhy() async throws {
        let result = try await trips.run(["standings", "--sport", "nhl"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("NHL 2025-26 standings"), "\(result.stdout)")
        #expect(result.stderr.contains("NHL 2026-27 has no results in the store yet"), "\(result.stderr)")
    }

    @Test func aSeasonWithoutResultsSaysSoAndWhatToDo() async throws {
        let result = try await trips.run(["standings", "--sport", "nba", "--season", "2026-27"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("no results for NBA 2026-27 in the store"), "\(result.stdout)")
        #expect(result.stdout.contains("`trips sync --sport nba --season 2026-27`"))
        #expect(!result.stdout.contains("TEAM"), "no table of zeros")
    }

    @Test func aMistypedDivisionGetsASuggestionAndExitTwo() async throws {
        let result = try await trips.run(["standings", "--sport", "nhl", "--division", "atlantc"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("unknown division 'atlantc' — did you mean Atlantic?"), "\(result.stderr)")
        let both = try await trips.run(["standings", "--sport", "nhl", "--division", "x", "--conference", "y"])
        #expect(both.status == 2 && !both.stderr.contains("Fatal"))
    }

    @Test func aDivisionListsOnlyItsTeams() async throws {
        let result = try await trips.run([
            "standings", "--sport", "nhl", "--season", "2025-26", "--division", "atlantic", "--format", "json",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let teams = try Self.teams(result.stdout)
        #expect(teams.count == 8 && teams.allSatisfy { $0["group"] as? String == "East Atlantic" })
        #expect(teams.compactMap { $0["rank"] as? Int } == Array(1...8))
    }
}
