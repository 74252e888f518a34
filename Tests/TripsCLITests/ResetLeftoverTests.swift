import Foundation
import SQLite
import Testing

/// What an interrupted reset leaves beside the store is dealt with by the next run, with a line
/// on stderr, and never at the cost of the user's data: a half-built `.reset-new` is deleted, and
/// a `.bak` (from the reset of an earlier version, which moved the store aside before rebuilding
/// it) gives the store what only it holds before it goes.
@Suite struct ResetLeftoverTests {
    @Test func aHalfBuiltStoreLeftByAKilledResetIsDeletedWithANote() async throws {
        let trips = try await ResetFixture.copy()
        let expected = try await ResetFixture.expected()
        // What a reset killed mid-build leaves: the start of a store, and its WAL.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: trips.store))
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: trips.store + ".reset-new"))
        try Data(repeating: 0x2a, count: 4096).write(to: URL(fileURLWithPath: trips.store + ".reset-new-wal"))

        let favourites = try await trips.run(["favorites", "list"])

        #expect(favourites.status == 0, "\(favourites.stderr)")
        #expect(favourites.stdout.contains("Houston Astros") && favourites.stdout.contains("Chicago Cubs"))
        #expect(
            favourites.stderr.contains(
                "note: deleted \(trips.store).reset-new, the unfinished store of an interrupted `trips reset`"))
        #expect(try ResetFixture.companions(of: trips).filter { $0.contains(".reset-new") } == [])
        #expect(try ResetFixture.userData(trips.store) == expected)
    }

    /// The earlier reset killed while rebuilding: the store holds none of the user's data, the
    /// `.bak` all of it.
    func storeWithoutUserDataBesideABackup() async throws -> TripsProcess {
        let trips = try await ResetFixture.copy()
        try FileManager.default.copyItem(atPath: trips.store, toPath: trips.store + ".bak")
        let database = try Database(.file(trips.store), create: false)
        try database.execute(
            "DELETE FROM user_fields; DELETE FROM user_outbox; DELETE FROM user_records; DELETE FROM user_sync")
        return trips
    }

    @Test func anOldStyleBackupHoldingTheUsersDataIsCarriedOverNotDeleted() async throws {
        let trips = try await storeWithoutUserDataBesideABackup()
        let expected = try await ResetFixture.expected()

        let reset = try await trips.run(["reset", "--yes"])

        #expect(reset.status == 0, "\(reset.stderr)")
        #expect(
            reset.stderr.contains(
                "note: carried your 1 saved trip, 2 favourite teams and 1 visit over from \(trips.store).bak"))
        #expect(reset.stdout.contains("Kept your 1 saved trip, 2 favourite teams and 1 visit."))
        #expect(try ResetFixture.userData(trips.store) == expected)
        #expect(try await trips.run(["saved", "list"]).stdout.contains("Midwest"))
    }

    @Test func anOldStyleBackupIsCarriedOverByTheNextRunOfAnyCommand() async throws {
        let trips = try await storeWithoutUserDataBesideABackup()
        let expected = try await ResetFixture.expected()

        let favourites = try await trips.run(["favorites", "list"])

        #expect(favourites.stdout.contains("Houston Astros"), "\(favourites.stderr)")
        #expect(favourites.stderr.contains("over from \(trips.store).bak"))
        #expect(!FileManager.default.fileExists(atPath: trips.store + ".bak"))
        #expect(try ResetFixture.userData(trips.store) == expected)
    }

    @Test func anOldStyleBackupIsPutBackWhenTheResetStoppedBeforeMakingAStore() async throws {
        let trips = try await ResetFixture.copy()
        let expected = try await ResetFixture.expected()
        try FileManager.default.moveItem(atPath: trips.store, toPath: trips.store + ".bak")

        let visits = try await trips.run(["visited", "list", "--sport", "mlb"])

        #expect(visits.stdout.contains("Wrigley Field"), "\(visits.stderr)")
        #expect(visits.stderr.contains("note: restored \(trips.store) from \(trips.store).bak"))
        #expect(try ResetFixture.userData(trips.store) == expected)
    }

    @Test func aBackupThatCannotBeReadIsKeptAndNamed() async throws {
        let trips = try await ResetFixture.copy()
        // The header of a database and nothing readable after it: a damaged store kept as the backup.
        var damaged = Data("SQLite format 3\0".utf8)
        damaged.append(Data(repeating: 0x55, count: 4080))
        try damaged.write(to: URL(fileURLWithPath: trips.store + ".bak"))

        let reset = try await trips.run(["reset", "--yes"])

        #expect(reset.status == 0, "\(reset.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: trips.store + ".bak")) == damaged)
        #expect(reset.stderr.contains("note: \(trips.store).bak, left by an earlier `trips reset`, is kept"))
    }
}
