import CloudKitClient
import CloudKitWeb
import CloudServerProcess
import Foundation
import TestSupport
import Testing

@Suite struct PublicWriteTests {
    @Test func publicWritesWithoutTheAdminTokenAreDenied() async throws {
        let server = try await TestServer.start(games: 2)
        defer { server.close() }
        let operation = RecordOperation(
            .forceUpdate, Record(recordName: "game_0000", recordType: "Game", fields: ["status": .string("final")]))
        await #expect {
            _ = try await server.database().modify([operation])
        } throws: { error in
            code(of: error) == .accessDenied
                && (error as? CloudError).map { if case .server(_, 403) = $0 { true } else { false } } == true
        }
        let user = try await server.addUser("ana")
        await #expect { _ = try await server.database(webAuthToken: user).modify([operation]) } throws: {
            code(of: $0) == .accessDenied
        }
        let wrongAdmin = try await server.raw(
            "POST", server.path(.public, "records/modify"), query: server.apiQuery,
            headers: ["X-Trips-Admin-Token": "guess"],
            body: #"{"operations": []}"#)
        #expect(wrongAdmin.status == 403)
        #expect(try await server.database().lookup(["game_0000"]).first?.value?.recordChangeTag == "seed-0")
    }

    @Test func theAdminTokenWritesOnlyWhereAdminWritesAreOn() async throws {
        let operation = RecordOperation(
            .forceUpdate, Record(recordName: "game_0000", recordType: "Game", fields: ["status": .string("final")]))
        let strict = try await TestServer.start(games: 1)
        defer { strict.close() }
        var configuration = strict.configuration
        configuration.adminToken = strict.process.adminToken
        await #expect {
            _ = try await CloudDatabase(configuration: configuration, retryPolicy: .never).modify([operation])
        } throws: { error in
            code(of: error) == .accessDenied
                && (error as? CloudError)?.description.contains("--admin-writes") == true
        }
        let development = try await TestServer.start(games: 1, arguments: ["--admin-writes"])
        defer { development.close() }
        configuration = development.configuration
        configuration.adminToken = development.process.adminToken
        let saved = try await CloudDatabase(configuration: configuration, retryPolicy: .never).modify([operation])
        #expect(saved.first?.value?.modified?.userRecordName == "_trips_admin")
    }

    @Test func aPublishedWriteGetsAServerTimestampAndANewChangeTag() async throws {
        let server = try await TestServer.start(games: 2)
        defer { server.close() }
        let admin = server.database(publisher: true)
        let first = try #require(
            try await admin.modify([
                RecordOperation(
                    .forceUpdate,
                    Record(recordName: "game_0000", recordType: "Game", fields: ["status": .string("final")]))
            ]).first?.value)
        let second = try #require(
            try await admin.modify([
                RecordOperation(
                    .update,
                    Record(
                        recordName: "game_0000", recordType: "Game", recordChangeTag: first.recordChangeTag, fields: [:]
                    ))
            ]).first?.value)
        #expect(first.recordChangeTag != "seed-0")
        #expect(second.recordChangeTag != first.recordChangeTag)
        #expect(try #require(first.modified?.timestamp) > FixtureBundle.seededMs)
        #expect(try #require(second.modified?.timestamp) > first.modified!.timestamp)
        #expect(second["status"] == .string("final"))  // update merges: unsent fields stay
        #expect(second["sport"] == .string("mlb"))
    }

    @Test func theChecksumMatchesTheDatabaseFileAndTheRecords() async throws {
        let server = try await TestServer.start(games: 6)
        defer { server.close() }
        let endpoint = try await server.raw("GET", "/_admin/checksum", headers: server.adminHeaders)
        #expect(endpoint.status == 200)
        let expected = RecordChecksum.lines(
            try #require(server.fixture).records.map {
                RecordChecksum.Entry(
                    recordType: $0.recordType!, recordName: $0.recordName, changeTag: $0.recordChangeTag!)
            })
        #expect(endpoint.text == expected.map { $0 + "\n" }.joined())
        let fromFile = try await server.tool(["checksum", "--db", server.process.databaseURL.path])
        #expect(fromFile.status == 0)
        #expect(fromFile.stdout == endpoint.text)
        let viaURL = try await TestServer.tool(
            URL(fileURLWithPath: "/usr/bin/env"),
            [
                "TRIPS_CLOUD_ADMIN_TOKEN=\(server.process.adminToken)", server.process.executable.path, "checksum",
                "--url", server.process.url.absoluteString,
            ])
        #expect(viaURL.stdout == endpoint.text)
    }

    @Test func deprecatedAndDeletedRecordsLeaveTheChecksum() async throws {
        let server = try await TestServer.start(games: 6)
        defer { server.close() }
        let admin = server.database(publisher: true)
        _ = try await admin.modify([
            RecordOperation(
                .forceUpdate,
                Record(recordName: "game_0001", recordType: "Game", fields: ["deprecatedAt": .timestamp(1)])),
            RecordOperation(.forceDelete, Record(recordName: "game_0002", recordType: "Game")),
        ])
        let text = try await server.raw("GET", "/_admin/checksum", headers: server.adminHeaders).text
        #expect(text.split(separator: "\n").first?.hasPrefix("Game 4 ") == true)
        // A deleted record is gone from queries and lookups; a deprecated one is still served.
        let names = try await allRecords(server.database(), allGames).map(\.recordName)
        #expect(!names.contains("game_0002"))
        #expect(names.contains("game_0001"))
        #expect(try await server.database().lookup(["game_0002"]).first?.error?.serverErrorCode == .notFound)
    }

    @Test func theChecksumNeedsTheAdminToken() async throws {
        let server = try await TestServer.start(games: 1)
        defer { server.close() }
        #expect(try await server.raw("GET", "/_admin/checksum").status == 401)
        #expect(try await server.raw("GET", "/_admin/checksum", headers: ["X-Trips-Admin-Token": "nope"]).status == 403)
    }
}
