import CloudKitClient
import CloudKitWeb
import Foundation
import TestSupport
import Testing
import TripsStore

@testable import TripsSync

/// Two stores as two devices of one user against a real `trips-cloud` (issue 12).
@Suite(.serialized) struct UserDataSyncTests {
    /// One device: its own store, the user's token, a fast-retrying client.
    struct Device {
        let name: String
        let store: CanonicalStore
        let database: CloudDatabase
        /// How far this device's clock runs ahead of the real time.
        let clockAheadMs: Int64

        init(
            _ name: String, cloud: LiveCloud, token: String, retryPolicy: RetryPolicy = LiveCloud.fastRetries,
            clockAheadMs: Int64 = 0
        ) throws {
            self.name = name
            self.clockAheadMs = clockAheadMs
            store = try CanonicalStore(location: .memory)
            var configuration = cloud.configuration
            configuration.webAuthToken = token
            database = CloudDatabase(configuration: configuration, scope: .private, retryPolicy: retryPolicy)
        }

        @discardableResult
        func sync() async -> UserDataSyncResult {
            let ahead = Double(clockAheadMs) / 1000
            return await UserDataSync(store: store, database: database, now: { Date() + ahead }).run()
        }

        func edit(_ record: String, _ fields: [String: String], at ms: Int64, type: UserRecordType = .savedTrip)
            throws
        {
            try store.editUserRecord(record, type: type, set: fields, device: name, nowMs: ms)
        }

        func fields(_ record: String) throws -> [String: String]? {
            try store.userRecord(named: record).flatMap { $0.isDeleted ? nil : $0.fields }
        }
    }

    /// The `records/modify` requests the cloud has logged.
    static func modifies(_ cloud: LiveCloud) -> Int {
        cloud.server.log.split(separator: "\n").filter { $0.contains("/records/modify") }.count
    }

    /// The cloud's user data as a fresh device reads it (`changes/zone` from the beginning).
    static func cloudChecksum(_ cloud: LiveCloud, token: String) async throws -> String {
        var configuration = cloud.configuration
        configuration.webAuthToken = token
        let database = CloudDatabase(configuration: configuration, scope: .private, retryPolicy: LiveCloud.fastRetries)
        let changes = try await database.zoneChanges(UserDataSync.zone, syncToken: nil)
        return UserDataChecksum.line(changes.records.compactMap(UserRecord.init(wire:)))
    }

    @Test func aTripSavedOnOneDeviceAppearsOnTheOther() async throws {
        let cloud = try await LiveCloud.start()
        defer { cloud.stop() }
        let token = try await cloud.addUser("jo")
        let a = try Device("laptop-jo", cloud: cloud, token: token)
        let b = try Device("desk-jo", cloud: cloud, token: token)
        try a.edit("trip_1", ["name": "Texas swing", "notes": "bring sunscreen"], at: 1_000)
        #expect(try a.store.pendingUserChanges() == 1)
        let exported = await a.sync()
        #expect(exported.errors == [])
        #expect(exported.exported == 1)
        #expect(try a.store.pendingUserChanges() == 0)
        let imported = await b.sync()
        #expect(imported.errors == [])
        #expect(try b.fields("trip_1") == ["name": "Texas swing", "notes": "bring sunscreen"])
        #expect(try b.store.userRecord(named: "trip_1")?.device == "laptop-jo")
        #expect(try a.store.userDataChecksum() == b.store.userDataChecksum())
        #expect(try await Self.cloudChecksum(cloud, token: token) == a.store.userDataChecksum())
    }

