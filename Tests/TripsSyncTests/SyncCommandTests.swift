import CloudServerProcess
import Foundation
import Testing
import TripsStore

#if canImport(Glibc)
    import Glibc
#endif

/// `trips sync`, `trips config` and `trips debug checksum` as a user runs them: the built
/// binary against a real `trips-cloud`, exit codes and output included.
@Suite struct SyncCommandTests {
    @Test func syncPrintsASummaryAndDebugChecksumMatchesTheServersChecksum() async throws {
        let cloud = try await LiveCloud.start()
        defer { cloud.stop() }
        let trips = try TripsBinary(cloud: cloud)
        defer { trips.cleanUp() }
        try await cloud.admin("postpone", "game_mlb_2026_0822_atl_mil", "--to", "2026-08-23T23:10:00Z")

        let sync = try await trips.run("sync")

        #expect(sync.status == 0, "\(sync.stderr)")
        #expect(sync.stdout.hasPrefix("TYPE "))
        #expect(sync.stdout.contains("Synced 1 change in "))
        #expect(sync.stderr.isEmpty)  // not a terminal: no progress line
        let local = try await trips.run("debug", "checksum")
        let server = try await cloud.server.run(["checksum", "--db", cloud.server.databaseURL.path])
        #expect(local.status == 0)
        #expect(!local.stdout.isEmpty)
        #expect(local.stdout == server.stdout)
    }

    /// A wait a throttle asked of watchers (kept in the store) ends when a manual sync gets
    /// through (issue 37 item 8): a restarted watcher then syncs at once, not in a day.
    @Test func aSyncThatGetsThroughClearsTheThrottleWait() async throws {
        let cloud = try await LiveCloud.start()
        defer { cloud.stop() }
        let trips = try TripsBinary(cloud: cloud)
        defer { trips.cleanUp() }
        #expect(try await trips.run("sync", "--quiet").status == 0)
        let store = try CanonicalStore(location: .file(trips.storePath))
        let tomorrow = Int64(Date().timeIntervalSince1970 * 1000) + 86_400_000
        try store.setSyncNotBefore(tomorrow)
        #expect(try store.syncNotBefore() == tomorrow)
        let manual = try await trips.run("sync", "--quiet")
        #expect(manual.status == 0, "\(manual.stderr)")
        #expect(try store.syncNotBefore() == nil)
    }

