import Foundation
import TestSupport
import Testing

/// The browse command end to end: the built binary, the real bundle, TZ and "now" pinned.
@Suite struct GamesCommandTests {
    let trips = TripsProcess.shared

    @Test func astrosSeasonMatchesTheGoldenTable() async throws {
        let result = try await trips.run(["games", "--sport", "mlb", "--team", "HOU", "--season", "2026"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let golden = Golden.check(result.stdout, "games-mlb-hou-2026.txt")
        #expect(golden.matches, "output differs from Golden/games-mlb-hou-2026.txt")
        #expect(result.stdout.hasSuffix("162 games · Houston Astros · 2026\n"))
    }

    @Test func aGameStoredInUTCShowsAtTheVenuesLocalTime() async throws {
        let result = try await trips.run([
            "games", "--sport", "mlb", "--team", "HOU", "--season", "2026", "--format", "csv",
        ])
        // Stored as 2026-03-28T00:15Z; the ballpark is in Houston (CDT).
        let line = result.stdout.split(separator: "\r\n").first { $0.contains("2026-03-28T00:15:00Z") }
        #expect(line?.contains(",2026-03-27,19:15,America/Chicago,") == true)
        let table = try await trips.run([
            "games", "--sport", "mlb", "--team", "HOU", "--season", "2026", "--from", "2026-03-27", "--to",
            "2026-03-27",
        ])
        #expect(table.stdout.contains("Fri 2026-03-27  19:15 CDT  LAA @ HOU"))
    }

    @Test func homeGamesAreEightyOneAllAtDaikinPark() async throws {
        let result = try await trips.run([
            "games", "--sport", "mlb", "--team", "HOU", "--season", "2026", "--home", "--format", "csv",
        ])
        let rows = result.stdout.split(separator: "\r\n").dropFirst()
        #expect(rows.count == 81)
        #expect(rows.allSatisfy { $0.contains(",Daikin Park,Houston,TX,") })
    }

    @Test(arguments: ["astros", "houston astros", "hou", "Houston Astros", "team_mlb_hou"])
    func everyWayOfNamingTheTeamGivesTheSameOutput(name: String) async throws {
        let reference = try await trips.run(["games", "--sport", "mlb", "--team", "HOU", "--season", "2026"])
        let result = try await trips.run(["games", "--sport", "mlb", "--team", name, "--season", "2026"])
        #expect(result.status == 0)
        #expect(result.stdout == reference.stdout)
    }

    @Test func aMistypedTeamExitsTwoWithASuggestion() async throws {
        let result = try await trips.run(["games", "--sport", "mlb", "--team", "HUO"])
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr == "trips: unknown team 'HUO' — did you mean HOU (Houston Astros)?\n")
    }

    @Test func jsonHasExactlyTheDesignShapeInStableOrder() async throws {
        let result = try await trips.run([
            "games", "--sport", "mlb", "--team", "HOU", "--season", "2026", "--limit", "1", "--format", "json",
        ])
        #expect(result.status == 0)
        let golden = Golden.check(result.stdout, "games-mlb-hou-2026-first.json")
        #expect(golden.matches, "output differs from Golden/games-mlb-hou-2026-first.json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["generatedAt", "query", "games"])
        let game = try #require((object["games"] as? [[String: Any]])?.first)
        #expect(
            Set(game.keys) == [
                "id", "sport", "season", "startTime", "localDate", "localTime", "timeZone", "timeTBD", "status",
                "resumedAt",
                "homeTeam", "awayTeam", "stadium",
            ])
        #expect(
            Set((game["stadium"] as? [String: Any])?.keys ?? [:].keys) == [
                "id", "name", "city", "state", "latitude", "longitude",
            ])
        #expect(Set((game["homeTeam"] as? [String: Any])?.keys ?? [:].keys) == ["id", "abbreviation", "name"])
    }

    @Test func csvHasAHeaderAndParsesWithAStandardReader() async throws {
        let result = try await trips.run([
            "games", "--sport", "mlb", "--team", "HOU", "--season", "2026", "--format", "csv",
        ])
        let rows = try CSVReference.parse(result.stdout)
        #expect(rows.first?.first == "id")
        #expect(rows.count == 163)
        #expect(Set(rows.map(\.count)).count == 1)
    }

    @Test func badInputExitsTwoWithAClearMessage() async throws {
        let badDate = try await trips.run(["games", "--sport", "mlb", "--from", "June 1"])
        #expect(badDate.status == 2)
        #expect(badDate.stderr.contains("use YYYY-MM-DD, today, tonight, tomorrow"))
        let unknownFlag = try await trips.run(["games", "--tema", "HOU"])
        #expect(unknownFlag.status == 2)
        #expect(
            unknownFlag.stderr
                == "trips: unknown option '--tema' — did you mean --team?\nUsage: trips games [options]\n")
        let missing = try await trips.run(["games", "--team"])
        #expect(missing.status == 2)
        #expect(missing.stderr.hasSuffix("Usage: trips games [options]\n"))
        let sport = try await trips.run(["games", "--sport", "mbl"])
        #expect(sport.status == 2)
        #expect(sport.stderr == "trips: unknown sport 'mbl' — did you mean mlb?\n")
        for result in [badDate, unknownFlag, missing, sport] { #expect(!result.stderr.contains("Fatal error")) }
    }

    @Test func relativeDatesCountFromThePinnedNow() async throws {
        // TRIPS_NOW is 2026-11-22 (Chicago); NBA and NHL play in late November.
        let result = try await trips.run([
            "games", "--sport", "nba", "--from", "today", "--to", "+0d", "--format", "csv",
        ])
        #expect(result.status == 0)
        let dates = Set(result.stdout.split(separator: "\r\n").dropFirst().map { $0.split(separator: ",")[3] })
        #expect(dates == ["2026-11-22"])
    }

    @Test func helpIsAvailableForEveryCommand() async throws {
        for command in [
            ["--help"], ["games", "--help"], ["teams", "-h"], ["stadiums", "--help"], ["reset", "--help"],
        ] {
            let result = try await trips.run(command)
            #expect(result.status == 0)
            #expect(result.stdout.hasPrefix("USAGE: trips"))
        }
        let golden = Golden.check(try await trips.run(["games", "--help"]).stdout, "games-help.txt")
        #expect(golden.matches, "output differs from Golden/games-help.txt")
    }

    @Test func aTeamOfAnotherSportIsNamedAsSuch() async throws {
        let result = try await trips.run(["games", "--sport", "nba", "--team", "Astros"])
        #expect(result.status == 2)
        #expect(result.stderr == "trips: Astros is an MLB team (Houston Astros), not NBA — change or drop --sport\n")
    }

    @Test(arguments: [["NYY", "NYY"], ["NYY", "Yankees"], ["Yankees", "New York Yankees"]])
    func aTeamCannotBeItsOwnOpponent(names: [String]) async throws {
        let result = try await trips.run(["games", "--team", names[0], "--opponent", names[1]])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("trips: invalid value '\(names[1])' for --opponent: that is the --team itself"))
    }

    @Test func aFormerHomeResolvesToTheBuildingNotTheClubsNewOne() async throws {
        let games = try await trips.run(["games", "--stadium", "Oakland Coliseum"])
        #expect(games.status == 0)
        #expect(games.stdout.contains("no games match"))
        #expect(games.stderr == "note: Oakland Coliseum has no games in the store: no club plays there any more\n")
        let near = try await trips.run(["stadiums", "--near", "RingCentral Coliseum", "--within", "1"])
        #expect(near.status == 0)
        #expect(near.stdout.contains("Oakland Coliseum"))
    }
}
