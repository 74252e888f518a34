import Foundation
import Testing
import TripsRender

/// `trips teams` and `trips stadiums` fit the width they are given (issue 27 item 7): COLUMNS,
/// else the terminal's, else 80 (a pipe, as here); `--wide` shows every column in full.
@Suite struct ListingWidthTests {
    let trips = TripsProcess.shared

    func run(_ arguments: [String], columns: String? = nil) async throws -> TripsProcess.Result {
        var trips = trips
        if let columns { trips.environment["COLUMNS"] = columns }
        let result = try await trips.run(arguments)
        #expect(result.status == 0, "\(result.stderr)")
        return result
    }

    func widest(_ text: String) -> Int { text.split(separator: "\n").map(\.displayWidth).max() ?? 0 }

    @Test(arguments: [nil, "80"])
    func teamsFitEightyColumns(columns: String?) async throws {
        let result = try await run(["teams"], columns: columns)
        #expect(widest(result.stdout) <= 80, "\(result.stdout)")
        let lines = result.stdout.split(separator: "\n")
        #expect(
            lines.first?.split(separator: " ", omittingEmptySubsequences: true) == [
                "SPORT", "CODE", "TEAM", "DIVISION", "HOME", "VENUE",
            ])
        #expect(lines.contains { $0.hasPrefix("MLB    HOU   Houston Astros") && $0.contains("  AL West  ") })
        #expect(lines.contains { $0.hasPrefix("NFL    CHI   Chicago Bears") && $0.contains("  NFC North  ") })
        #expect(lines.contains { $0.hasPrefix("MLS    ATL") && $0.contains("  East  ") })
        #expect(lines.contains { $0.contains("Oriole Park at Camden") && $0.hasSuffix("…") })
        #expect(lines.last?.hasSuffix("teams · --wide for leagues and conferences") == true)
    }

    /// The README's first command and the widest leagues' seasons fit 80 columns (issue 39):
    /// VENUE, then CITY, cut with "…"; `--wide` keeps them whole.
    @Test(arguments: [
        ["games", "--sport", "mlb", "--team", "HOU"], ["games", "--sport", "mls", "--season", "2026"],
        ["games", "--sport", "nhl", "--season", "2025-26"],
    ])
    func gamesFitEightyColumns(arguments: [String]) async throws {
        let result = try await run(arguments, columns: "80")
        #expect(widest(result.stdout) <= 80, "\(arguments): \(widest(result.stdout)) columns")
        #expect(result.stdout.contains("…"), "something was cut to fit")
        let wide = try await run(arguments + ["--wide"], columns: "80")
        #expect(widest(wide.stdout) > 80, "--wide keeps every cell whole")
        #expect(!wide.stdout.contains("…"))
    }

    @Test func wideTeamsShowEveryColumnInFull() async throws {
        let result = try await run(["teams", "--wide"], columns: "80")
        let lines = result.stdout.split(separator: "\n")
        #expect(widest(result.stdout) > 80)
        #expect(lines.first?.contains("LEAGUE") == true && lines.first?.contains("DIVISION") == true)
        #expect(lines.contains { $0.contains("National Basketball Association / Eastern Conference") })
        #expect(lines.contains { $0.contains("American League West") && $0.hasSuffix("Daikin Park") })
        #expect(lines.contains { $0.hasSuffix("Oriole Park at Camden Yards") })
        #expect(!result.stdout.contains("…"))
    }

    /// A terminal wide enough gets the full table without asking.
    @Test func aWideTerminalGetsEveryColumn() async throws {
        let result = try await run(["teams"], columns: "200")
        #expect(result.stdout == (try await run(["teams", "--wide"])).stdout)
    }

    @Test(arguments: [nil, "80"])
    func stadiumsFitEightyColumns(columns: String?) async throws {
        let result = try await run(["stadiums"], columns: columns)
        #expect(widest(result.stdout) <= 80, "\(result.stdout)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.first?.split(separator: " ") == ["VENUE", "CITY", "TEAMS"])
        #expect(lines.contains { $0.hasPrefix("State Farm Arena") && $0.hasSuffix("ATL (NBA), WNBA") })
        let near = try await run(["stadiums", "--near", "Chicago, IL", "--within", "30"], columns: columns)
        #expect(widest(near.stdout) <= 80, "\(near.stdout)")
    }

    @Test func wideStadiumsShowEveryColumnInFull() async throws {
        let result = try await run(["stadiums", "--wide"], columns: "80")
        let lines = result.stdout.split(separator: "\n")
        #expect(widest(result.stdout) > 80)
        #expect(lines.first?.split(separator: " ") == ["VENUE", "CITY", "SPORTS", "TEAMS"])
        #expect(lines.contains { $0.hasPrefix("Crypto.com Arena") && $0.hasSuffix("LAL (NBA), LAK (NHL), LAS (WNBA)") })
        #expect(!result.stdout.contains("…"))
    }
}