    @Test func afterASyncTheStoreFileAloneHoldsTheSyncedChange() async throws {
        let cloud = try await LiveCloud.start()
        defer { cloud.stop() }
        let trips = try TripsBinary(cloud: cloud)
        defer { trips.cleanUp() }
        try await cloud.admin("postpone", "game_mlb_2026_0822_atl_mil", "--to", "2026-08-23T23:10:00Z")
        #expect(try await trips.run("sync", "--quiet").status == 0)

        // A backup copies the documented file, not its -wal and -shm companions.
        let copy = trips.home.appendingPathComponent("backup/trips.sqlite").path
        try FileManager.default.createDirectory(
            atPath: (copy as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: trips.storePath, toPath: copy)

        let local = try await trips.run("--store", copy, "debug", "checksum")
        let server = try await cloud.server.run(["checksum", "--db", cloud.server.databaseURL.path])
        #expect(local.status == 0, "\(local.stderr)")
        #expect(local.stdout == server.stdout)
    }

    @Test func seasonsShowTheSyncedGamesAndWhenTheStoreLastSynced() async throws {
        let cloud = try await LiveCloud.start()
        defer { cloud.stop() }
        let trips = try TripsBinary(cloud: cloud)
        defer { trips.cleanUp() }
        try await cloud.admin("postpone", "game_mlb_2026_0822_atl_mil", "--to", "2026-08-23T23:10:00Z")
        let before = try await trips.run("seasons", "--format", "json")
        #expect(try await trips.run("sync", "--quiet").status == 0)

        let after = try await trips.run("seasons", "--format", "json")

        func json(_ text: String) throws -> [String: Any] {
            try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        }
        #expect(try json(before.stdout)["lastSynced"] is NSNull)
        #expect(try json(after.stdout)["lastSynced"] as? String != nil)
        let seasons = try #require(try json(after.stdout)["seasons"] as? [[String: Any]])
        let mlb = try #require(seasons.first { $0["sport"] as? String == "mlb" && $0["season"] as? String == "2026" })
        #expect(mlb["syncedGames"] as? Int == 1)
        #expect(mlb["source"] as? String == "bundle + 1 synced")
    }

    @Test func theJSONSummaryHasEveryTypeInSyncOrderWithItsCounts() async throws {
        let cloud = try await LiveCloud.start()
        defer { cloud.stop() }
        let trips = try TripsBinary(cloud: cloud)
        defer { trips.cleanUp() }
        try await cloud.admin("touch", "Team", "4")

        let sync = try await trips.run("sync", "--format", "json")

        #expect(sync.status == 0, "\(sync.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(sync.stdout.utf8)) as? [String: Any])
        #expect(json["status"] as? String == "succeeded")
        #expect(json["changed"] as? Int == 4)
        let types = try #require(json["types"] as? [[String: Any]])
        #expect(types.compactMap { $0["recordType"] as? String } == RecordTypeNames.syncOrder)
        #expect(types.first { $0["recordType"] as? String == "Team" }?["applied"] as? Int == 4)
    }

    @Test func onATerminalEachTypeShowsALiveProgressLine() async throws {
        let cloud = try await LiveCloud.start()
        defer { cloud.stop() }
        let trips = try TripsBinary(cloud: cloud)
        defer { trips.cleanUp() }
        try await cloud.admin("touch", "Game", "30")

        let sync = try await trips.runOnTerminal("sync", "--page-size", "10")
        let quiet = try await trips.runOnTerminal("sync", "--quiet")

        #expect(sync.status == 0)
        // Rewritten in place after every page, then ended with a newline when the type is done.
        #expect(sync.stdout.contains("\r\u{1B}[2KGame: 10 records, 1 page, "))
        #expect(sync.stdout.contains("\r\u{1B}[2KSport: "))
        #expect(sync.stdout.contains("Synced 30 changes"))
        #expect(quiet.status == 0 && quiet.stdout.isEmpty)
    }

    @Test func quietPrintsNothingOnSuccess() async throws {
        let cloud = try await LiveCloud.start()
        defer { cloud.stop() }
        let trips = try TripsBinary(cloud: cloud)
        defer { trips.cleanUp() }

        let sync = try await trips.run("sync", "--quiet")

        #expect(sync.status == 0)
        #expect(sync.stdout.isEmpty && sync.stderr.isEmpty)
    }

    @Test func hostileTextFromTheCloudIsShownEscapedBySyncAndTheListings() async throws {
        let cloud = try await LiveCloud.start()
        defer { cloud.stop() }
        let trips = try TripsBinary(cloud: cloud)
        defer { trips.cleanUp() }
        var team = try #require(try await cloud.database().lookup(["team_mlb_mil"]).first?.value)
        team.fields["name"] = .string("Evil\u{1B}]0;owned\u{07}Brewers")
        var game = World.game(1).record(tag: "x", modified: 1)
        game.recordName = "game_hostile_status"
        game.fields["status"] = .string("\u{1B}[2J\u{202E}final")
        try await cloud.forceSave(
            [team, game].map {
                var r = $0
                r.recordChangeTag = nil
                r.modified = nil
                return r
            })

        let sync = try await trips.run("sync")
        let teams = try await trips.run("teams", "--sport", "mlb")

        #expect(sync.status == 0, "\(sync.stderr)")
        #expect(!(sync.stdout + teams.stdout).unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" })
        #expect(sync.stdout.contains("has unknown value '\\u{1B}[2J\\u{202E}final'"))
        #expect(teams.stdout.contains("Evil\\u{1B}]0;owned\\u{7}Brewers"))
    }

    @Test func withoutACloudASyncFromTheCloudIsAConfigurationErrorInOneLineWithTheHintAndBrowsingStillWorks()
        async throws
    {
        let trips = try TripsBinary(cloud: nil)
        defer { trips.cleanUp() }

        let sync = try await trips.run("sync", "--source", "cloud")
        let teams = try await trips.run("teams", "--sport", "mlb")

        #expect(sync.status == 2)
        #expect(sync.stdout.isEmpty)
        #expect(sync.stderr.split(separator: "\n").count == 1)
        #expect(sync.stderr.contains("no cloud configured"))
        #expect(sync.stderr.contains("`trips config set`"))
        #expect(teams.status == 0)
        #expect(teams.stdout.contains("Houston"))
    }

    @Test func anUnreachableCloudExits75() async throws {
        var trips = try TripsBinary(cloud: nil)
        defer { trips.cleanUp() }
        trips.environment["TRIPS_CLOUD_URL"] = "http://127.0.0.1:1"
        trips.environment["TRIPS_CLOUD_CONTAINER"] = "iCloud.trips.local"
        trips.environment["TRIPS_CLOUD_API_TOKEN"] = "secret-token-value"

        let sync = try await trips.run("sync", "--quiet")

        #expect(sync.status == 75)
        #expect(sync.stderr.contains("could not reach the cloud"))
        #expect(!sync.stderr.contains("secret-token-value"))
    }

    @Test func aSecondConcurrentSyncExits75NamingTheFirstAndNothingIsCorrupted() async throws {
        let cloud = try await LiveCloud.start()
        defer { cloud.stop() }
        let trips = try TripsBinary(cloud: cloud)
        defer { trips.cleanUp() }
        try await cloud.admin("touch", "Game", "200")
        // 40 pages of 2 s each: the first sync holds the lock for minutes unless the faults are
        // cleared, so the second meets it however late this test is scheduled on a busy machine.
        try await cloud.setFaults(#"{"latencyMs": 2000, "operations": ["records/query"]}"#)

        let first = try trips.start(["sync", "--page-size", "5"])
        #expect(try await trips.waitForLock(held: first))
        let second = try await trips.run("sync")
        try await cloud.setFaults(nil)
        let firstOutcome = try await first.exit()

        #expect(second.status == 75)
        #expect(second.stderr.contains("sync already in progress (pid \(first.pid))"))
        #expect(firstOutcome.status == 0, "\(firstOutcome.stderr)")
        try await cloud.setFaults(nil)
        try expectIntact(trips)
        #expect(
            try await trips.run("debug", "checksum").stdout.split(separator: "\n").map(String.init)
                == (try await cloud.checksumLines()))
    }

    @Test func aTimeLimitStopsAtAPageBoundaryWithExit130AndTheNextRunResumes() async throws {
        let cloud = try await LiveCloud.start()
        defer { cloud.stop() }
        let trips = try TripsBinary(cloud: cloud)
        defer { trips.cleanUp() }
        #expect(try await trips.run("sync", "--quiet").status == 0)
        try await cloud.admin("touch", "Game", "200")
        try await cloud.setFaults(#"{"latencyMs": 40, "operations": ["records/query"]}"#)

        let limited = try await trips.run("sync", "--page-size", "5", "--time-limit", "0.8", "--format", "json")

        #expect(limited.status == 130)
        #expect(limited.stderr.contains("sync cancelled (time limit of 0.8 s reached)"))
        let cancelled = try #require(
            try JSONSerialization.jsonObject(with: Data(limited.stdout.utf8)) as? [String: Any])
        #expect(cancelled["status"] as? String == "cancelled")
        try await cloud.setFaults(nil)

        let resumed = try await trips.run("sync", "--format", "json")

        #expect(resumed.status == 0)
        let done = try #require(try JSONSerialization.jsonObject(with: Data(resumed.stdout.utf8)) as? [String: Any])
        let first = try #require(cancelled["changed"] as? Int)
        let second = try #require(done["changed"] as? Int)
        // What the cancelled run saved is kept: nothing is applied twice, nothing is lost.
        #expect(first + second == 200)
        try expectIntact(trips)
        #expect(
            try await trips.run("debug", "checksum").stdout.split(separator: "\n").map(String.init)
                == (try await cloud.checksumLines()))
    }

