import Foundation
import OutputText
import Testing
import TripsModel
import TripsRecords
import TripsStore

/// Names from the cloud may carry terminal escape sequences and bidi overrides: the human
/// outputs show them escaped, the machine formats keep the exact value, properly encoded.
@Suite struct HostileTextTests {
    static let teamName = "Evil\u{1B}]0;owned\u{07}Astros"
    static let venueName = "Daikin \u{202E}kraP\u{202C} \u{9B}31m"

    /// A bootstrapped store whose Astros and their ballpark were renamed by a hostile cloud.
    static func hostileStore() async throws -> TripsProcess {
        let trips = TripsProcess()
        _ = try await trips.run(["teams", "--sport", "nba"])
        let store = try CanonicalStore(location: .file(trips.store))
        let provider = DataProvider(store: store)
        var team = try #require(try provider.team(id: "team_mlb_hou"))
        team.name = teamName
        let stadiumId = try #require(team.stadiumId)
        var stadium = try #require(try provider.stadium(id: stadiumId))
        stadium.name = venueName
        let meta = RecordMetadata(changeTag: "evil", modifiedMs: 4_000_000_000_000, schemaVersion: 1)
        _ = try store.apply(page: [CanonicalRecord(.stadium(stadium), meta: meta).record], of: .stadium)
        _ = try store.apply(page: [CanonicalRecord(.team(team), meta: meta).record], of: .team)
        return trips
    }

    static func hasRawControls(_ text: String) -> Bool {
        text.unicodeScalars.contains { TerminalText.isUnsafe($0) && $0 != "\n" }
    }

    @Test func tablesSummariesAndNotesShowTheCharactersEscaped() async throws {
        let trips = try await Self.hostileStore()

        let teams = try await trips.run(["teams", "--sport", "mlb"])
        let games = try await trips.run([
            "games", "--sport", "mlb", "--team", "HOU", "--season", "2026", "--limit", "2", "--wide",
        ])

        #expect(teams.status == 0 && games.status == 0, "\(teams.stderr)\(games.stderr)")
        #expect(!Self.hasRawControls(teams.stdout + teams.stderr))
        #expect(!Self.hasRawControls(games.stdout + games.stderr))
        #expect(teams.stdout.contains("Evil\\u{1B}]0;owned\\u{7}Astros"))
        #expect(games.stdout.contains("Daikin \\u{202E}kraP\\u{202C} \\u{9B}31m"))
        #expect(games.stdout.contains("· Evil\\u{1B}]0;owned\\u{7}Astros ·"))  // the summary line
    }

    @Test func jsonAndCSVKeepTheExactValueEncoded() async throws {
        let trips = try await Self.hostileStore()

        let json = try await trips.run(["teams", "--sport", "mlb", "--format", "json"])
        let gamesJSON = try await trips.run(
            ["games", "--sport", "mlb", "--team", "HOU", "--season", "2026", "--limit", "1", "--format", "json"])
        let csv = try await trips.run([
            "games", "--sport", "mlb", "--team", "HOU", "--season", "2026", "--limit", "1", "--format", "csv",
        ])

        #expect(!Self.hasRawControls(json.stdout + gamesJSON.stdout))
        #expect(gamesJSON.stdout.contains(#""name": "Daikin \u202ekraP\u202c \u009b31m""#))
        #expect(json.stdout.contains(#""name": "Evil\u001b]0;owned\u0007Astros""#))
        let decoded = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let names = (decoded["teams"] as? [[String: Any]])?.compactMap { $0["name"] as? String } ?? []
        #expect(names.contains(Self.teamName))
        // CSV carries the value as it is, quoted so it stays one field.
        #expect(csv.stdout.contains(",\"\(Self.venueName)\","))
    }

    @Test func aCalendarShowsControlsVisiblyAndKeepsEveryLineIntact() async throws {
        let trips = try await Self.hostileStore()

        let ics = try await trips.run([
            "games", "--sport", "mlb", "--team", "HOU", "--season", "2026", "--limit", "1", "--format", "ics",
        ])

        #expect(ics.status == 0)
        // iCalendar TEXT cannot carry controls: only the CRLF line ends remain.
        #expect(!ics.stdout.replacingOccurrences(of: "\r\n", with: "").unicodeScalars.contains { $0.value < 0x20 })
        let unfolded = ics.stdout.replacingOccurrences(of: "\r\n ", with: "")
        #expect(unfolded.contains("DESCRIPTION:") && unfolded.contains("Evil\\\\u{1B}]0\\;owned\\\\u{7}Astros"))
    }

    @Test func errorMessagesEchoingInputAreEscaped() async throws {
        let trips = TripsProcess(store: await TripsProcess.shared.whenBootstrapped().store)

        let result = try await trips.run(["games", "--team", "\u{1B}[2J\u{202E}HOU"])

        #expect(result.status == 2)
        #expect(!Self.hasRawControls(result.stderr))
        #expect(result.stderr.contains("\\u{1B}[2J\\u{202E}HOU"))
    }
}
