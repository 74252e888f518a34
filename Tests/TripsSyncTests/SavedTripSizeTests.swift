import Foundation
import TestSupport
import Testing
import TripsStore

/// The cloud's 1 MB limit for one record (issue 25 item 9): a saved trip that would exceed it is
/// refused when it is noted, naming the trip; one that got there anyway fails the sync with exit
/// 1 naming the trip, and the other records still go.
@Suite(.serialized) struct SavedTripSizeTests {
    static var nowMs: Int64 { Int64((Date().timeIntervalSince1970 * 1000).rounded()) }

    @Test func aNoteThatWouldPassTheLimitIsRefusedNamingTheTrip() async throws {
        let (trips, store) = try await SavedTripNameTests.offline()
        defer { trips.cleanUp() }
        try store.editUserRecord(
            "trip_big", type: .savedTrip,
            set: ["name": "Long haul", "itineraryJson": String(repeating: "j", count: 1_000_000)],
            device: "a", nowMs: Self.nowMs)
        let refused = try await trips.run("saved", "note", "Long haul", String(repeating: "n", count: 120_000))
        #expect(refused.status == 2)
        #expect(
            refused.stderr.contains("the trip 'Long haul' would be 1.1 MB, over the cloud's 1 MB limit for one record"),
            "\(refused.stderr)")
        #expect(refused.stderr.contains("shorten its note"))
        #expect(try store.savedTrips().first?.notes == nil)
        #expect(try await trips.run("saved", "note", "Long haul", "fine").status == 0)
        #expect(try store.savedTrips().first?.notes == "fine")
    }

    @Test func aRecordTheCloudRefusesFailsTheSyncNamingTheTripAndTheOthersGo() async throws {
        let cloud = try await LiveCloud.start()
        defer { cloud.stop() }
        let token = try await cloud.addUser("jo")
        let trips = try await SavedTripNameTests.device("a", cloud: cloud, token: token)
        defer { trips.cleanUp() }
        let store = try CanonicalStore(location: .file(trips.storePath))
        // As an older version could save it: past the limit.
        let huge = UserRecord(
            name: "trip_0f0e0d0c", type: .savedTrip,
            fields: ["name": "Long haul", "notes": String(repeating: "n", count: 1_200_000)],
            fieldTimes: ["name": Self.nowMs, "notes": Self.nowMs], device: "a", updatedMs: Self.nowMs)
        try store.writeUserRecord(huge)
        try store.queueUserRecord(huge.name)
        try store.editUserRecord("trip_small", type: .savedTrip, set: ["name": "Short"], device: "a", nowMs: Self.nowMs)
        for _ in 0..<2 {
            let sync = try await trips.run("sync")
            #expect(sync.status == 1, "\(sync.stdout)\(sync.stderr)")
            #expect((sync.stdout + sync.stderr).contains("'Long haul'"), "\(sync.stdout)\(sync.stderr)")
            #expect(!(sync.stdout + sync.stderr).contains("0f0e0d0c"), "\(sync.stdout)\(sync.stderr)")
        }
        #expect(try await UserDataSyncTests.cloudChecksum(cloud, token: token).hasPrefix("UserData 1 "))
        #expect(try store.pendingUserChanges() == 1)
    }
}
