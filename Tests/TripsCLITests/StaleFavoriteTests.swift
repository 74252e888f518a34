import Foundation
import Testing

/// A favourite that names a team this store does not have (synced from a device with newer
/// data) or one no longer in its league is skipped with a note and marked in the list, never
/// an error that hides the other favourites' games.
@Suite struct StaleFavoriteTests {
    func sqlite(_ trips: TripsProcess, _ statement: String) async throws {
        let result = try await TripsProcess.tool("/usr/bin/sqlite3", [trips.store, statement])
        #expect(result.status == 0, "sqlite3: \(result.stderr)")
    }

    /// Favourites HOU and an unknown team (was CHC).
    func storeWithAnUnknownFavourite() async throws -> TripsProcess {
        let trips = TripsProcess()
        #expect(try await trips.run(["favorites", "add", "HOU", "CHC", "--sport", "mlb"]).status == 0)
        try await sqlite(
            trips, "UPDATE user_fields SET value = 'team_mlb_gone' WHERE field = 'teamId' AND value = 'team_mlb_chc'")
        return trips
    }

    @Test func gamesSkipsAnUnknownFavouriteWithANote() async throws {
        let trips = try await storeWithAnUnknownFavourite()

        let games = try await trips.run(["games", "--favorites", "--season", "2026"])

        #expect(games.status == 0, "\(games.stderr)")
        #expect(games.stdout.hasSuffix("162 games · Houston Astros · 2026\n"))
        #expect(
            games.stderr.contains(
                "note: skipping a favourite with no games here: team_mlb_gone (a team this store does not know)"))
    }

    @Test func theListMarksAnUnknownAndARetiredFavourite() async throws {
        let trips = try await storeWithAnUnknownFavourite()
        #expect(try await trips.run(["favorites", "add", "NYY", "--sport", "mlb"]).status == 0)
        try await sqlite(trips, "UPDATE teams SET deprecated_at_ms = 1 WHERE id = 'team_mlb_nyy'")

        let list = try await trips.run(["favorites", "list"])

        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains("Houston Astros"))
        #expect(list.stdout.contains("team_mlb_gone (a team this store does not know)"))
        #expect(list.stdout.contains("New York Yankees (no longer in the league)"))
        #expect(list.stderr.contains("skipping 2 favourites with no games here"))
    }

    /// Issue 37 item 8: a favourite the list marks as retired or unknown is removed by what the
    /// list shows for it (name, abbreviation or id).
    @Test func aRetiredOrUnknownFavouriteIsRemovedByWhatTheListShows() async throws {
        let trips = try await storeWithAnUnknownFavourite()
        #expect(try await trips.run(["favorites", "add", "NYY", "--sport", "mlb"]).status == 0)
        try await sqlite(trips, "UPDATE teams SET deprecated_at_ms = 1 WHERE id = 'team_mlb_nyy'")

        let retired = try await trips.run(["favorites", "remove", "New York Yankees"])
        #expect(retired.status == 0, "\(retired.stderr)")
        #expect(retired.stdout.contains("Removed New York Yankees"), "\(retired.stdout)")
        let unknown = try await trips.run(["favorites", "remove", "team_mlb_gone"])
        #expect(unknown.status == 0, "\(unknown.stderr)")

        let list = try await trips.run(["favorites", "list"])
        #expect(list.stdout.contains("Houston Astros"))
        #expect(!list.stdout.contains("Yankees") && !list.stdout.contains("team_mlb_gone"), "\(list.stdout)")
    }

    @Test func onlyStaleFavouritesSayWhyNothingIsShown() async throws {
        let trips = try await storeWithAnUnknownFavourite()
        #expect(try await trips.run(["favorites", "remove", "HOU", "--sport", "mlb"]).status == 0)

        let games = try await trips.run(["games", "--favorites"])

        #expect(games.status == 2)
        #expect(games.stderr.contains("none of your favourite teams has games in this store"))
    }
}
