import Foundation
import Testing

/// `trips next` through the built binary from the pinned clock (2026-11-22T15:00Z): three
/// favourites across two leagues, each line checked against what `trips games` says of the
/// same store — never a hard-coded game.
@Suite struct NextCommandTests {
    static let now = ISO8601DateFormatter().date(from: "2026-11-22T15:00:00Z")!
    static let today = "2026-11-22"

    /// A favourite and its league.
    typealias Favourite = (code: String, sport: String)
    static let favourites: [Favourite] = [("NYR", "nhl"), ("BOS", "nhl"), ("LAL", "nba")]

    static func json(_ result: TripsProcess.Result) throws -> [String: Any] {
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    static func start(_ game: [String: Any]) -> Date {
        (game["startTime"] as? String).flatMap { ISO8601DateFormatter().date(from: $0) } ?? .distantPast
    }

    /// The team's games still to come from `now`, as `trips games` lists them.
    static func ahead(_ trips: TripsProcess, _ team: Favourite, _ extra: [String] = []) async throws -> [[String: Any]]
    {
        let result = try await trips.run(
            ["games", "--sport", team.sport, "--team", team.code, "--from", "2026-11-21", "--format", "json"] + extra)
        let games = try #require(try json(result)["games"] as? [[String: Any]])
        return games.filter { $0["status"] as? String == "scheduled" && start($0) >= now }
    }

    /// A process with a store of its own holding `teams` as favourites.
    static func withFavourites(_ teams: [Favourite]) async throws -> TripsProcess {
        var trips = TripsProcess()
        trips.environment["COLUMNS"] = "80"
        for team in teams {
            let added = try await trips.run(["favorites", "add", team.code, "--sport", team.sport])
            #expect(added.status == 0, "\(added.stderr)")
        }
        return trips
    }

    /// "today", "tomorrow" or "in N days" between two ISO dates.
    static func when(_ localDate: String) -> String {
        let format = ISO8601DateFormatter()
        format.formatOptions = [.withFullDate]
        let days = Int(
            ((format.date(from: localDate) ?? now).timeIntervalSince(format.date(from: today) ?? now) / 86_400)
                .rounded())
        return days == 0 ? "today" : days == 1 ? "tomorrow" : "in \(days) days"
    }

    static func code(_ game: [String: Any], _ side: String) -> String {
        (game[side] as? [String: Any])?["abbreviation"] as? String ?? "?"
    }

    @Test func threeFavouritesAcrossTwoLeaguesEachShowTheirNextGame() async throws {
        let trips = try await Self.withFavourites(Self.favourites)
        let teams = try #require(
            try Self.json(try await trips.run(["next", "--format", "json"]))["teams"] as? [[String: Any]])
        #expect(teams.count == 3)
        let table = try await trips.run(["next"])
        #expect(table.status == 0, "\(table.stderr)")
        let rows = table.stdout.split(separator: "\n").map(String.init)
        #expect(rows.allSatisfy { $0.count <= 80 }, "\(table.stdout)")
        for team in Self.favourites {
            let expected = try #require(try await Self.ahead(trips, team).first, "\(team.code) plays again this season")
            let shown = try #require(
                teams.first { ($0["team"] as? [String: Any])?["abbreviation"] as? String == team.code })
            let games = try #require(shown["games"] as? [[String: Any]])
            #expect(games.map { $0["id"] as? String } == [expected["id"] as? String], "\(team.code)")
            #expect(shown["note"] is NSNull)
            let atHome = Self.code(expected, "homeTeam") == team.code
            let opponent = atHome ? "vs \(Self.code(expected, "awayTeam"))" : "@ \(Self.code(expected, "homeTeam"))"
            let row = try #require(rows.first { $0.hasPrefix(team.code + " ") }, "\(table.stdout)")
            #expect(row.contains("  \(opponent)  "), "\(row)")
            #expect(row.contains("  " + Self.when(expected["localDate"] as? String ?? "") + "  "), "\(row)")
            #expect(row.contains(try #require(expected["localTime"] as? String)), "\(row)")
        }
        #expect(!table.stdout.contains("DIST"), "no home set, no distances")
    }

    @Test func daysListsEveryGameInTheWindowAndHomeGivesTheMiles() async throws {
        let trips = try await Self.withFavourites(Self.favourites)
        #expect(try await trips.run(["config", "set", "home", "Boston, MA"]).status == 0)
        let object = try Self.json(try await trips.run(["next", "--days", "10", "--format", "json"]))
        let teams = try #require(object["teams"] as? [[String: Any]])
        let end = Self.now.addingTimeInterval(10 * 86_400)
        for team in Self.favourites {
            let near = ["--near", "Boston, MA", "--within", "5000"]
            let expected = try await Self.ahead(trips, team, near).filter { Self.start($0) < end }
            let shown = try #require(
                teams.first { ($0["team"] as? [String: Any])?["abbreviation"] as? String == team.code })
            let games = try #require(shown["games"] as? [[String: Any]])
            #expect(!games.isEmpty && games.count == expected.count, "\(team.code)")
            #expect(games.map { $0["id"] as? String } == expected.map { $0["id"] as? String }, "\(team.code)")
            for (game, reference) in zip(games, expected) {
                let miles = try #require(game["distanceMiles"] as? Double)
                #expect(abs(miles - (reference["distanceMiles"] as? Double ?? -99)) < 0.11, "the miles of games --near")
            }
        }
        let table = try await trips.run(["next", "--days", "10"])
        #expect(table.stdout.contains("DIST") && table.stdout.contains("miles from Boston, MA"), "\(table.stdout)")
        #expect(table.stdout.split(separator: "\n").allSatisfy { $0.count <= 80 }, "\(table.stdout)")
        let csv = try await TripsProcess.tool(
            "/usr/bin/python3", ["-c", "import csv, sys; print(len(list(csv.DictReader(sys.stdin))))"],
            input: try await trips.run(["next", "--days", "10", "--format", "csv"]).stdout)
        let total = teams.reduce(0) { $0 + (($1["games"] as? [Any])?.count ?? 0) }
        #expect(csv.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == String(total))
    }

    @Test func aFavouriteInItsOffSeasonSaysWhyAndWhatToDo() async throws {
        let trips = try await Self.withFavourites([("HOU", "mlb"), ("NYR", "nhl")])
        let season = try #require(
            try Self.json(
                try await trips.run([
                    "games", "--sport", "mlb", "--team", "HOU", "--season", "2026", "--format", "json",
                ]))["games"]
                as? [[String: Any]])
        let last = try #require(season.last?["localDate"] as? String)
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = TimeZone(identifier: "UTC")
        format.dateFormat = "yyyy-MM-dd"
        let day = try #require(format.date(from: last))
        format.dateFormat = "EEE MMM d"
        let table = try await trips.run(["next"])
        #expect(table.status == 0)
        let flat = table.stdout.replacingOccurrences(of: "\n      ", with: " ")
        #expect(
            flat.contains("HOU has no game ahead: the 2026 season is over (last game \(format.string(from: day))"),
            "\(table.stdout)")
        #expect(flat.contains("`trips sync`"))
        #expect(
            table.stdout.contains("\nNYR ") || table.stdout.contains("NYR  "), "the other favourite still has its line")
        let teams = try #require(
            try Self.json(try await trips.run(["next", "--format", "json"]))["teams"] as? [[String: Any]])
        let hou = try #require(teams.first { ($0["team"] as? [String: Any])?["abbreviation"] as? String == "HOU" })
        #expect(
            (hou["games"] as? [Any])?.isEmpty == true && (hou["note"] as? String)?.contains("season is over") == true)
    }

    @Test func nearKeepsTheGamesWithinTheRadiusOrSaysThereAreNone() async throws {
        let trips = try await Self.withFavourites([("NYR", "nhl"), ("BOS", "nhl")])
        let near = ["--near", "Boston, MA", "--within", "30"]
        let object = try Self.json(try await trips.run(["next"] + near + ["--format", "json"]))
        let teams = try #require(object["teams"] as? [[String: Any]])
        for team in [("NYR", "nhl"), ("BOS", "nhl")] {
            let expected = try await Self.ahead(trips, team, near).first
            let shown = try #require(
                teams.first { ($0["team"] as? [String: Any])?["abbreviation"] as? String == team.0 })
            let games = shown["games"] as? [[String: Any]] ?? []
            #expect(games.map { $0["id"] as? String } == (expected.map { [$0["id"] as? String] } ?? []), "\(team.0)")
            if expected == nil { #expect((shown["note"] as? String)?.contains("no game within 30 miles") == true) }
        }
    }

    @Test func noFavouritesSaysHowToAddOneAndBadInputIsRefused() async throws {
        let trips = TripsProcess()
        let none = try await trips.run(["next"])
        #expect(none.status == 0 && none.stdout.contains("trips favorites add BOS"), "\(none.stderr)")
        for bad in [["--days", "0"], ["--within", "10"], ["--format", "gpx"], ["--days", "99999999999999999999"]] {
            let result = try await trips.run(["next"] + bad)
            #expect(result.status == 2, "\(bad): \(result.stderr)")
            #expect(!result.stderr.isEmpty && !result.stderr.contains("Fatal"), "\(bad)")
        }
        let help = try await trips.run(["next", "--help"])
        #expect(help.status == 0 && help.stdout.split(separator: "\n").allSatisfy { $0.count <= 80 })
    }
}