    @Test func editsOfDifferentFieldsMergeAndTheNewerEditOfOneFieldWins() async throws {
        let cloud = try await LiveCloud.start()
        defer { cloud.stop() }
        let token = try await cloud.addUser("jo")
        let a = try Device("a", cloud: cloud, token: token)
        let b = try Device("b", cloud: cloud, token: token)
        try a.edit("trip_1", ["name": "Swing", "notes": "n0"], at: 1_000)
        await a.sync()
        await b.sync()
        // Different fields: both survive.
        try a.edit("trip_1", ["name": "Texas swing"], at: 2_000)
        try b.edit("trip_1", ["notes": "tickets bought"], at: 2_100)
        await a.sync()
        let merged = await b.sync()
        #expect(merged.conflicts >= 1)
        await a.sync()
        #expect(try a.fields("trip_1") == ["name": "Texas swing", "notes": "tickets bought"])
        #expect(try b.fields("trip_1") == ["name": "Texas swing", "notes": "tickets bought"])
        // The same field: the newer edit wins on both, whichever device exports first.
        try a.edit("trip_1", ["notes": "newer on A"], at: 5_000)
        try b.edit("trip_1", ["notes": "older on B"], at: 4_000)
        await a.sync()
        await b.sync()
        await a.sync()
        #expect(try a.fields("trip_1")?["notes"] == "newer on A")
        #expect(try b.fields("trip_1")?["notes"] == "newer on A")
        try a.edit("trip_1", ["name": "older on A"], at: 6_000)
        try b.edit("trip_1", ["name": "newer on B"], at: 7_000)
        await a.sync()
        await b.sync()
        await a.sync()
        #expect(try a.fields("trip_1")?["name"] == "newer on B")
        #expect(try b.fields("trip_1")?["name"] == "newer on B")
        #expect(try await Self.cloudChecksum(cloud, token: token) == b.store.userDataChecksum())
    }

    @Test func aDeleteAgainstANewerEditKeepsTheEditOnBoth() async throws {
        let cloud = try await LiveCloud.start()
        defer { cloud.stop() }
        let token = try await cloud.addUser("jo")
        let a = try Device("a", cloud: cloud, token: token)
        let b = try Device("b", cloud: cloud, token: token)
        try a.edit("trip_1", ["name": "Swing"], at: 1_000)
        try a.edit("trip_2", ["name": "Other"], at: 1_000)
        await a.sync()
        await b.sync()
        // Delete exported first, edit later.
        try a.store.deleteUserRecord("trip_1", device: "a", nowMs: 2_000)
        try b.edit("trip_1", ["notes": "still going"], at: 3_000)
        await a.sync()
        await b.sync()
        await a.sync()
        #expect(try a.fields("trip_1") == ["name": "Swing", "notes": "still going"])
        #expect(try b.fields("trip_1") == ["name": "Swing", "notes": "still going"])
        // Edit exported first, delete (older) later.
        try b.edit("trip_2", ["notes": "edited"], at: 5_000)
        try a.store.deleteUserRecord("trip_2", device: "a", nowMs: 4_000)
        await b.sync()
        await a.sync()
        await b.sync()
        #expect(try a.fields("trip_2") == ["name": "Other", "notes": "edited"])
        #expect(try b.fields("trip_2") == ["name": "Other", "notes": "edited"])
        // A delete with nothing against it goes everywhere.
        try a.store.deleteUserRecord("trip_2", device: "a", nowMs: 9_000)
        await a.sync()
        await b.sync()
        #expect(try b.fields("trip_2") == nil)
        // Only its tombstone stays (as in the cloud): no fields, nothing pending.
        #expect(try b.store.userRecord(named: "trip_2")?.fields == [:])
        #expect(try b.store.pendingUserChanges() == 0)
        #expect(try await Self.cloudChecksum(cloud, token: token) == b.store.userDataChecksum())
        #expect(try a.store.userDataChecksum() == b.store.userDataChecksum())
    }

