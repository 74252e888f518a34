import Foundation
import SQLite
import Testing

/// Exit codes as a user's scripts see them, for the cases that are not one command's own.
@Suite struct ExitStatusTests {
    @Test func aStoreThatIsBusyWhenOpenedIsTemporaryLikeABusyQuery() async throws {
        let trips = TripsProcess()
        #expect(try await trips.run(["teams", "--sport", "nhl"]).status == 0)
        // Another process holds the store exclusively for longer than the busy timeout.
        let holder = try Database(.file(trips.store))
        try holder.execute("PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE")
        try holder.execute("INSERT OR REPLACE INTO store_info (key, value) VALUES ('holder', 'test')")

        let result = try await trips.run(["teams", "--sport", "nhl"])
        try holder.execute("ROLLBACK")

        #expect(result.status == 75)
        #expect(result.stderr == "trips: the store at \(trips.store) is busy (another trips is writing); try again\n")
        #expect(result.stdout == "")
    }
}
