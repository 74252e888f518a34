import CloudKitClient
import CloudKitWeb
import Foundation
import TestSupport
import Testing
import TripsStore

@testable import TripsSync

/// Deletes against edits made elsewhere, against a real `trips-cloud` (issue 25 items 7 and 8):
/// the later of the two wins whichever device syncs first, and a delete is never dropped.
@Suite(.serialized) struct UserDataDeleteTests {
    typealias Device = UserDataSyncTests.Device

    static func twoDevices(_ cloud: LiveCloud) async throws -> (Device, Device, String) {
        let token = try await cloud.addUser("jo")
        return (try Device("a", cloud: cloud, token: token), try Device("b", cloud: cloud, token: token), token)
    }

    @Test func anOlderEditDoesNotResurrectANewerDelete() async throws {
        let cloud = try await LiveCloud.start()
        defer { cloud.stop() }
        let (a, b, token) = try await Self.twoDevices(cloud)
        try a.edit("trip_1", ["name": "T"], at: 1_000)
        await a.sync()
        await b.sync()
        try b.edit("trip_1", ["notes": "older"], at: 2_000)
        try a.store.deleteUserRecord("trip_1", device: "a", nowMs: 3_000)
        #expect(await a.sync().errors == [])
        #expect(await b.sync().errors == [])
        #expect(await a.sync().errors == [])
        #expect(try a.fields("trip_1") == nil)
        #expect(try b.fields("trip_1") == nil)
        #expect(try b.store.pendingUserChanges() == 0)
        #expect(try await UserDataSyncTests.cloudChecksum(cloud, token: token) == a.store.userDataChecksum())
        #expect(try a.store.userDataChecksum().hasPrefix("UserData 0 "))
    }

    @Test func aRemoteDeleteMeetingAnOlderPendingEditWins() async throws {
        let cloud = try await LiveCloud.start()
        defer { cloud.stop() }
        let (a, b, _) = try await Self.twoDevices(cloud)
        try a.edit("trip_1", ["name": "T"], at: 1_000)
        try a.edit("trip_2", ["name": "U"], at: 1_000)
        await a.sync()
        await b.sync()
        try a.store.deleteUserRecord("trip_1", device: "a", nowMs: 3_000)
        try a.store.deleteUserRecord("trip_2", device: "a", nowMs: 3_000)
        await a.sync()
        // B's edits are pending when the deletes arrive (made after its export, before its import).
        try b.edit("trip_1", ["notes": "older"], at: 2_000)
        try b.edit("trip_2", ["notes": "newer"], at: 4_000)
        var result = UserDataSyncResult()
        try await UserDataSync(store: b.store, database: b.database).importChanges(into: &result)
        #expect(try b.fields("trip_1") == nil)
        #expect(try b.fields("trip_2") == ["name": "U", "notes": "newer"])
        #expect(await b.sync().errors == [])
        #expect(await a.sync().errors == [])
        #expect(try a.fields("trip_1") == nil)
        #expect(try a.fields("trip_2") == ["name": "U", "notes": "newer"])
    }

    /// Found by UserDataChaosTests (seed 3365474617098723517): B deletes (2,000) and syncs, edits
    /// again (3,000) but its sync dies before the export; A, holding the record, deletes it later
    /// (4,000). A's sync met B's older tombstone and kept it, so B's edit, exported next, revived
    /// the record A deleted last.
    @Test func twoDeletesKeepTheLaterTimeSoAnEditBetweenThemStaysDeleted() async throws {
        let cloud = try await LiveCloud.start()
        defer { cloud.stop() }
        let (a, b, token) = try await Self.twoDevices(cloud)
        try a.edit("fav_1", ["teamId": "t"], at: 1_000, type: .favoriteTeam)
        await a.sync()
        await b.sync()
        try b.store.deleteUserRecord("fav_1", device: "b", nowMs: 2_000)
        #expect(await b.sync().errors == [])
        try b.edit("fav_1", ["teamId": "t"], at: 3_000, type: .favoriteTeam)
        try a.store.deleteUserRecord("fav_1", device: "a", nowMs: 4_000)
        #expect(await a.sync().errors == [])
        #expect(try a.store.userRecord(named: "fav_1")?.deletedMs == 4_000)
        #expect(await b.sync().errors == [])
        #expect(await a.sync().errors == [])
        #expect(try a.fields("fav_1") == nil)
        #expect(try b.fields("fav_1") == nil)
        #expect(try b.store.pendingUserChanges() == 0)
        #expect(try await UserDataSyncTests.cloudChecksum(cloud, token: token) == a.store.userDataChecksum())
    }

    @Test func aDeleteIsSentWhenTheCreatesAnswerWasLost() async throws {
        let cloud = try await LiveCloud.start()
        defer { cloud.stop() }
        let (a, b, token) = try await Self.twoDevices(cloud)
        await a.sync()
        try a.edit("visited_x", ["stadiumId": "x"], at: 1_000, type: .visitedVenue)
        // The server saves the create, but the device never hears back.
        try await cloud.setFaults(#"{"dropRate": 1.0, "operations": ["records/modify"]}"#)
        #expect(await a.sync().errors != [])
        try await cloud.setFaults(nil)
        #expect(await b.sync().errors == [])
        #expect(try b.fields("visited_x") == ["stadiumId": "x"], "the server did not save the create")
        try a.store.deleteUserRecord("visited_x", device: "a", nowMs: 2_000)
        #expect(await a.sync().errors == [])
        #expect(await b.sync().errors == [])
        #expect(try a.fields("visited_x") == nil)
        #expect(try b.fields("visited_x") == nil)
        #expect(try await UserDataSyncTests.cloudChecksum(cloud, token: token).hasPrefix("UserData 0 "))
    }
}
