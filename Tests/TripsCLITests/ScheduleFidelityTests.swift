import Foundation
import Testing

/// What a fan sees for the data-fidelity fixes of issue 9 (items 15-20), through the built
/// binary with the real bundle; "now" is pinned to 2026-11-22.
@Suite struct ScheduleFidelityTests {
    let trips = TripsProcess.shared

    func games(_ arguments: [String]) async throws -> [[String: Any]] {
        let result = try await trips.run(["games"] + arguments + ["--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        return try #require(object?["games"] as? [[String: Any]])
    }

    @Test func anNFLGameWithoutAKickoffTimeIsTBDOnItsOwnSunday() async throws {
        let args = ["--sport", "nfl", "--team", "SEA", "--from", "2027-01-09", "--to", "2027-01-10"]
        let table = try await trips.run(["games"] + args)
        #expect(table.stdout.contains("Sun 2027-01-10  TBD   SEA @ LA"))
        #expect(!table.stdout.contains("2027-01-09"))
        let game = try await #require(try games(args).first)
        #expect(game["id"] as? String == "game_nfl_2026_0110_sea_la")
        #expect(game["localDate"] as? String == "2027-01-10" && game["timeTBD"] as? Bool == true)
        #expect(game["localTime"] is NSNull)
        let ics = try await trips.run(["games"] + args + ["--format", "ics"]).stdout
        #expect(ics.contains("DTSTART;VALUE=DATE:20270110\r\n") && ics.contains("DTEND;VALUE=DATE:20270111\r\n"))
    }

    @Test func aGameShowsTheVenueAndClubNamesOfItsDay() async throws {
        let y2025 = try await games(["--sport", "mlb", "--team", "LAD", "--season", "2025", "--home"])
        #expect(y2025.count == 81)
        #expect(y2025.allSatisfy { ($0["stadium"] as? [String: Any])?["name"] as? String == "Dodger Stadium" })
        let y2026 = try await games(["--sport", "mlb", "--team", "LAD", "--season", "2026", "--home", "--limit", "1"])
        #expect((y2026.first?["stadium"] as? [String: Any])?["name"] as? String == "UNIQLO Field at Dodger Stadium")
        let table = try await trips.run([
            "games", "--sport", "mlb", "--team", "LAD", "--season", "2025", "--home", "--limit", "1",
        ])
        #expect(table.stdout.contains("Dodger Stadium") && !table.stdout.contains("UNIQLO"))
    }

    @Test func stadiumsListBristolOnTheTrackAndFlagTownCentreLocations() async throws {
        let result = try await trips.run(["stadiums", "--format", "json"])
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let stadiums = try #require(object?["stadiums"] as? [[String: Any]])
        let bristol = try #require(stadiums.first { $0["id"] as? String == "stadium_bristol_motor_speedway" })
        #expect(bristol["latitude"] as? Double == 36.5157 && bristol["longitude"] as? Double == -82.257)
        #expect(bristol["locationApproximate"] as? Bool == false)
        let approximate = stadiums.filter { $0["locationApproximate"] as? Bool == true }.compactMap {
            $0["id"] as? String
        }
        #expect(approximate == ["stadium_peoplesbank_arena"])
        #expect(stadiums.allSatisfy { $0["locationApproximate"] is Bool })
    }

    @Test func aSuspendedGameShowsWhenItWasResumed() async throws {
        let args = ["--sport", "mlb", "--team", "ATL", "--from", "2026-06-16", "--to", "2026-06-16"]
        let game = try await #require(try games(args).first)
        #expect(game["status"] as? String == "final")
        #expect(game["resumedAt"] as? String == "2026-06-17T18:00:00Z")
        #expect(game["startTime"] as? String == "2026-06-16T23:15:00Z")
        let table = try await trips.run(["games"] + args)
        #expect(table.stdout.contains("final (suspended, resumed Wed 2026-06-17 14:00 EDT)"))
        let ics = try await trips.run(["games"] + args + ["--format", "ics"]).stdout.replacingOccurrences(
            of: "\r\n ", with: "")
        #expect(ics.contains("suspended\\, resumed Wed 2026-06-17 14:00 EDT"))
    }

    @Test func aPastGameWithoutAResultIsUnknownWhileFinalsAndFutureGamesKeepTheirStatus() async throws {
        // NHL 2026-27 comes from the schedule of opening day: no results at all.
        let nhl = try await games(["--sport", "nhl", "--team", "NYR", "--from", "2026-10-07", "--to", "2026-10-31"])
        #expect(!nhl.isEmpty && nhl.allSatisfy { $0["status"] as? String == "unknown" })
        // NHL 2025-26 is the season as played: final, with its scores.
        let last = try await games(["--sport", "nhl", "--team", "NYR", "--from", "2025-10-07", "--to", "2025-10-31"])
        #expect(!last.isEmpty && last.allSatisfy { $0["status"] as? String == "final" && $0["score"] != nil })
        let played = try await games(["--sport", "mlb", "--team", "HOU", "--season", "2025", "--limit", "3"])
        #expect(played.allSatisfy { $0["status"] as? String == "final" })
        // Yesterday's and later games are still to come or just played: not yet unknown.
        let soon = try await games(["--sport", "nba", "--from", "2026-11-21", "--to", "2026-11-30"])
        #expect(!soon.isEmpty && soon.allSatisfy { $0["status"] as? String == "scheduled" })
        let table = try await trips.run([
            "games", "--sport", "nhl", "--team", "NYR", "--season", "2026-27", "--limit", "1",
        ])
        #expect(table.stdout.contains("STATUS") && table.stdout.contains("unknown"))
        let ics = try await trips.run([
            "games", "--sport", "nhl", "--team", "NYR", "--season", "2026-27", "--limit", "1", "--format", "ics",
        ])
        .stdout
        #expect(ics.contains("STATUS:TENTATIVE\r\n"))
    }
}
