import Foundation
import Testing

@testable import TripsCLI

/// `trips __complete WORDS…` (issue 14 item 3): one candidate per line for the last word —
/// subcommands, options and fixed choices by the parser's rules, teams, venues, seasons and
/// sports from the store — and, whatever it is given, nothing but candidates and exit 0.
@Suite struct CompleteCommandTests {
    static func complete(_ words: String...) async throws -> [String] {
        let result = try await TripsProcess.shared.run(["__complete"] + words, withStore: false)
        #expect(result.status == 0, "\(words): \(result.stderr)")
        #expect(result.stderr.isEmpty, "\(words): \(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    @Test func aPartialTeamCodeListsTheTeamsItStarts() async throws {
        await #expect(try Self.complete("games", "--team", "HO") == ["HOU"])
        await #expect(try Self.complete("games", "--team=HO") == ["HOU"])
        await #expect(try Self.complete("plan", "--home-only", "Astr") == ["Astros"])
        // No code has this case: names do, ignoring it.
        await #expect(try Self.complete("games", "--opponent", "houston a") == ["Houston Astros"])
    }

    @Test func theSportsTypedNarrowTeamsVenuesAndSeasons() async throws {
        let bruins = try await Self.complete("games", "--sport", "nhl", "--team", "Bo")
        #expect(bruins == ["Boston Bruins"])
        await #expect(try Self.complete("games", "--sport", "nba", "--stadium", "Madison") == ["Madison Square Garden"])
        await #expect(try Self.complete("games", "--sport", "nfl", "--season", "") == ["2026"])
        await #expect(try Self.complete("games", "--season", "2025").contains("2025-26"))
    }

    @Test func aCommaListCompletesItsLastPiece() async throws {
        await #expect(try Self.complete("games", "--sport", "nhl,m") == ["nhl,mlb", "nhl,mls"])
        await #expect(try Self.complete("teams", "--sport", "") == ["mlb", "mls", "nba", "nfl", "nhl", "wnba"])
    }

    @Test func commandsOptionsAndChoicesFollowTheParser() async throws {
        await #expect(try Self.complete("ga") == ["games"])
        await #expect(try Self.complete("sync", "st") == ["status"])
        await #expect(try Self.complete("--no-color", "sync", "status", "--format", "j") == ["json"])
        await #expect(try Self.complete("games", "--f") == ["--from", "--format", "--favorites"])
        await #expect(try Self.complete("config", "unset", "sync.p") == ["sync.pageSize"])
        await #expect(try Self.complete("completions", "") == ["bash", "zsh", "fish"])
        // After a positional, `--` or a free-text value: nothing to offer.
        await #expect(try Self.complete("games", "--from", "20").isEmpty)
        await #expect(try Self.complete("games", "--", "--te").isEmpty)
    }

    @Test func garbageOrABrokenStorePrintsNothingAndSucceeds() async throws {
        let notAStore = FileManager.default.temporaryDirectory.appendingPathComponent("trips-not-a-store-\(UUID())")
        try Data(String(repeating: "not sqlite ", count: 500).utf8).write(to: notAStore)
        defer { try? FileManager.default.removeItem(at: notAStore) }
        for words in [
            ["--store", "/proc/nowhere/trips.sqlite", "games", "--team", "HO"],
            ["--store", notAStore.path, "games", "--team", "HO"],
            ["gmaes", "--tema", "HO"],
            ["--", "--=", "\u{1B}]0;x\u{7}"],
            ["games", "--team", "\u{1}"],
            ["games", "--limit=", "--home", "=", ")("],
        ] {
            let result = try await TripsProcess.shared.run(["__complete"] + words, withStore: false)
            #expect(result.status == 0, "\(words)")
            #expect(result.stdout.isEmpty && result.stderr.isEmpty, "\(words): \(result.stdout)\(result.stderr)")
        }
    }

    @Test func itIsHiddenFromHelpAndFromItself() async throws {
        let help = try await TripsProcess.shared.run(["--help"], withStore: false)
        #expect(!help.stdout.contains(CompleteCommand.spec.name))
        await #expect(try Self.complete("__").isEmpty)
        await #expect(try !Self.complete("").contains(CompleteCommand.spec.name))
        let mistyped = try await TripsProcess.shared.run(["_complete"], withStore: false)
        #expect(mistyped.status == 2)
        #expect(!mistyped.stderr.contains(CompleteCommand.spec.name))
    }
}
