import CloudKitClient
import CloudKitWeb
import Foundation
import TestSupport
import Testing
import TripsStore

@testable import TripsSync

/// A device whose clock runs far ahead (issue 25 item 14): its edits are dated no later than the
/// server received them, so an edit made later elsewhere still wins.
@Suite(.serialized) struct UserDataClockTests {
    typealias Device = UserDataSyncTests.Device

    static var nowMs: Int64 { Int64((Date().timeIntervalSince1970 * 1000).rounded()) }
    static let year: Int64 = 365 * 86_400_000

    @Test func aClockAYearAheadDoesNotWinEditsMadeLaterElsewhere() async throws {
        let cloud = try await LiveCloud.start()
        defer { cloud.stop() }
        let token = try await cloud.addUser("jo")
        let ahead = try Device("ahead", cloud: cloud, token: token)
        let right = try Device("right", cloud: cloud, token: token)
        try ahead.edit("trip_1", ["name": "T"], at: Self.nowMs + Self.year)
        try ahead.edit("trip_2", ["name": "U"], at: Self.nowMs + Self.year)
        #expect(await ahead.sync().errors == [])
        #expect(await right.sync().errors == [])
        // Each edited on both before either hears of the other's edit; `right` edits later.
        try ahead.edit("trip_1", ["notes": "from the future"], at: Self.nowMs + Self.year + 1)
        try ahead.store.deleteUserRecord("trip_2", device: "ahead", nowMs: Self.nowMs + Self.year + 1)
        #expect(await ahead.sync().errors == [])
        try right.edit("trip_1", ["notes": "made later"], at: Self.nowMs + 1_000)
        try right.edit("trip_2", ["notes": "kept after the delete"], at: Self.nowMs + 1_000)
        #expect(await right.sync().errors == [])
        #expect(await ahead.sync().errors == [])
        #expect(try ahead.fields("trip_1") == ["name": "T", "notes": "made later"])
        #expect(try right.fields("trip_1") == ["name": "T", "notes": "made later"])
        #expect(try ahead.fields("trip_2") == ["name": "U", "notes": "kept after the delete"])
        // Between its own edits, the device's clock still orders them.
        try ahead.edit("trip_1", ["notes": "ahead again"], at: Self.nowMs + Self.year + 2)
        #expect(await ahead.sync().errors == [])
        #expect(await right.sync().errors == [])
        #expect(try right.fields("trip_1")?["notes"] == "ahead again")
        #expect(try await UserDataSyncTests.cloudChecksum(cloud, token: token) == right.store.userDataChecksum())
        #expect(try ahead.store.userDataChecksum() == right.store.userDataChecksum())
    }

    /// Issue 37 item 5: a device whose clock is an hour (or a year) ahead edits offline; another
    /// device edits the same field later and reaches the cloud first. The later edit wins on both:
    /// the device dates its edits in the cloud's time, measured at its earlier export.
    @Test(arguments: [3_600_000, UserDataClockTests.year])
    func anOlderOfflineEditOfADeviceAheadLosesToANewerOneThatReachedTheCloudFirst(aheadMs: Int64) async throws {
        let cloud = try await LiveCloud.start()
        defer { cloud.stop() }
        let token = try await cloud.addUser("jo")
        let ahead = try Device("ahead", cloud: cloud, token: token, clockAheadMs: aheadMs)
        let right = try Device("right", cloud: cloud, token: token)
        try ahead.edit("trip_1", ["name": "T", "notes": "first"], at: Self.nowMs + aheadMs)
        #expect(await ahead.sync().errors == [])
        #expect(await right.sync().errors == [])
        let skew = try ahead.store.userClockSkewMs()
        #expect(abs(skew + aheadMs) < CanonicalStore.clockSkewNoiseMs, "measured \(skew)")

        // Offline on `ahead`, by its clock an hour (a year) later than anything else.
        try ahead.edit("trip_1", ["notes": "older, made offline"], at: Self.nowMs + aheadMs)
        try right.edit("trip_1", ["notes": "newer, synced first"], at: Self.nowMs + 1_000)
        #expect(await right.sync().errors == [])
        #expect(await ahead.sync().errors == [])
        #expect(await right.sync().errors == [])
        #expect(try ahead.fields("trip_1") == ["name": "T", "notes": "newer, synced first"])
        #expect(try right.fields("trip_1") == ["name": "T", "notes": "newer, synced first"])

        // A later edit on `ahead` still wins: its own order holds, in the cloud's time.
        try ahead.edit("trip_1", ["notes": "later still"], at: Self.nowMs + aheadMs + 60_000)
        #expect(await ahead.sync().errors == [])
        #expect(await right.sync().errors == [])
        #expect(try right.fields("trip_1")?["notes"] == "later still")
        #expect(try ahead.store.userDataChecksum() == right.store.userDataChecksum())
    }
}
