import Foundation
import OutputText
import SQLite
import Testing
import TripsStore

@testable import TripsCLI

/// `trips debug vacuum`: maintenance and compaction of the store, never during a sync.
@Suite struct VacuumCommandTests {
    /// `TRIPS_NOW` of `TripsProcess`, in milliseconds.
    static func nowMs(_ trips: TripsProcess) throws -> Int64 {
        let now = try #require(trips.environment["TRIPS_NOW"].flatMap { ISO8601DateFormatter().date(from: $0) })
        return Int64(now.timeIntervalSince1970 * 1000)
    }

    static func fileSize(_ path: String) -> Int64 {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.int64Value ?? -1
    }

    @Test func aBundledStoreIsVacuumedWithNothingToPurge() async throws {
        let trips = TripsProcess()

        let result = try await trips.run(["debug", "vacuum"])

        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("purged 0 deprecated records, dropped 0 old sync events; store "))
        #expect(result.stdout.contains(" MB → "))
        #expect(result.stderr.isEmpty)
    }

    static let deprecatedGames = "SELECT count(*) FROM games WHERE deprecated_at_ms IS NOT NULL"

    /// A bootstrapped store whose MLB 2025 season was deprecated 100 days before "now" (those
    /// games a sync would not read again, modified more than a day before the watermark);
    /// answers how many games that is.
    static func storeWithAnOldDeprecatedSeason(_ trips: TripsProcess) async throws -> (Database, Int) {
        #expect(try await trips.run(["teams", "--sport", "mlb"]).status == 0)
        let database = try Database(.file(trips.store))
        let season = try database.run(
            """
            UPDATE games SET deprecated_at_ms = ? WHERE sport = 'mlb' AND season = '2025'
            AND modified_ms < (SELECT watermark_ms FROM sync_state WHERE record_type = 'Game') - ?
            """, [.int(try Self.nowMs(trips) - 100 * MaintenancePolicy.dayMs), .int(MaintenancePolicy.dayMs)])
        return (database, season)
    }

    @Test func oldDeprecatedGamesAndSyncEventsArePurgedAndTheFileShrinks() async throws {
        let trips = TripsProcess()
        let (database, season) = try await Self.storeWithAnOldDeprecatedSeason(trips)
        try database.transaction {
            for i in 0..<1_100 {
                try database.run(
                    "INSERT INTO sync_events (kind, state, started_ms) VALUES ('import', 'failed', ?)", [.int(Int64(i))]
                )
            }
        }
        try database.checkpoint()
        let before = Self.fileSize(trips.store)
        let checksum = try await trips.run(["debug", "checksum"]).stdout
        #expect(season > 2_000)

        let result = try await trips.run(["debug", "vacuum"])

        #expect(result.status == 0, "\(result.stderr)")
        let purged = season.grouped
        #expect(
            result.stdout.hasPrefix(
                "purged \(purged) deprecated records (\(purged) Game), dropped 100 old sync events; store "),
            "\(result.stdout)")
        let after = Self.fileSize(trips.store)
        #expect(after < before, "\(before) → \(after)")
        #expect(try await trips.run(["debug", "checksum"]).stdout == checksum)
        #expect(try database.row("SELECT count(*) FROM sync_events") { $0.int(0) } == 1_000)
        #expect(try database.row(Self.deprecatedGames) { $0.int(0) } == 0)
        #expect(try await trips.run(["games", "--sport", "mlb", "--team", "HOU", "--limit", "1"]).status == 0)
    }

    @Test func whileASyncHoldsTheLockNothingChangesAndItExits75() async throws {
        let trips = TripsProcess()
        let (database, season) = try await Self.storeWithAnOldDeprecatedSeason(trips)
        let lock = try SyncLock.acquire(at: StoreLocation(storePath: trips.store).lockPath)

        let refused = try await trips.run(["debug", "vacuum"])
        lock.release()

        #expect(refused.status == 75)
        #expect(
            refused.stderr
                == "trips: a sync is running on this store (pid \(getpid())); run `trips debug vacuum` again when it has finished\n"
        )
        #expect(refused.stdout.isEmpty)
        #expect(try database.row(Self.deprecatedGames) { $0.int(0) } == season)
        #expect(try await trips.run(["debug", "vacuum"]).status == 0)
        #expect(try database.row(Self.deprecatedGames) { $0.int(0) } == 0)
    }
}