    @Test func ctrlCStopsTheSyncWithExit130() async throws {
        let cloud = try await LiveCloud.start()
        defer { cloud.stop() }
        let trips = try TripsBinary(cloud: cloud)
        defer { trips.cleanUp() }
        try await cloud.admin("touch", "Game", "200")
        // 2 s a page: still syncing when the signal comes, however late this test runs.
        try await cloud.setFaults(#"{"latencyMs": 2000, "operations": ["records/query"]}"#)

        let running = try trips.start(["sync", "--page-size", "5"])
        #expect(try await trips.waitForLock(held: running))
        running.signal(SIGINT)
        let outcome = try await running.exit()

        #expect(outcome.status == 130)
        #expect(outcome.stderr.contains("sync cancelled (interrupted)"))
        #expect(outcome.stdout.contains("Sync cancelled after"))
        try expectIntact(trips)
    }

    @Test func configStoresSettingsPrivatelyAndNeverPrintsTokens() async throws {
        let cloud = try await LiveCloud.start()
        defer { cloud.stop() }
        let trips = try TripsBinary(cloud: nil)
        defer { trips.cleanUp() }

        #expect(try await trips.run("config", "set", "cloud.url", cloud.server.url.absoluteString).status == 0)
        #expect(try await trips.run("config", "set", "cloud.container", cloud.server.container).status == 0)
        #expect(try await trips.run("config", "set", "cloud.apiToken", cloud.server.apiToken).status == 0)
        let list = try await trips.run("config", "list")
        let get = try await trips.run("config", "get", "cloud.apiToken")
        let container = try await trips.run("config", "get", "cloud.container")
        let sync = try await trips.run("sync", "--quiet")

        let mode = try FileManager.default.attributesOfItem(atPath: trips.configPath)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(list.status == 0)
        #expect(!list.stdout.contains(cloud.server.apiToken) && !get.stdout.contains(cloud.server.apiToken))
        #expect(list.stdout.contains("cloud.apiToken") && list.stdout.contains("‹redacted›"))
        #expect(list.stdout.contains("development"))  // cloud.environment's default
        #expect(container.stdout == cloud.server.container + "\n")
        #expect(sync.status == 0, "\(sync.stderr)")
    }

    @Test func aTokenFromStdinAndAPasswordInTheURLNeverReachOutputOrTheStore() async throws {
        let cloud = try await LiveCloud.start()
        defer { cloud.stop() }
        let trips = try TripsBinary(cloud: nil)
        defer { trips.cleanUp() }
        var url = URLComponents(url: cloud.server.url, resolvingAgainstBaseURL: false)!
        url.user = "fan"
        url.password = "Hunter2-secret"

        let setURL = try await trips.run("config", "set", "cloud.url", url.string!)
        #expect(setURL.status == 0)
        #expect(!setURL.stdout.contains("Hunter2-secret"), "\(setURL.stdout)")
        #expect(try await trips.run("config", "set", "cloud.container", cloud.server.container).status == 0)
        let set = try await trips.runWithInput(cloud.server.apiToken + "\n", "config", "set", "cloud.apiToken", "-")
        let list = try await trips.run("config", "list")
        let get = try await trips.run("config", "get", "cloud.url")
        let sync = try await trips.run("sync", "--quiet")

        #expect(set.status == 0 && set.stdout == "cloud.apiToken = ‹redacted›\n", "\(set.stderr)")
        #expect(sync.status == 0, "\(sync.stderr)")
        let file = try Data(contentsOf: URL(fileURLWithPath: trips.configPath))
        let stored = try #require(try JSONSerialization.jsonObject(with: file) as? [String: String])
        #expect(stored["cloud.apiToken"] == cloud.server.apiToken)
        #expect(!list.stdout.contains("Hunter2-secret") && !list.stdout.contains(cloud.server.apiToken))
        #expect(get.stdout == "http://fan:‹redacted›@\(cloud.server.url.host!):\(cloud.server.url.port!)\n")
        // The store keeps which cloud it synced with, never the password.
        var bytes = Data()
        for suffix in ["", "-wal"] {
            bytes += (try? Data(contentsOf: URL(fileURLWithPath: trips.storePath + suffix))) ?? Data()
        }
        #expect(bytes.range(of: Data("Hunter2-secret".utf8)) == nil)
        #expect(bytes.range(of: Data("fan:‹redacted›@".utf8)) != nil)
    }

    @Test func configRefusesUnknownKeysAndBadValuesWithExit2() async throws {
        let trips = try TripsBinary(cloud: nil)
        defer { trips.cleanUp() }

        let unknown = try await trips.run("config", "set", "cloud.password", "x")
        let bad = try await trips.run("config", "set", "sync.pageSize", "500")
        let unset = try await trips.run("config", "unset", "cloud.container")
        let missing = try await trips.run("config", "get", "cloud.container")

        #expect(unknown.status == 2 && unknown.stderr.contains("unknown setting 'cloud.password'"))
        #expect(bad.status == 2 && bad.stderr.contains("sync.pageSize"))
        #expect(unset.status == 0)
        #expect(missing.status == 2 && missing.stderr.contains("not set"))
    }

    /// The store file passes SQLite's own integrity check.
    private func expectIntact(_ trips: TripsBinary) throws {
        guard FileManager.default.fileExists(atPath: trips.storePath) else { return }
        let store = try CanonicalStore(location: .file(trips.storePath))
        #expect(try store.integrityCheck() == ["ok"])
    }
}

/// The canonical types as `--format json` names them, in sync order.
enum RecordTypeNames {
    static let syncOrder = ["Sport", "LeagueStructure", "Stadium", "Team", "TeamAlias", "StadiumAlias", "Game"]
}