    @Test func editsMadeWhileTheCloudIsDownAreExportedLater() async throws {
        let cloud = try await LiveCloud.start()
        defer { cloud.stop() }
        let token = try await cloud.addUser("jo")
        let a = try Device("a", cloud: cloud, token: token, retryPolicy: .never)
        let b = try Device("b", cloud: cloud, token: token)
        try await cloud.setFaults(#"{"errorRate": 1.0, "errorCode": "TRY_AGAIN_LATER"}"#)
        try a.edit("fav_team_mlb_hou", ["teamId": "team_mlb_hou"], at: 1_000, type: .favoriteTeam)
        let failed = await a.sync()
        #expect(!failed.errors.isEmpty)
        #expect(try a.store.pendingUserChanges() == 1)
        try await cloud.setFaults(nil)
        let later = await a.sync()
        #expect(later.errors == [])
        #expect(try a.store.pendingUserChanges() == 0)
        await b.sync()
        #expect(try b.fields("fav_team_mlb_hou") == ["teamId": "team_mlb_hou"])
    }

    @Test func anExportWhoseAnswerWasLostIsNeitherDuplicatedNorLost() async throws {
        let cloud = try await LiveCloud.start()
        defer { cloud.stop() }
        let token = try await cloud.addUser("jo")
        let a = try Device("a", cloud: cloud, token: token)
        await a.sync()
        try a.edit("trip_1", ["name": "Swing"], at: 1_000)
        try a.edit("trip_2", ["name": "Loop"], at: 1_000)
        // The server applies the writes but the device never hears back (as if killed mid-export):
        // send them by hand, without recording the answer.
        let records = try a.store.userRecords().map { RecordOperation(.create, $0.wireRecord) }
        _ = try await a.database.modify(records, zone: UserDataSync.zone, atomic: false)
        #expect(try a.store.pendingUserChanges() == 2)
        let retried = await a.sync()
        #expect(retried.errors == [])
        #expect(try a.store.pendingUserChanges() == 0)
        let changes = try await a.database.zoneChanges(UserDataSync.zone, syncToken: nil)
        #expect(changes.records.map(\.recordName).sorted() == ["trip_1", "trip_2"])
        #expect(try await Self.cloudChecksum(cloud, token: token) == a.store.userDataChecksum())
    }

    /// Large records go out in several requests, none over the cloud's request limit
    /// (`ProtocolLimits.requestBytes`, 413 beyond): six trips of 450 KB, and two of 900 KB
    /// whose slashes double on the wire ("\/"), where 200 records would have gone in one request.
    @Test func largeRecordsAreExportedInRequestsWithinTheCloudsLimit() async throws {
        let cloud = try await LiveCloud.start()
        defer { cloud.stop() }
        let token = try await cloud.addUser("jo")
        let a = try Device("a", cloud: cloud, token: token)
        let b = try Device("b", cloud: cloud, token: token)
        for index in 0..<6 {
            try a.edit(
                "trip_\(index)", ["name": "Trip \(index)", "notes": String(repeating: "n", count: 450_000)], at: 1_000)
        }
        for index in 6..<8 {
            try a.edit(
                "trip_\(index)", ["name": "Trip \(index)", "notes": String(repeating: "/", count: 900_000)], at: 1_000)
        }
        let before = Self.modifies(cloud)
        let exported = await a.sync()
        #expect(exported.errors == [])
        #expect(exported.exported == 8)
        #expect(!cloud.server.log.contains(" 413 "))
        // Two of 450 KB fit in one request's 1 MB of records; a 900 KB one goes alone.
        #expect(Self.modifies(cloud) - before == 5)
        let imported = await b.sync()
        #expect(imported.errors == [])
        #expect(try b.store.userDataChecksum() == a.store.userDataChecksum())
    }

    @Test func anotherUserCanNeitherReadNorOverwrite() async throws {
        let cloud = try await LiveCloud.start()
        defer { cloud.stop() }
        let jo = try Device("a", cloud: cloud, token: try await cloud.addUser("jo"))
        let sam = try Device("b", cloud: cloud, token: try await cloud.addUser("sam"))
        try jo.edit("trip_1", ["name": "Jo's trip"], at: 1_000)
        await jo.sync()
        #expect(await sam.sync().errors == [])
        #expect(try sam.store.userRecords().isEmpty)
        let lookedUp = try await sam.database.lookup(["trip_1"], zone: UserDataSync.zone)
        #expect(lookedUp.first?.value == nil)
        let tag = try jo.store.userRecord(named: "trip_1")?.changeTag
        var overwrite = try #require(try jo.store.userRecord(named: "trip_1")).wireRecord
        overwrite.fields["name"] = .string("Sam's now")
        overwrite.recordChangeTag = tag
        _ = try await sam.database.modify(
            [RecordOperation(.forceReplace, overwrite), RecordOperation(.delete, overwrite)],
            zone: UserDataSync.zone, atomic: false)
        let query = try await sam.database.query(Query(recordType: "SavedTrip"), zone: UserDataSync.zone)
        #expect(query.records.allSatisfy { $0.fields["name"]?.stringValue == "Sam's now" })
        await jo.sync()
        #expect(try jo.fields("trip_1") == ["name": "Jo's trip"])
        #expect(
            try await Self.cloudChecksum(cloud, token: try await cloud.addUser("jo")) == jo.store.userDataChecksum())
    }

