import Foundation
import Testing
import TripsInput

@testable import TripsCLI

/// `--season` as fans type it (issue 9 item 9): a bad one is a usage error.
@Suite struct SeasonOptionTests {
    @Test func aBadSeasonIsAUsageErrorNamingTheAcceptedForms() async {
        #expect(throws: InputError.badSeason(option: "--season", value: "abc")) {
            try SeasonInput.option("season", "abc")
        }
        #expect(ExitStatus.report(InputError.badSeason(option: "--season", value: "abc")).code == ExitStatus.usage)
    }

    @Test func gamesRefusesImpossibleSeasonsAndEmptySports() async throws {
        let trips = TripsProcess.shared
        for arguments in [
            ["games", "--season", "abc"], ["games", "--season", "26-27"], ["games", "--season", "2026-2028"],
            ["export", "--season", "abc", "--format", "json"], ["games", "--sport", ""], ["games", "--sport", ","],
            ["teams", "--sport", " "],
        ] {
            let result = try await trips.run(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stdout.isEmpty, "\(arguments)")
            #expect(result.stderr.hasPrefix("trips: "), "\(arguments)")
            #expect(!result.stderr.contains("Fatal error"), "\(arguments)")
        }
    }

    @Test func bothSpellingsOfASpanAskForTheSameSeason() async throws {
        let trips = TripsProcess.shared
        let short = try await trips.run(["games", "--sport", "nba", "--team", "NYK", "--season", "2026-27"])
        let long = try await trips.run(["games", "--sport", "nba", "--team", "NYK", "--season", "2026-2027"])
        #expect(short.status == 0 && long.status == 0)
        #expect(short.stdout == long.stdout)
        #expect(long.stdout.contains("· New York Knicks · 2026-27"))
    }
}
