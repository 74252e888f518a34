import Foundation
import SyncHealth
import TestSupport
import Testing
import TripsStore

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
        let log = WatchLog(watcher: watcher)

        let first = try await log.next("the first sync") { $0.event == "sync" }
        #expect(first.status == "succeeded" && first.trigger == "start")
        #expect(try await trips.run("sync", "status", "--check").status == 0)

        // Two intervals by the watcher's own clock: when the failing try started, not when this
        // test (maybe starved by the rest of the suite) got to read it.
        try await cloud.setFaults(#"{"errorRate": 1}"#)
        let faulted = Date()
        let failed = try await log.next("a failed sync") { $0.event == "sync" && $0.status == "failed" }
        let broken = try await trips.run("sync", "status", "--check")
        #expect(broken.status == 1, "\(broken.stdout)")
        #expect(broken.stdout.contains("✗"))
        #expect(try #require(failed.started).timeIntervalSince(faulted) <= 10, "broken within two intervals")

        try await cloud.setFaults(nil)
        let cleared = Date()
        let succeeded = try await log.next("a sync that succeeds again") {
            $0.event == "sync" && $0.status == "succeeded"
        }
        let healed = try await trips.run("sync", "status", "--check")
        #expect(healed.status == 0, "\(healed.stdout)")
        #expect(try #require(succeeded.started).timeIntervalSince(cleared) <= 10, "healed within two intervals")

        #expect(watcher.isRunning, "the same watcher throughout")
        watcher.signal(SIGTERM)
        let end = try await watcher.exit()
        #expect(end.status == 130)
        #expect(end.stderr.contains("sync watch stopped (terminated)"), "\(end.stderr)")
        let status = try await trips.run("sync", "status", "--format", "json")
        #expect(
            status.stdout.contains("\"staleAfterSeconds\": 86400"), "a stopped watcher no longer sets the threshold")
    }

    /// With a web auth token the watcher syncs the fan's own data too: a trip saved while it runs
    /// reaches the cloud on its next sync, without a restart.
    @Test func theWatcherCarriesTheFansOwnDataToo() async throws {
        let cloud = try await LiveCloud.start()
        defer { cloud.stop() }
        let token = try await cloud.addUser("kim")
        var trips = try TripsBinary(cloud: cloud)
        defer { trips.cleanUp() }
        trips.environment["TRIPS_CLOUD_WEB_AUTH_TOKEN"] = token
        #expect(try await trips.run("sync", "--quiet").status == 0)
        let store = try CanonicalStore(location: .file(trips.storePath))
        try store.editUserRecord("trip_1", type: .savedTrip, set: ["name": "Spring"], device: "a", nowMs: 1_000)
        let watcher = try trips.start(["sync", "--watch", "--interval", "2s", "--format", "json"])
        let log = WatchLog(watcher: watcher)

        let first = try await log.next("the first sync") { $0.event == "sync" }
        #expect(first.status == "succeeded")
        #expect(try store.pendingUserChanges() == 0, "the first sync exports what was waiting")
        try store.editUserRecord("trip_2", type: .savedTrip, set: ["name": "Summer"], device: "a", nowMs: 2_000)
        let second = try await log.next("the second sync") { $0.event == "sync" }
        #expect(second.status == "succeeded")
        #expect(try store.pendingUserChanges() == 0, "a trip saved while it runs goes out on the next sync")
        let server = try await UserDataSyncTests.cloudChecksum(cloud, token: token)
        #expect(server.hasPrefix("UserData 2 "), "\(server)")
        #expect(try store.userDataChecksum() == server)

        watcher.signal(SIGTERM)
        #expect(try await watcher.exit().status == 130)
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
        let log = WatchLog(watcher: watcher)
        let first = try await log.next("the first sync") { $0.event == "sync" }
        #expect(first.status == "succeeded", "\(first.fields)")

        // Down, then up: one sync, the debounce after the watcher saw the link come back.
        try stage.namespace.goOffline()
        _ = try await log.next("the watcher seeing the link go") { $0.event == "network" && $0.status == "offline" }
        try stage.namespace.goOnline()
        let online = try await log.next("the watcher seeing the link back") {
            $0.event == "network" && $0.status == "online"
        }
        let back = try await log.next("the sync after the link came back") { $0.event == "sync" }
        #expect(back.trigger == "network")
        #expect(back.status == "succeeded", "\(back.fields)")
        let debounce = try #require(online.number("syncInSeconds"))
        #expect(debounce > 2 && debounce <= 2.5, "the debounce is 2.5 s (less the time to report it)")
        let delay = try #require(back.started).timeIntervalSince(try #require(online.at))
        #expect(delay >= debounce - 0.01 && delay <= 4, "synced \(delay) s after the watcher saw the link back")

        // Ten flaps, 0.1 s apart (the pace of the stimulus, not a wait for anything): one sync,
        // after the last. Then the link goes down once more; by the time the watcher reports
        // that, any sync a lost cancel had left pending would be in its log before that line.
        for _ in 0..<10 {
            try stage.namespace.goOffline()
            try await Task.sleep(for: .milliseconds(100))
            try stage.namespace.goOnline()
            try await Task.sleep(for: .milliseconds(100))
        }
        let settled = try await log.next("the sync after the flapping") { $0.event == "sync" }
        #expect(settled.trigger == "network")
        try stage.namespace.goOffline()
        let end = try await log.next("the watcher seeing the link go at the end") {
            $0.event == "network" && $0.status == "offline" && ($0.at ?? .distantPast) > (settled.started ?? .now)
        }
        watcher.signal(SIGTERM)
        #expect(try await watcher.exit().status == 130)

        // Judged on the watcher's own timestamps, so a loaded machine that slows the flaps down
        // changes what is expected, not whether the test passes.
        let timeline = log.all { $0.event == "sync" || $0.event == "network" }
        let since = try #require(timeline.firstIndex { $0.at == online.at && $0.event == "network" })
        let problems = Self.debounceProblems(Array(timeline[since...].prefix { $0.at != end.at }))
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))\n\(timeline.map(\.fields))")
        let flapSyncs = log.all { $0.event == "sync" }.count - 2
        #expect(flapSyncs >= 1, "the flapping ended with the link up: a sync must follow")
    }

    /// Where a network-triggered sync broke the debounce, reading the watcher's lines in order: a
    /// sync comes only once a link-up's debounce (`at` + `syncInSeconds`) has passed with no
    /// link-down in it, and every debounce that passed brings exactly one sync.
    static func debounceProblems(_ lines: [WatchLog.Line]) -> [String] {
        // Clock slack between the report's time and its millisecond rounding; a link-down this
        // close after a debounce ends may come before or after the sync it raced.
        let slack = 0.01
        let race = 1.0
        var problems: [String] = []
        var due: Date?
        for line in lines {
            switch (line.event, line.status) {
            case ("network", "online"):
                guard let at = line.at, let wait = line.number("syncInSeconds") else {
                    problems.append("online without at/syncInSeconds: \(line.fields)")
                    continue
                }
                due = at.addingTimeInterval(wait)
            case ("network", "offline"):
                if let pending = due, let at = line.at, at > pending.addingTimeInterval(race) {
                    problems.append("no sync for the debounce that ended \(pending); link down at \(at)")
                }
                due = nil
            case ("sync", _) where line.trigger == "network":
                guard let pending = due, let started = line.started, started >= pending.addingTimeInterval(-slack)
                else {
                    problems.append("a sync before its debounce ended (\(String(describing: due))): \(line.fields)")
                    continue
                }
                due = nil
            default:
                problems.append("unexpected: \(line.fields)")
            }
        }
        return problems
    }
}
