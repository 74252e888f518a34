import Foundation
import Testing

/// `trips reset` rebuilds the canonical data but not at the cost of the user's own: the prompt
/// names what the store holds and what exists only on this device, `--yes` keeps it, and only
/// `--discard-my-data` deletes it.
@Suite struct ResetUserDataTests {
    /// A store with one favourite team and one visit, neither synced.
    func storeWithUserData() async throws -> TripsProcess {
        let trips = TripsProcess()
        #expect(try await trips.run(["favorites", "add", "HOU", "--sport", "mlb"]).status == 0)
        #expect(try await trips.run(["visited", "add", "Wrigley Field", "--date", "2025-07-04"]).status == 0)
        return trips
    }

    @Test func resetWithYesKeepsFavouritesAndVisits() async throws {
        let trips = try await storeWithUserData()

        let reset = try await trips.run(["reset", "--yes"])

        #expect(reset.status == 0, "\(reset.stderr)")
        #expect(reset.stdout.contains("Kept your 1 favourite team and 1 visit."))
        #expect(try await trips.run(["favorites", "list"]).stdout.contains("Houston Astros"))
        #expect(try await trips.run(["visited", "list", "--sport", "mlb"]).stdout.contains("Wrigley Field"))
        #expect(!FileManager.default.fileExists(atPath: trips.store + ".bak"))
    }

    @Test func discardMyDataDeletesThem() async throws {
        let trips = try await storeWithUserData()

        let reset = try await trips.run(["reset", "--yes", "--discard-my-data"])

        #expect(reset.status == 0, "\(reset.stderr)")
        #expect(!reset.stdout.contains("Kept"))
        #expect(!(try await trips.run(["favorites", "list"]).stdout.contains("Houston Astros")))
        #expect(!(try await trips.run(["visited", "list", "--sport", "mlb"]).stdout.contains("Wrigley Field")))
    }

    @Test func thePromptNamesWhatExistsOnlyOnThisDevice() async throws {
        let trips = try await storeWithUserData()

        let session = try await trips.runOnTerminal(["reset"], steps: [["Continue? [y/N] ", "n"]])

        #expect(session.error == nil && session.status == 0, "\(session)")
        #expect(
            session.transcript.contains(
                "Your 1 favourite team and 1 visit are kept (1 favourite team and 1 visit exist only on this device)."))
        #expect(session.transcript.contains("Nothing changed."))
    }

    @Test func thePromptForDiscardingSaysTheyAreDeleted() async throws {
        let trips = try await storeWithUserData()

        let session = try await trips.runOnTerminal(
            ["reset", "--discard-my-data"], steps: [["Continue? [y/N] ", "n"]])

        #expect(session.error == nil && session.status == 0, "\(session)")
        #expect(
            session.transcript.contains(
                "Your 1 favourite team and 1 visit are deleted (1 favourite team and 1 visit exist only on this device)."
            ))
        #expect(try await trips.run(["favorites", "list"]).stdout.contains("Houston Astros"))
    }
}
