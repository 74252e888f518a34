import CloudKitClient
import CloudKitWeb
import Foundation
import TestSupport
import Testing

@Suite struct PrivateDatabaseTests {
    static let userData = ZoneID(zoneName: "UserData")

    func trip(_ name: String, tag: String? = nil, _ fields: [String: FieldValue]) -> Record {
        Record(recordName: name, recordType: "SavedTrip", recordChangeTag: tag, fields: fields)
    }

    /// A server with one user whose UserData zone exists.
    func userDatabase(_ server: TestServer, _ name: String = "ana") async throws -> CloudDatabase {
        let db = server.database(.private, webAuthToken: try await server.addUser(name))
        let created = try await db.modifyZones([.init(.create, Self.userData)])
        #expect(created.first?.value?.zoneID == Self.userData)
        return db
    }

    @Test func theConflictRoundTripFetchesMergesAndSaves() async throws {
        let server = try await TestServer.start(games: 0)
        defer { server.close() }
        let phone = try await userDatabase(server)
        let laptop = server.database(.private, webAuthToken: try await server.addUser("ana"))

        let created = try #require(
            try await phone.modify(
                [RecordOperation(.create, trip("t1", ["name": .string("Texas")]))], zone: Self.userData
            ).first?.value)
        // The laptop edits with the current tag: accepted, new tag.
        let laptopSave = try #require(
            try await laptop.modify(
                [RecordOperation(.update, trip("t1", tag: created.recordChangeTag, ["name": .string("Texas trip")]))],
                zone: Self.userData
            ).first?.value)
        #expect(laptopSave.recordChangeTag != created.recordChangeTag)
        // The phone still has the old tag: CONFLICT, nothing changed.
        let stale = try await phone.modify(
            [RecordOperation(.update, trip("t1", tag: created.recordChangeTag, ["notes": .string("bbq")]))],
            zone: Self.userData)
        #expect(stale.first?.error?.serverErrorCode == .conflict)
        // Fetch the server record, merge, retry with its tag.
        let server1 = try #require(try await phone.lookup(["t1"], zone: Self.userData).first?.value)
        #expect(server1["name"] == .string("Texas trip"))
        let merged = try #require(
            try await phone.modify(
                [RecordOperation(.update, trip("t1", tag: server1.recordChangeTag, ["notes": .string("bbq")]))],
                zone: Self.userData
            ).first?.value)
        #expect(merged["name"] == .string("Texas trip"))
        #expect(merged["notes"] == .string("bbq"))
    }

    @Test func createUpdateReplaceAndDeleteFollowTheChangeTagRules() async throws {
        let server = try await TestServer.start(games: 0)
        defer { server.close() }
        let db = try await userDatabase(server)
        func one(_ operation: RecordOperation) async throws -> ItemResult<Record> {
            try #require(try await db.modify([operation], zone: Self.userData).first)
        }
        let v1 = try #require(
            try await one(RecordOperation(.create, trip("t", ["a": .int64(1), "b": .int64(2)]))).value)
        #expect(try await one(RecordOperation(.create, trip("t", [:]))).error?.serverErrorCode == .exists)
        // An update without a change tag is a conflict.
        #expect(
            try await one(RecordOperation(.update, trip("t", ["a": .int64(9)]))).error?.serverErrorCode == .conflict)
        #expect(
            try await one(RecordOperation(.update, trip("missing", tag: "x", [:]))).error?.serverErrorCode == .notFound)
        let v2 = try #require(
            try await one(RecordOperation(.replace, trip("t", tag: v1.recordChangeTag, ["c": .int64(3)]))).value)
        #expect(v2.fields == ["c": .int64(3)])  // replace drops unsent fields
        let v3 = try #require(
            try await one(RecordOperation(.forceUpdate, trip("t", tag: "stale", ["d": .int64(4)]))).value)
        #expect(v3.fields == ["c": .int64(3), "d": .int64(4)])
        #expect(
            try await one(RecordOperation(.delete, trip("t", tag: v2.recordChangeTag, [:]))).error?.serverErrorCode
                == .conflict)
        let deleted = try #require(
            try await one(RecordOperation(.delete, trip("t", tag: v3.recordChangeTag, [:]))).value)
        #expect(deleted.deleted)
        #expect(try await db.lookup(["t"], zone: Self.userData).first?.error?.serverErrorCode == .notFound)
        #expect(
            try await one(RecordOperation(.forceReplace, trip("new", ["x": .string("y")]))).value?.recordName == "new")
        #expect(try await one(RecordOperation(.forceDelete, trip("never", [:]))).error?.serverErrorCode == .notFound)
    }

    @Test func anAtomicBatchFailsWhole() async throws {
        let server = try await TestServer.start(games: 0)
        defer { server.close() }
        let db = try await userDatabase(server)
        _ = try await db.modify([RecordOperation(.create, trip("exists", [:]))], zone: Self.userData)
        let batch = [
            RecordOperation(.create, trip("a", [:])), RecordOperation(.create, trip("exists", [:])),
            RecordOperation(.create, trip("b", [:])),
        ]
        let atomic = try await db.modify(batch, zone: Self.userData)
        #expect(atomic.map { $0.error?.serverErrorCode } == [.atomicError, .exists, .atomicError])
        #expect(
            try await db.lookup(["a", "b"], zone: Self.userData).allSatisfy { $0.error?.serverErrorCode == .notFound })
        let partial = try await db.modify(batch, zone: Self.userData, atomic: false)
        #expect(partial.map { $0.error?.serverErrorCode } == [nil, .exists, nil])
    }

    @Test func zoneChangesReturnEverythingThenOnlyWhatChanged() async throws {
        let server = try await TestServer.start(games: 0, pageLimit: 3)
        defer { server.close() }
        let db = try await userDatabase(server)
        let created = try await db.modify(
            (1...7).map { RecordOperation(.create, trip("t\($0)", ["n": .int64(Int64($0))])) }, zone: Self.userData)
        #expect(created.allSatisfy { $0.value != nil })

        let page = try await db.zoneChangesPage(Self.userData, syncToken: nil)
        #expect(page.moreComing)
        #expect(page.records.count == 3)
        let everything = try await db.zoneChanges(Self.userData, syncToken: nil)
        #expect(Set(everything.records.map(\.recordName)) == Set((1...7).map { "t\($0)" }))
        #expect(!everything.moreComing)

        let t2 = try #require(created[1].value)
        _ = try await db.modify(
            [
                RecordOperation(.update, trip("t2", tag: t2.recordChangeTag, ["n": .int64(20)])),
                RecordOperation(.forceDelete, trip("t5", [:])),
            ], zone: Self.userData)
        let delta = try await db.zoneChanges(Self.userData, syncToken: everything.syncToken)
        #expect(delta.records.map(\.recordName) == ["t2", "t5"])
        #expect(delta.records.map(\.deleted) == [false, true])
        #expect(delta.records[0]["n"] == .int64(20))
        let nothing = try await db.zoneChanges(Self.userData, syncToken: delta.syncToken)
        #expect(nothing.records.isEmpty)
    }

    @Test func anUnknownOrExpiredSyncTokenIsABadRequestNamingTheToken() async throws {
        let server = try await TestServer.start(games: 0)
        defer { server.close() }
        let db = try await userDatabase(server)
        let token = try await db.zoneChanges(Self.userData, syncToken: nil).syncToken
        await #expect { _ = try await db.zoneChanges(Self.userData, syncToken: "garbage") } throws: {
            code(of: $0) == .badRequest && "\($0)".contains("syncToken")
        }
        // Deleting and re-creating the zone expires old tokens.
        _ = try await db.modifyZones([.init(.delete, Self.userData)])
        _ = try await db.modifyZones([.init(.create, Self.userData)])
        await #expect { _ = try await db.zoneChanges(Self.userData, syncToken: token) } throws: {
            code(of: $0) == .badRequest
        }
    }

    @Test func missingZonesAreReported() async throws {
        let server = try await TestServer.start(games: 0)
        defer { server.close() }
        let db = server.database(.private, webAuthToken: try await server.addUser("ana"))
        await #expect {
            _ = try await db.modify([RecordOperation(.create, trip("x", [:]))], zone: Self.userData)
        } throws: {
            code(of: $0) == .zoneNotFound
        }
        await #expect { _ = try await db.zoneChanges(Self.userData, syncToken: nil) } throws: {
            code(of: $0) == .zoneNotFound
        }
        #expect(try await db.listZones().map(\.zoneID) == [.defaultZone])
        #expect(
            try await db.modifyZones([.init(.delete, Self.userData)]).first?.error?.serverErrorCode == .zoneNotFound)
    }

    @Test func usersAreIsolated() async throws {
        let server = try await TestServer.start(games: 0)
        defer { server.close() }
        let ana = try await userDatabase(server, "ana")
        let bo = try await userDatabase(server, "bo")
        _ = try await ana.modify(
            [RecordOperation(.create, trip("secret", ["name": .string("ana's trip")]))], zone: Self.userData)
        _ = try await bo.modify([RecordOperation(.create, trip("mine", [:]))], zone: Self.userData)

        #expect(try await bo.lookup(["secret"], zone: Self.userData).first?.error?.serverErrorCode == .notFound)
        #expect(
            try await allRecords(bo, Query(recordType: "SavedTrip"), zone: Self.userData).map(\.recordName) == ["mine"])
        #expect(try await bo.zoneChanges(Self.userData, syncToken: nil).records.map(\.recordName) == ["mine"])
        // Bo writing the same name creates Bo's own record; Ana's is untouched.
        _ = try await bo.modify(
            [RecordOperation(.forceReplace, trip("secret", ["name": .string("bo")]))], zone: Self.userData)
        #expect(try await ana.lookup(["secret"], zone: Self.userData).first?.value?["name"] == .string("ana's trip"))
        #expect(try await ana.currentUser().userRecordName != (try await bo.currentUser().userRecordName))
    }

    @Test func thePrivateDatabaseNeedsAValidWebAuthToken() async throws {
        let server = try await TestServer.start(games: 0)
        defer { server.close() }
        for token in [nil, "not-a-user"] {
            await #expect { _ = try await server.database(.private, webAuthToken: token).listZones() } throws: {
                error in
                guard case .server(let body, 421)? = error as? CloudError else { return false }
                return body.serverErrorCode == .authenticationRequired
                    && body.redirectURL?.hasPrefix("http://127.0.0.1:") == true
            }
        }
        await #expect { _ = try await server.database().currentUser() } throws: {
            code(of: $0) == .authenticationRequired
        }
        let publicDatabase = server.database(.public, webAuthToken: try await server.addUser("ana"))
        #expect(try await publicDatabase.currentUser().userRecordName.hasPrefix("_"))
    }

    @Test func thePublicDatabaseHasNoCustomZonesOrChangeTokens() async throws {
        let server = try await TestServer.start(games: 1)
        defer { server.close() }
        let admin = server.database(publisher: true)
        #expect(try await admin.listZones() == [Zone(zoneID: .defaultZone)])
        await #expect { _ = try await admin.modifyZones([.init(.create, Self.userData)]) } throws: {
            code(of: $0) == .badRequest
        }
        await #expect { _ = try await admin.zoneChanges(.defaultZone, syncToken: nil) } throws: {
            code(of: $0) == .badRequest
        }
    }
}

/// Every page of a query in a zone.
func allRecords(_ database: CloudDatabase, _ query: Query, zone: ZoneID) async throws -> [Record] {
    var records: [Record] = []
    for try await page in database.queryPages(query, zone: zone) { records += page.records }
    return records
}