    @Test func randomisedEditsWithFaultsConverge() async throws {
        let cloud = try await LiveCloud.start()
        defer { cloud.stop() }
        let token = try await cloud.addUser("jo")
        let devices = [try Device("a", cloud: cloud, token: token), try Device("b", cloud: cloud, token: token)]
        let seed = TestSeed.draw()
        var random = SeededGenerator(seed: seed)
        try await cloud.setFaults(#"{"errorRate": 0.15, "throttleEvery": 7, "retryAfter": 0, "truncateRate": 0.1}"#)
        var clock: Int64 = 1_000
        for _ in 0..<100 {
            for device in devices {
                for _ in 0..<Int.random(in: 0...3, using: &random) {
                    clock += Int64.random(in: 0...3, using: &random)
                    let record = "trip_\(Int.random(in: 1...6, using: &random))"
                    if Int.random(in: 0..<5, using: &random) == 0 {
                        try device.store.deleteUserRecord(record, device: device.name, nowMs: clock)
                    } else {
                        let field = ["name", "notes", "request"].randomElement(using: &random)!
                        try device.edit(record, [field: "\(device.name)-\(clock)"], at: clock)
                    }
                }
                if Bool.random(using: &random) { await device.sync() }
            }
        }
        let injected = try await cloud.injectedFaults()
        #expect(injected.values.reduce(0, +) > 10, "faults injected: \(injected)")
        try await cloud.setFaults(nil)
        for device in devices + devices { #expect(await device.sync().errors == [], "seed \(seed)") }
        let server = try await Self.cloudChecksum(cloud, token: token)
        #expect(try devices[0].store.userDataChecksum() == server, "seed \(seed)")
        #expect(try devices[1].store.userDataChecksum() == server, "seed \(seed)")
        #expect(try devices[0].store.pendingUserChanges() == 0)
        #expect(!server.hasPrefix("UserData 0 "))
    }

    @Test func killedDuringExportNothingIsDuplicatedOrLost() async throws {
        let cloud = try await LiveCloud.start()
        defer { cloud.stop() }
        let token = try await cloud.addUser("jo")
        var trips = try TripsBinary(cloud: cloud)
        defer { trips.cleanUp() }
        trips.environment["TRIPS_CLOUD_WEB_AUTH_TOKEN"] = token
        #expect(try await trips.run("sync", "--quiet").status == 0)
        let store = try CanonicalStore(location: .file(trips.storePath))
        for i in 0..<600 {
            try store.editUserRecord(
                "trip_\(i)", type: .savedTrip, set: ["name": "Trip \(i)", "notes": "n\(i)"], device: "a", nowMs: 1_000)
        }
        // Slow writes so the kill lands after the first batch and before the last.
        try await cloud.setFaults(#"{"latencyMs": 150, "operations": ["records/modify"]}"#)
        let before = Self.modifies(cloud)
        let running = try trips.start(["sync", "--quiet"])
        _ = try await running.poll("the cloud answering two records/modify of the sync") { isRunning in
            Self.modifies(cloud) >= before + 2 || !isRunning ? true : nil
        }
        running.kill()
        #expect(try await running.exit().killedBySignal, "the sync ended before it was killed")
        let exported = try 600 - store.pendingUserChanges()
        #expect(exported < 600, "everything was exported before the kill")
        try await cloud.setFaults(nil)
        let clean = try await trips.run("sync", "--quiet")
        #expect(clean.status == 0, "\(clean.stderr)")
        #expect(try store.pendingUserChanges() == 0)
        let server = try await Self.cloudChecksum(cloud, token: token)
        #expect(server.hasPrefix("UserData 600 "))
        #expect(try store.userDataChecksum() == server)
    }
}
