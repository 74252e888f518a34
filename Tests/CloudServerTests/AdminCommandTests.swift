import CloudKitClient
import CloudKitWeb
import CloudServer
import CloudServerProcess
import Foundation
import TestSupport
import Testing

/// `trips-cloud admin …` run as a process, against a running server (`--url`) and against its
/// database file (`--db`), both through the normal write path.
@Suite struct AdminCommandTests {
    func lookup(_ server: TestServer, _ name: String) async throws -> Record {
        try #require(try await server.database().lookup([name]).first?.value)
    }

    @Test func postponeMovesTheGameAndKeepsItScheduled() async throws {
        let server = try await TestServer.start(games: 3)
        defer { server.close() }
        let result = try await server.admin(["postpone", "game_0001", "--to", "2026-07-04T23:05:00Z"])
        #expect(result.status == 0, "\(result.stderr)")
        let game = try await lookup(server, "game_0001")
        #expect(game["startTime"] == .timestamp(1_783_206_300_000))
        #expect(game["status"] == .string("scheduled"))
        #expect(game.recordChangeTag != "seed-1")
        #expect(try #require(game.modified?.timestamp) > FixtureBundle.seededMs)
    }

    @Test func postponeRefusesAFinalGameAndUnknownIDs() async throws {
        let server = try await TestServer.start(games: 3)
        defer { server.close() }
        _ = try await server.database(publisher: true).modify(
            [
                RecordOperation(
                    .forceUpdate,
                    Record(recordName: "game_0002", recordType: "Game", fields: ["status": .string("final")]))
            ])
        let final = try await server.admin(["postpone", "game_0002", "--to", "2026-07-04T23:05:00Z"])
        #expect(final.status == 1)
        #expect(final.stderr.contains("final"))
        let unknown = try await server.admin(["postpone", "game_9999", "--to", "2026-07-04T23:05:00Z"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("no record game_9999"))
        let badDate = try await server.admin(["postpone", "game_0001", "--to", "next tuesday"])
        #expect(badDate.status == 2)
    }

    @Test func renameStadiumKeepsTheOldNameAsAnAlias() async throws {
        let server = try await TestServer.start(games: 1)
        defer { server.close() }
        // Against the database file while the server runs: same SQLite file, same write path.
        let result = try await server.tool([
            "admin", "rename-stadium", "stadium_daikin_park", "Astros Field", "--db", server.process.databaseURL.path,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try await lookup(server, "stadium_daikin_park")["name"] == .string("Astros Field"))
        let alias = try await lookup(server, "sa_daikin_park")
        #expect(alias.recordType == "StadiumAlias")
        #expect(alias["stadiumId"] == .string("stadium_daikin_park"))
        #expect(alias["value"] == .string("Daikin Park"))
        #expect(alias["validUntil"]?.int64Value != nil)
        #expect(alias["schemaVersion"] == .int64(1))
    }

    @Test func deprecateSetsDeprecatedAtAndLeavesTheChecksum() async throws {
        let server = try await TestServer.start(games: 4)
        defer { server.close() }
        let result = try await server.admin(["deprecate", "game_0003", "--reason", "cancelled"])
        #expect(result.status == 0, "\(result.stderr)")
        let game = try await lookup(server, "game_0003")
        #expect(game["deprecatedAt"]?.int64Value != nil)
        #expect(game["deprecationReason"] == .string("cancelled"))
        let checksum = try await server.tool(["checksum", "--db", server.process.databaseURL.path]).stdout
        #expect(checksum.hasPrefix("Game 3 "))
    }

    @Test func touchResavesExactlyNRecords() async throws {
        let server = try await TestServer.start(games: 12, pageLimit: 4)
        defer { server.close() }
        let result = try await server.admin(["touch", "Game", "6"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("touched 6 Game records"))
        let games = try await allRecords(server.database(), allGames)
        let changed = games.filter { $0.recordChangeTag?.hasPrefix("seed-") == false }
        #expect(changed.map(\.recordName).sorted() == (0..<6).map { String(format: "game_%04d", $0) })
        #expect(changed.allSatisfy { $0["homeTeamId"] != nil })  // fields unchanged
    }

    @Test func addGamesCreatesNewGamesOnce() async throws {
        let server = try await TestServer.start(games: 2)
        defer { server.close() }
        let file = server.process.directory.appendingPathComponent("new-games.json")
        let games = [
            Record(
                recordName: "game_new_1", recordType: "Game", recordChangeTag: "ignored",
                fields: ["sport": .string("nba")]),
            Record(recordName: "game_0000", recordType: "Game", fields: ["sport": .string("mlb")]),
        ]
        try JSONEncoder().encode(RecordList(records: games)).write(to: file)
        let first = try await server.admin(["add-games", file.path])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("added 1 games, 1 already existed"))
        let added = try await lookup(server, "game_new_1")
        #expect(added["sport"] == .string("nba"))
        #expect(added.recordChangeTag != "ignored")
        let again = try await server.admin(["add-games", file.path])
        #expect(again.stdout.contains("added 0 games, 2 already existed"))

        try JSONEncoder().encode(RecordList(records: [Record(recordName: "team_x", recordType: "Team")])).write(
            to: file)
        let wrong = try await server.admin(["add-games", file.path])
        #expect(wrong.status == 1)
        #expect(wrong.stderr.contains("not a Game"))
    }

    @Test func touchRefusesAnUnknownRecordTypeAndSuggestsTheRightCase() async throws {
        let server = try await TestServer.start(games: 2)
        defer { server.close() }
        let bogus = try await server.admin(["touch", "Bogus", "5"])
        #expect(bogus.status == 2)
        #expect(bogus.stderr.contains("unknown record type Bogus"))
        #expect(!bogus.stdout.contains("touched"))
        let lower = try await server.admin(["touch", "game", "1"])
        #expect(lower.status == 2)
        #expect(lower.stderr.contains("did you mean Game?"))
    }

    @Test func postponeRefusesTwoGamesInOneVenueWithinThreeHoursUnlessForced() async throws {
        let server = try await TestServer.start(games: 3)
        defer { server.close() }
        // game_0000 and game_0001 in one venue, game_0001 starting 19:00Z on July 4.
        let venue: FieldValue = .string("stadium_daikin_park")
        _ = try await server.database(publisher: true).modify([
            RecordOperation(
                .forceUpdate, Record(recordName: "game_0000", recordType: "Game", fields: ["stadiumId": venue])),
            RecordOperation(
                .forceUpdate,
                Record(
                    recordName: "game_0001", recordType: "Game",
                    fields: ["stadiumId": venue, "startTime": .timestamp(1_783_191_600_000)])),
        ])
        let clash = try await server.admin(["postpone", "game_0000", "--to", "2026-07-04T21:00:00Z"])
        #expect(clash.status == 1)
        #expect(clash.stderr.contains("game_0001 is at the same venue 120 min"))
        #expect(try await lookup(server, "game_0000")["startTime"] != .timestamp(1_783_198_800_000))
        let apart = try await server.admin(["postpone", "game_0000", "--to", "2026-07-04T23:00:00Z"])
        #expect(apart.status == 0, "\(apart.stderr)")
        let forced = try await server.admin(["postpone", "game_0000", "--to", "2026-07-04T21:00:00Z", "--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try await lookup(server, "game_0000")["startTime"] == .timestamp(1_783_198_800_000))
    }

    @Test func usageErrorsAreOneLineWithAHelpPointer() async throws {
        let server = try await TestServer.start(games: 1)
        defer { server.close() }
        let result = try await server.tool(["admin", "postpone", "game_0000", "--bogus"])
        #expect(result.status == 2)
        let lines = result.stderr.split(separator: "\n")
        #expect(
            lines == [
                "trips-cloud: unknown option '--bogus'",
                "Usage: trips-cloud admin postpone GAME_ID --to ISO8601 [--force]",
                "see trips-cloud --help",
            ])
        let help = try await server.tool(["admin", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("admin postpone GAME_ID"))
    }

    @Test func adminCommandsThroughAServerAreSignedByARegisteredKey() async throws {
        let server = try await TestServer.start(games: 1)
        defer { server.close() }
        let url = server.process.url.absoluteString
        let stranger = try await server.makeKey("stranger", register: false)
        let unsigned = try await server.tool([
            "admin", "deprecate", "game_0000", "--url", url, "--key-id", stranger.key.keyID, "--private-key",
            stranger.privateKey.path,
        ])
        #expect(unsigned.status == 1)
        #expect(
            unsigned.stderr.contains("the request signature does not match a registered key"),
            "\(unsigned.stderr)")
        #expect(!unsigned.stderr.contains("BEGIN"))
        let half = try await server.tool(["admin", "deprecate", "game_0000", "--url", url, "--key-id", "x"])
        #expect(half.status == 2)
        #expect(half.stderr.contains("give --key-id and --private-key together"))
        let none = try await server.tool(["admin", "deprecate", "game_0000", "--url", url])
        #expect(none.status == 2)
        #expect(none.stderr.contains("--url needs --key-id ID --private-key PATH"))
        #expect(try await lookup(server, "game_0000")["deprecatedAt"] == nil)
        // The key CloudServerProcess registered signs what `admin` sends.
        let signed = try await server.admin(["deprecate", "game_0000"])
        #expect(signed.status == 0, "\(signed.stderr)")
        #expect(try await lookup(server, "game_0000")["deprecatedAt"] != nil)
    }

    @Test func adminCommandsNeedAValidAdminToken() async throws {
        let server = try await TestServer.start(games: 1)
        defer { server.close() }
        let result = try await TestServer.tool(
            URL(fileURLWithPath: "/usr/bin/env"),
            [
                "TRIPS_CLOUD_ADMIN_TOKEN=wrong", server.process.executable.path, "admin", "deprecate", "game_0000",
                "--url", server.process.url.absoluteString,
            ])
        #expect(result.status == 1)
        #expect(result.stderr.contains("admin token is not valid"), "\(result.stderr)")
        #expect(!result.stderr.contains("ckAPIToken"))
        #expect(!result.stderr.contains(server.process.apiToken))
        #expect(try await lookup(server, "game_0000")["deprecatedAt"] == nil)
    }
}

@Suite struct SlugTests {
    @Test(arguments: [
        ("Minute Maid Park", "minute_maid_park"), ("Estadio Alfredo Harp Helú", "estadio_alfredo_harp_helu"),
        ("Oriole Park at Camden Yards", "oriole_park_at_camden_yards"), ("T-Mobile Park", "t_mobile_park"),
        ("Wrigley  Field!", "wrigley_field"), ("Levi's Stadium", "levis_stadium"), ("", "unnamed"),
    ])
    func slugsAreLowercaseWordsJoinedByUnderscores(name: String, slug: String) {
        #expect(Slug.make(name) == slug)
    }
}
