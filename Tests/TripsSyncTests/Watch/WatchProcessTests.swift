import Foundation
import SyncHealth
import TestSupport
import Testing
import TripsStore

#if canImport(Glibc)
    import Glibc
#endif

/// `trips sync --watch` as a real process against a real `trips-cloud`: broken and healed sync
/// seen by `trips sync status --check`, and the network's return (in a namespace of its own).
@Suite(.serialized) struct WatchProcessTests {
    @Test(.enabled(if: NetworkStateFiles().status == .online, "status only blames sync while the network is up"))
    func aFailingCloudIsBrokenWithinTwoIntervalsAndHealsWithoutARestart() async throws {
        let cloud = try await LiveCloud.start()
        defer { cloud.stop() }
        let trips = try TripsBinary(cloud: cloud)
        defer { trips.cleanUp() }
        let watcher = try trips.start(["sync", "--watch", "--interval", "5s", "--format", "json"])
        defer { if watcher.process.isRunning { watcher.signal(SIGKILL) } }
        var log = WatchLog(watcher)

        let first = try #require(log.next { $0.event == "sync" })
        #expect(first.status == "succeeded" && first.trigger == "start")
        #expect(try trips.run("sync", "status", "--check").status == 0)

        try await cloud.setFaults(#"{"errorRate": 1}"#)
        let faulted = Date()
        _ = try #require(log.next { $0.event == "sync" && $0.status == "failed" })
        let broken = try trips.run("sync", "status", "--check")
        #expect(broken.status == 1, "\(broken.stdout)")
        #expect(broken.stdout.contains("✗"))
        #expect(Date().timeIntervalSince(faulted) <= 10, "broken within two intervals")

        try await cloud.setFaults(nil)
        let cleared = Date()
        _ = try #require(log.next { $0.event == "sync" && $0.status == "succeeded" })
        let healed = try trips.run("sync", "status", "--check")
        #expect(healed.status == 0, "\(healed.stdout)")
        #expect(Date().timeIntervalSince(cleared) <= 10, "healed within two intervals")

        #expect(watcher.process.isRunning, "the same watcher throughout")
        watcher.signal(SIGTERM)
        let end = watcher.wait()
        #expect(end.status == 130)
        #expect(end.stderr.contains("sync watch stopped (terminated)"), "\(end.stderr)")
        let status = try trips.run("sync", "status", "--format", "json")
        #expect(
            status.stdout.contains("\"staleAfterSeconds\": 86400"), "a stopped watcher no longer sets the threshold")
    }

    /// With a web auth token the watcher syncs the fan's own data too: a trip saved while it runs
    /// reaches the cloud on its next sync, without a restart.
    @Test func theWatcherCarriesTheFansOwnDataToo() async throws {
        let cloud = try await LiveCloud.start()
        defer { cloud.stop() }
        let token = try cloud.server.addUser("kim")
        var trips = try TripsBinary(cloud: cloud)
        defer { trips.cleanUp() }
        trips.environment["TRIPS_CLOUD_WEB_AUTH_TOKEN"] = token
        #expect(try trips.run("sync", "--quiet").status == 0)
        let store = try CanonicalStore(location: .file(trips.storePath))
        try store.editUserRecord("trip_1", type: .savedTrip, set: ["name": "Spring"], device: "a", nowMs: 1_000)
        let watcher = try trips.start(["sync", "--watch", "--interval", "2s", "--format", "json"])
        defer { if watcher.process.isRunning { watcher.signal(SIGKILL) } }
        var log = WatchLog(watcher)

        let first = try #require(log.next { $0.event == "sync" })
        #expect(first.status == "succeeded")
        #expect(try store.pendingUserChanges() == 0, "the first sync exports what was waiting")
        try store.editUserRecord("trip_2", type: .savedTrip, set: ["name": "Summer"], device: "a", nowMs: 2_000)
        let second = try #require(log.next { $0.event == "sync" })
        #expect(second.status == "succeeded")
        #expect(try store.pendingUserChanges() == 0, "a trip saved while it runs goes out on the next sync")
        let server = try await UserDataSyncTests.cloudChecksum(cloud, token: token)
        #expect(server.hasPrefix("UserData 2 "), "\(server)")
        #expect(try store.userDataChecksum() == server)

        watcher.signal(SIGTERM)
        #expect(watcher.wait().status == 130)
    }

    @Test(.enabled(if: NetworkNamespace.isAvailable, "needs root, iproute2's ip and network namespaces"))
    func theLinkComingBackSyncsOnceAfterTheDebounceAndTenFlapsSyncOnce() async throws {
        let stage = try OnlineNamespace()
        defer { stage.delete() }
        let cloud = try await stage.startCloud()
        defer { cloud.stop() }
        let trips = try TripsBinary(cloud: cloud)
        defer { trips.cleanUp() }
        let ip = try #require(NetworkNamespace.ipPath)
        let words = stage.namespace.exec(
            trips.executable.path, ["sync", "--watch", "--interval", "1h", "--format", "json"])
        let watcher = try trips.start(Array(words.dropFirst()), program: URL(fileURLWithPath: ip))
        defer { if watcher.process.isRunning { watcher.signal(SIGKILL) } }
        var log = WatchLog(watcher)
        let first = try #require(log.next { $0.event == "sync" })
        #expect(first.status == "succeeded", "\(first.fields)")

        // Down, then up: one sync 2.5–4 s after the network is back.
        try stage.namespace.goOffline()
        _ = try #require(log.next { $0.event == "network" && $0.status == "offline" })
        try stage.namespace.goOnline()
        let up = Date()
        let back = try #require(log.next { $0.event == "sync" })
        #expect(back.trigger == "network")
        #expect(back.status == "succeeded", "\(back.fields)")
        let delay = try #require(back.started).timeIntervalSince(up)
        #expect(delay >= 2.5 && delay <= 4, "synced \(delay) s after the link came up")

        // Ten flaps in two seconds: one sync, after the last.
        for _ in 0..<10 {
            try stage.namespace.goOffline()
            usleep(100_000)
            try stage.namespace.goOnline()
            usleep(100_000)
        }
        let lastUp = Date()
        let settled = try #require(log.next { $0.event == "sync" })
        #expect(settled.trigger == "network")
        #expect(try #require(settled.started).timeIntervalSince(lastUp) >= 2.0, "not before the flapping stopped")
        // Watch a little past any second debounce that a lost cancel would have started.
        usleep(UInt32(max(0, lastUp.addingTimeInterval(4.5).timeIntervalSinceNow) * 1_000_000))
        watcher.signal(SIGTERM)
        #expect(watcher.wait().status == 130)
        let syncs = log.all { $0.event == "sync" }
        #expect(syncs.count == 3, "start, link back, flaps: \(syncs.map(\.fields))")
    }
}
