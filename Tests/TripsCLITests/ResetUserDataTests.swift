import Foundation
import Testing

/// `trips reset` rebuilds the canonical data but not at the cost of the user's own: the prompt
/// names what the store holds and what exists only on this device, `--yes` keeps it, and only
/// `--discard-my-data` deletes it.
@Suite struct ResetUserDataTests {
    /// A store with one favourite team and one visit, neither synced.
    func storeWithUserData() throws -> TripsProcess {
        let trips = TripsProcess()
        #expect(try trips.run(["favorites", "add", "HOU", "--sport", "mlb"]).status == 0)
        #expect(try trips.run(["visited", "add", "Wrigley Field", "--date", "2025-07-04"]).status == 0)
        return trips
    }

    @Test func resetWithYesKeepsFavouritesAndVisits() throws {
        let trips = try storeWithUserData()

        let reset = try trips.run(["reset", "--yes"])

        #expect(reset.status == 0, "\(reset.stderr)")
        #expect(reset.stdout.contains("Kept your 1 favourite team and 1 visit."))
        #expect(try trips.run(["favorites", "list"]).stdout.contains("Houston Astros"))
        #expect(try trips.run(["visited", "list", "--sport", "mlb"]).stdout.contains("Wrigley Field"))
        #expect(!FileManager.default.fileExists(atPath: trips.store + ".bak"))
    }

    @Test func discardMyDataDeletesThem() throws {
        let trips = try storeWithUserData()

        let reset = try trips.run(["reset", "--yes", "--discard-my-data"])

        #expect(reset.status == 0, "\(reset.stderr)")
        #expect(!reset.stdout.contains("Kept"))
        #expect(!(try trips.run(["favorites", "list"]).stdout.contains("Houston Astros")))
        #expect(!(try trips.run(["visited", "list", "--sport", "mlb"]).stdout.contains("Wrigley Field")))
    }

    @Test func thePromptNamesWhatExistsOnlyOnThisDevice() throws {
        let trips = try storeWithUserData()

        let session = try trips.runOnTerminal(["reset"], steps: [["Continue? [y/N] ", "n"]])

        #expect(session.error == nil && session.status == 0, "\(session)")
        #expect(
            session.transcript.contains(
                "Your 1 favourite team and 1 visit are kept (1 favourite team and 1 visit exist only on this device)."))
        #expect(session.transcript.contains("Nothing changed."))
    }

    @Test func thePromptForDiscardingSaysTheyAreDeleted() throws {
        let trips = try storeWithUserData()

        let session = try trips.runOnTerminal(
            ["reset", "--discard-my-data"], steps: [["Continue? [y/N] ", "n"]])

        #expect(session.error == nil && session.status == 0, "\(session)")
        #expect(
            session.transcript.contains(
                "Your 1 favourite team and 1 visit are deleted (1 favourite team and 1 visit exist only on this device)."
            ))
        #expect(try trips.run(["favorites", "list"]).stdout.contains("Houston Astros"))
    }
}
