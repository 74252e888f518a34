import Foundation
import SyncHealth
import Testing
import TripsModel
import TripsStore

@testable import TripsCLI

/// `trips sync status` reads the store's sync log and state: the headline, `--check`'s exit
/// status, and JSON keys, for each verdict a fan or a monitor must tell apart.
@Suite struct SyncStatusCommandTests {
    /// 2026-11-18T19:33:20Z, the pinned "now".
    static let now = Date(timeIntervalSince1970: 1_795_000_000)
    static let nowMs: Int64 = 1_795_000_000_000

    /// A new store copied from the shared bootstrapped one, with `edit` applied to it.
    static func store(_ edit: @Sendable (CanonicalStore) throws -> Void = { _ in }) async throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("status-\(UUID().uuidString).sqlite")
            .path
        try FileManager.default.copyItem(atPath: await TripsProcess.shared.whenBootstrapped().store, toPath: path)
        let data = TripsProcess.root.appendingPathComponent("Data").path
        let store = try CanonicalStore.openBootstrapped(
            at: StoreLocation(storePath: path), bundle: BundleLocator(environment: ["TRIPS_DATA": data]))
        try edit(store)
        try store.checkpointIfWritten()
        return path
    }

    @MainActor
    static func status(
        _ arguments: [String], store: String, network: NetworkStatus = .online, environment: [String: String] = [:]
    ) async -> (status: Int32, stdout: String, stderr: String) {
        let stdout = Output()
        let stderr = Output()
        let data = TripsProcess.root.appendingPathComponent("Data").path
        let context = CLIContext(
            environment: environment.merging(["TZ": "America/Chicago", "TRIPS_DATA": data]) { $1 }, stdout: stdout,
            stderr: stderr,
            stdinIsTerminal: false, stdoutIsTerminal: false, stderrIsTerminal: false, now: now,
            storeLocation: StoreLocation(storePath: store),
            bundleLocator: BundleLocator(environment: ["TRIPS_DATA": data]))
        context.networkStatus = { network }
        let status = await TripsCommandLine.run(["sync", "status"] + arguments, context: context)
        return (status, stdout.captured, stderr.captured)
    }

    static func succeeded(_ store: CanonicalStore, endedAgoMs: Int64) throws {
        let id = try store.beginSyncEvent(.import, atMs: nowMs - endedAgoMs - 2_000)
        try store.endSyncEvent(id, state: .succeeded, atMs: nowMs - endedAgoMs)
    }

    @MainActor
    @Test func aStoreThatNeverSyncedSaysSoAndIsNotBroken() async throws {
        let path = try await Self.store()
        let result = await Self.status(["--check"], store: path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("– never synced: "))
        #expect(result.stdout.contains("records from the bundled data — run `trips sync`"))
    }

    @MainActor
    @Test func aRecentSuccessIsGreenWithItsAgeAndTheRecordCount() async throws {
        let path = try await Self.store { try Self.succeeded($0, endedAgoMs: 120_000) }
        let result = await Self.status([], store: path)
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0].hasPrefix("✓ synced 2 min ago · "))
        #expect(lines[0].hasSuffix(" records"))
        #expect(result.stdout.contains("TYPE"))
        #expect(result.stdout.contains("Game"))
        #expect(await Self.status(["--check"], store: path).status == 0)
    }

    /// A fan on the leagues' feeds (no cloud set) with a favourite: it is kept on this device,
    /// which is no trouble — no "run `trips login`", and --check stays 0. With a cloud set and
    /// no sign-in, the same favourite is not syncing, and says so.
    @MainActor
    @Test func userDataWithoutACloudIsKeptHereAndNoTrouble() async throws {
        let path = try await Self.store { store in
            try Self.succeeded(store, endedAgoMs: 120_000)
            try store.editUserRecord(
                "favorite_team_mlb_hou", type: .favoriteTeam, set: ["teamId": "team_mlb_hou"], device: "here",
                nowMs: Self.nowMs)
        }
        let feeds = await Self.status([], store: path)
        #expect(feeds.status == 0)
        #expect(feeds.stdout.hasPrefix("✓ synced 2 min ago"), "\(feeds.stdout)")
        #expect(feeds.stdout.contains("user data: kept on this device"))
        #expect(!feeds.stdout.contains("trips login"))
        #expect(await Self.status(["--check"], store: path).status == 0)

        let cloud = await Self.status([], store: path, environment: ["TRIPS_CLOUD_CONTAINER": "iCloud.trips.test"])
        #expect(cloud.stdout.contains("trips login"), "\(cloud.stdout)")
        #expect(
            await Self.status(["--check"], store: path, environment: ["TRIPS_CLOUD_CONTAINER": "x"]).stdout.contains(
                "trips login"))
    }

    @MainActor
    @Test func aFailingSyncIsBrokenWithItsReasonAgeAndRemedy() async throws {
        let path = try await Self.store { store in
            try Self.succeeded(store, endedAgoMs: 4 * 3_600_000)
            let id = try store.beginSyncEvent(.import, atMs: Self.nowMs - 3 * 3_600_000 - 1_000)
            try store.endSyncEvent(
                id, state: .failed, atMs: Self.nowMs - 3 * 3_600_000, error: "the cloud rejects the API token")
            try store.recordSyncFailure(
                .game, atMs: Self.nowMs - 3 * 3_600_000, error: "the cloud rejects the API token", changed: 0)
        }
        let check = await Self.status(["--check"], store: path)
        #expect(check.status == 1)
        #expect(
            check.stdout
                == "✗ sync failing for 3 h: the cloud rejects the API token — trips config set cloud.apiToken -\n")
        #expect(check.stderr.contains("sync is broken (error)"))
        let table = await Self.status([], store: path)
        #expect(table.status == 0, "without --check the status is shown, not judged")
        #expect(table.stdout.contains("the cloud rejects the API token"))
    }

    @MainActor
    @Test func noSuccessForMoreThanADayIsNotSyncing() async throws {
        let path = try await Self.store { try Self.succeeded($0, endedAgoMs: 50 * 3_600_000) }
        let check = await Self.status(["--check"], store: path)
        #expect(check.status == 1)
        #expect(check.stdout.hasPrefix("✗ not syncing: last synced 2 days ago, expected within 24 h"))
    }

    @MainActor
    @Test func failuresWhileOfflineAreNotBroken() async throws {
        let path = try await Self.store { store in
            let id = try store.beginSyncEvent(.import, atMs: Self.nowMs - 60_000)
            try store.endSyncEvent(id, state: .failed, atMs: Self.nowMs - 59_000, error: "could not reach the cloud")
        }
        let check = await Self.status(["--check"], store: path, network: .offline)
        #expect(check.status == 0)
        #expect(check.stdout.hasPrefix("○ offline: never synced"))
        #expect(await Self.status(["--check"], store: path, network: .online).status == 1)
    }

    @MainActor
    @Test func jsonHasTheDocumentedKeysInOrder() async throws {
        let path = try await Self.store { try Self.succeeded($0, endedAgoMs: 30_000) }
        let result = await Self.status(["--format", "json"], store: path)
        #expect(result.status == 0)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["summary"] as? String == "succeeded")
        #expect(object["broken"] as? Bool == false)
        #expect(object["secondsSinceLastSuccess"] as? Int == 30)
        let keys = [
            "summary", "broken", "network", "lastSuccess", "secondsSinceLastSuccess", "failingForSeconds", "error",
            "records", "staleAfterSeconds", "kinds", "recordTypes",
        ]
        let positions = keys.map { result.stdout.range(of: "\"\($0)\"")?.lowerBound }
        #expect(!positions.contains(nil))
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
        let types = try #require(object["recordTypes"] as? [[String: Any]])
        #expect(types.count == RecordType.syncOrder.count)
    }
}
