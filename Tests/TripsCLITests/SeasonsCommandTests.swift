import Foundation
import Testing

/// `trips seasons`: counts, completeness, first and last day, gaps with no games yet; and the
/// note an empty `trips games` gives when the dates lie in a season not loaded
/// (`CoverageNoteTests` has the rest).
@Suite struct SeasonsCommandTests {
    let trips = TripsProcess.shared

    @Test func listsEverySportsSeasonsWithCountsCompletenessAndSource() async throws {
        let result = try await trips.run(["seasons"])

        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "SPORT  SEASON   GAMES  COMPLETE        FIRST       LAST        GAPS      SOURCE")
        let nba = try #require(lines.first { $0.hasPrefix("NBA    2026-27") })
        #expect(nba.contains("1,200  1,200 of 1,230  2026-10-20  2027-04-11  Dec 4–11  bundle"))
        #expect(lines.contains("NBA    2025-26  1,230  complete        2025-10-21  2026-04-12  -         bundle"))
        #expect(lines.contains("NBA 2026-27 has no games yet on Dec 4–11"))
        #expect(lines.allSatisfy { $0.count <= 80 })
        #expect(lines.contains { $0.hasPrefix("MLB    2026     2,430  complete") })
        #expect(lines.contains { $0.hasPrefix("NHL    2026-27  1,344  complete") })
        #expect(lines.filter { $0.contains("  bundle") }.count == 9)
        #expect(lines.last == "9 seasons · never synced — `trips sync` may bring newer seasons")
    }

    @Test func jsonHasOneObjectPerSeasonAndTheLastSync() async throws {
        let result = try await trips.run(["seasons", "--sport", "nba", "--format", "json"])

        #expect(result.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let seasons = try #require(json["seasons"] as? [[String: Any]])
        #expect(seasons.compactMap { $0["season"] as? String } == ["2025-26", "2026-27"])
        #expect(seasons[1]["games"] as? Int == 1200)
        #expect(seasons[1]["expectedGames"] as? Int == 1230)
        #expect(seasons[1]["complete"] as? Bool == false)
        #expect(seasons[1]["source"] as? String == "bundle")
        #expect((seasons[1]["note"] as? String)?.hasPrefix("Partial") == true)
        let gaps = try #require(seasons[1]["gaps"] as? [[String: Any]])
        #expect(gaps.count == 2)
        #expect(gaps[0]["first"] as? String == "2026-12-04" && gaps[0]["last"] as? String == "2026-12-11")
        #expect(gaps[0]["days"] as? Int == 8 && gaps[0]["kind"] as? String == "unpublished")
        // The All-Star break: NBA 2025-26, complete, had one a year earlier.
        #expect(gaps[1]["first"] as? String == "2027-02-19" && gaps[1]["kind"] as? String == "break")
        #expect((seasons[0]["gaps"] as? [[String: Any]])?.first?["kind"] as? String == "break")
        #expect(json["lastSynced"] is NSNull)
    }

    @Test func theHelpsExamplesRun() async throws {
        let help = try await trips.run(["seasons", "--help"])
        let examples = help.stdout.components(separatedBy: "EXAMPLES:\n").last?.split(separator: "\n") ?? []

        #expect(examples.count == 3)
        for example in examples {
            let words = example.trimmingCharacters(in: .whitespaces).split(separator: " ").dropFirst().map(String.init)
            #expect(try await trips.run(words).status == 0, "\(example)")
        }
    }

    @Test func gamesInASeasonNotLoadedSaySoAndNameIt() async throws {
        // TRIPS_NOW is 2026-11-22: in a store without NHL 2026-27, the loaded season ended in April.
        let result = try await CoverageNoteTests.withoutNHLSeason.run(["games", "--sport", "nhl", "--from", "today"])

        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("no games match"))
        #expect(result.stderr == "note: NHL 2026-27 is not loaded (the season began in October) — `trips sync`\n")
    }

    @Test func anEmptyResultInsideALoadedSeasonHasNoSeasonNote() async throws {
        let result = try await trips.run([
            "games", "--sport", "nba", "--team", "BOS", "--from", "2026-10-21", "--to", "2026-10-21",
        ])

        #expect(result.stdout.hasPrefix("no games match"))
        #expect(result.stderr == "")
    }
}
