import CloudKitClient
import CloudKitWeb
import CloudServerProcess
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Every user's private records live in the server's database, so it is the owner's alone;
/// admin tokens need not sit in argv (where `ps` shows them); a user's tokens can be revoked; and
/// the `development` and `production` environments are separate databases.
@Suite struct SecretsAndEnvironmentsTests {
    static func mode(_ path: String) -> mode_t? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return info.st_mode & 0o777
    }

    @Test func theDatabaseAndItsWALFilesAreReadableByTheOwnerOnly() async throws {
        let server = try await TestServer.start(games: 1)
        defer { server.close() }
        _ = try await server.process.addUser("ana")
        let path = server.process.databaseURL.path
        #expect(Self.mode(path) == 0o600)
        #expect(Self.mode(path + "-wal") == 0o600)
        #expect(Self.mode(path + "-shm") == 0o600)
    }

    @Test func anExistingDatabaseFileIsMadePrivateToo() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("db-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("cloud.sqlite").path
        #expect(FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o644]))
        let server = try await CloudServerProcess.start(database: URL(fileURLWithPath: path))
        defer { server.stop() }
        #expect(Self.mode(path) == 0o600)
    }

    @Test func adminTokensComeFromAFileOrTheEnvironment() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tokens-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("admin-token")
        try Data("s3cret-admin\n".utf8).write(to: file)
        let server = try await TestServer.start(games: 1, arguments: ["--admin-token-file", file.path])
        defer { server.close() }
        // The ready line does not echo a token the operator supplied (it would land in logs).
        #expect(server.process.adminToken.isEmpty, "the supplied admin token was echoed")
        let url = server.process.url.absoluteString

        let viaFile = try await server.process.run(["checksum", "--url", url, "--admin-token-file", file.path])
        #expect(viaFile.status == 0, "\(viaFile.stderr)")
        #expect(viaFile.stdout.hasPrefix("Game 1 "))
        let viaEnvironment = try await CloudServerProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["TRIPS_CLOUD_ADMIN_TOKEN=s3cret-admin", server.process.executable.path, "checksum", "--url", url])
        #expect(viaEnvironment.status == 0, "\(viaEnvironment.stderr)")
        #expect(viaEnvironment.stdout == viaFile.stdout)
        // The admin token reads the checksum; it does not write public records (no --admin-writes).
        let admin = try await server.process.run([
            "admin", "touch", "Game", "1", "--url", url, "--admin-token-file", file.path,
        ])
        #expect(admin.status == 1)
        #expect(admin.stderr.contains("the admin token writes only on a server started with --admin-writes"))
        let wrong = try await CloudServerProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["TRIPS_CLOUD_ADMIN_TOKEN=guess", server.process.executable.path, "checksum", "--url", url])
        #expect(wrong.status == 1)
        let missing = try await server.process.run([
            "checksum", "--url", url, "--admin-token-file", file.path + ".nope",
        ])
        #expect(missing.status != 0)
        #expect(missing.stderr.contains("admin-token.nope"))
    }

    /// Issue 37 item 8: a token on argv is in `ps` for every local user: refused by name, with the
    /// ways that work; a file, standard input (`-`) or the environment give it.
    @Test func tokensOnTheCommandLineAreRefusedAndAFileOrStandardInputGiveThem() async throws {
        let binary = try CloudServerProcess.locateExecutable()
        for arguments in [
            ["serve", "--no-data", "--api-token", "k1"], ["serve", "--no-data", "--admin-token", "a1"],
            ["checksum", "--url", "http://127.0.0.1:1", "--admin-token", "a1"],
            ["admin", "touch", "Game", "1", "--url", "http://127.0.0.1:1", "--api-token", "k1"],
            ["publish", "--league", "mlb", "--url", "http://127.0.0.1:1", "--api-token", "k1"],
        ] {
            let refused = try await CloudServerProcess.run(binary, arguments)
            let option = arguments[arguments.count - 2]
            #expect(refused.status == 2, "\(arguments): \(refused.stderr)")
            #expect(refused.stderr.contains("\(option) would show the"), "\(arguments): \(refused.stderr)")
            #expect(refused.stderr.contains("\(option)-file PATH or TRIPS_CLOUD_"), "\(refused.stderr)")
            #expect(!refused.stderr.contains("a1") && !refused.stderr.contains("k1"), "the token was echoed")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tokens-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("api-token")
        try Data("k1-from-a-file\n".utf8).write(to: file)
        let admin = folder.appendingPathComponent("admin-token")
        try Data("s3cret-admin".utf8).write(to: admin)
        let server = try await TestServer.start(
            games: 1, arguments: ["--api-token-file", file.path, "--admin-token-file", admin.path])
        defer { server.close() }
        #expect(server.process.apiToken == "k1-from-a-file")
        let viaStandardInput = try await CloudServerProcess.run(
            URL(fileURLWithPath: "/bin/sh"),
            ["-c", "printf s3cret-admin | '\(binary.path)' checksum --url \(server.process.url) --admin-token-file -"])
        #expect(viaStandardInput.status == 0, "\(viaStandardInput.stderr)")
        #expect(viaStandardInput.stdout.hasPrefix("Game 1 "))
        let twoLines = try await CloudServerProcess.run(
            URL(fileURLWithPath: "/bin/sh"),
            ["-c", "printf 'a\\nb' | '\(binary.path)' checksum --url \(server.process.url) --admin-token-file -"])
        #expect(twoLines.status == 1)
        #expect(twoLines.stderr.contains("a token is one line"), "\(twoLines.stderr)")
    }

    @Test func userRevokeInvalidatesEveryTokenOfThatUserOnly() async throws {
        let server = try await TestServer.start(games: 1)
        defer { server.close() }
        let ana1 = try await server.process.addUser("ana")
        let ana2 = try await server.process.addUser("ana")
        let bo = try await server.process.addUser("bo")
        #expect(try await server.database(.private, webAuthToken: ana1).currentUser().userRecordName.isEmpty == false)

        let revoke = try await server.process.run(["user", "revoke", "ana", "--db", server.process.databaseURL.path])

        #expect(revoke.status == 0, "\(revoke.stderr)")
        #expect(revoke.stdout.contains("2"))
        for token in [ana1, ana2] {
            await #expect { _ = try await server.database(.private, webAuthToken: token).currentUser() } throws: {
                code(of: $0) == .authenticationRequired
            }
        }
        #expect(try await server.database(.private, webAuthToken: bo).currentUser().userRecordName.isEmpty == false)
        let unknown = try await server.process.run([
            "user", "revoke", "nobody", "--db", server.process.databaseURL.path,
        ])
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("nobody"))
    }

    func database(_ server: TestServer, _ environment: String, _ scope: DatabaseScope = .public, token: String? = nil)
        -> CloudDatabase
    {
        var configuration = server.configuration
        configuration.environment = environment
        configuration.webAuthToken = token
        configuration.serverKey = server.process.serverKey
        return CloudDatabase(
            configuration: configuration, scope: scope, transport: URLSessionTransport(timeout: 10), retryPolicy: .never
        )
    }

    @Test func developmentAndProductionAreSeparateDatabases() async throws {
        let server = try await TestServer.start(games: 2)
        defer { server.close() }
        let development = database(server, "development")
        let production = database(server, "production")
        // Both start from the bundle.
        #expect(try await production.query(allGames).records.count == 2)
        let edit = RecordOperation(
            .forceUpdate, Record(recordName: "game_0000", recordType: "Game", fields: ["status": .string("final")]))
        #expect(try await development.modify([edit]).first?.value != nil)
        #expect(try await production.lookup(["game_0000"]).first?.value?["status"] == .string("scheduled"))
        #expect(try await development.lookup(["game_0000"]).first?.value?["status"] == .string("final"))
        let new = RecordOperation(.create, Record(recordName: "game_new", recordType: "Game", fields: [:]))
        #expect(try await production.modify([new]).first?.value != nil)
        #expect(try await development.lookup(["game_new"]).first?.error?.serverErrorCode == .notFound)

        // A user's private records too.
        let token = try await server.process.addUser("ana")
        let devPrivate = database(server, "development", .private, token: token)
        let prodPrivate = database(server, "production", .private, token: token)
        _ = try await devPrivate.modifyZones([.init(.create, ZoneID(zoneName: "UserData"))])
        #expect(try await devPrivate.listZones().map(\.zoneID.zoneName).contains("UserData"))
        #expect(try await !prodPrivate.listZones().map(\.zoneID.zoneName).contains("UserData"))

        await #expect { _ = try await database(server, "staging").query(allGames) } throws: {
            code(of: $0) == .notFound
        }
    }
}
