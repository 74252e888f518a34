import Foundation
import SyncHealth
import Testing
import TripsStore
import TripsSync

/// The watcher's loop on a virtual clock and a network the test speaks for: every step waits
/// for the watcher's own report or for it to go to sleep, so no real time passes.
@MainActor
@Suite struct SyncWatcherTests {
    /// A watcher under test: its store, clock, network, the syncs it ran and what it reported.
    @MainActor
    final class Rig {
        let store: CanonicalStore
        let folder: URL
        let clock = VirtualWatchClock()
        let network = ControlledNetwork()
        let wallOffsetMs: Int64
        var syncs: [(trigger: WatchTrigger, atMs: Int64)] = []
        /// Results the next syncs return, in order (then success).
        var outcomes: [SyncResult] = []
        /// What the confirming request says (nil: the cloud answers).
        var unreachable: String?
        private var reports: AsyncStream<WatchReport>.Iterator
        private let feed: AsyncStream<WatchReport>.Continuation
        private var task: Task<Void, any Error>?

        init(store: CanonicalStore? = nil, folder: URL? = nil, wallOffsetMs: Int64 = 1_700_000_000_000) throws {
            if let store, let folder {
                (self.store, self.folder) = (store, folder)
            } else {
                (self.store, self.folder) = try CanonicalStore.temporary(bundle: nil)
            }
            self.wallOffsetMs = wallOffsetMs
            let (stream, feed) = AsyncStream<WatchReport>.makeStream()
            reports = stream.makeAsyncIterator()
            self.feed = feed
        }

        func start(intervalMs: Int64 = 30_000) {
            let clock = clock
            let offset = wallOffsetMs
            let watcher = SyncWatcher(
                policy: WatchSchedule.Policy(intervalMs: intervalMs), network: network, clock: clock,
                wallNowMs: { offset + clock.nowMs }, random: { 0 },
                cloud: SyncWatcher.Cloud(
                    confirm: { [unowned self] in unreachable },
                    sync: { [unowned self] trigger in
                        syncs.append((trigger, clock.nowMs))
                        return outcomes.isEmpty ? SyncResult(full: false) : outcomes.removeFirst()
                    }),
                store: store, report: { [feed] in feed.yield($0) })
            task = Task { @MainActor in try await watcher.run() }
        }

        func nextReport() async -> WatchReport? {
            var iterator = reports
            let report = await iterator.next(isolation: MainActor.shared)
            reports = iterator
            return report
        }

        /// The next report that is a try.
        func nextAttempt() async -> WatchAttempt? {
            while let report = await nextReport() {
                if case .attempt(let attempt) = report { return attempt }
            }
            return nil
        }

        /// Sends a reading at `ms` and waits for the watcher to report it.
        func network(_ status: NetworkStatus, atMs ms: Int64) async -> Int64? {
            clock.advance(to: ms)
            network.send(status)
            guard case .network(let seen, let syncInMs) = await nextReport() else { return -1 }
            #expect(seen == status)
            return syncInMs
        }

        func stop() async throws {
            task?.cancel()
            try await task?.value
        }
    }

    static func failure(retryAfter: Double? = nil) -> SyncResult {
        var result = SyncResult(full: false)
        result.add(
            SyncFailure(
                recordType: .game, message: "the cloud is busy", isTemporary: true, stopsSync: true,
                retryAfterSeconds: retryAfter))
        return result
    }

    @Test func tenFlapsInTwoSecondsGiveOneSyncTwoAndAHalfSecondsAfterTheLast() async throws {
        let rig = try Rig()
        rig.start()
        rig.network.send(.online)
        #expect(await rig.nextAttempt()?.trigger == .start)
        #expect(try rig.store.syncWatch()?.intervalMs == 30_000, "status can see the watcher")
        await rig.clock.sleeper(at: 30_000)

        #expect(await rig.network(.offline, atMs: 1000) == nil)
        var t: Int64 = 2000
        for _ in 0..<10 {
            #expect(await rig.network(.online, atMs: t) == 2500)
            #expect(await rig.network(.offline, atMs: t + 100) == nil)
            t += 200
        }
        #expect(await rig.network(.online, atMs: t) == 2500)
        await rig.clock.sleeper(at: t + 2500)
        rig.clock.advance(to: t + 2500)
        let attempt = await rig.nextAttempt()
        #expect(attempt?.trigger == .network)
        #expect(attempt?.nextInMs == 30_000)
        #expect(rig.syncs.map(\.trigger) == [.start, .network])
        #expect(rig.syncs.last?.atMs == t + 2500)

        try await rig.stop()
        #expect(try rig.store.syncWatch() == nil, "a watcher that ends says so")
    }

    @Test func failuresRetrySoonerThenTheIntervalResumes() async throws {
        let rig = try Rig()
        rig.outcomes = [Self.failure(), Self.failure()]
        rig.start(intervalMs: 10_000)
        rig.network.send(.online)
        #expect(await rig.nextAttempt()?.nextInMs == 500)
        await rig.clock.sleeper(at: 500)
        rig.clock.advance(to: 500)
        let second = await rig.nextAttempt()
        #expect(second?.trigger == .retry)
        #expect(second?.nextInMs == 1000)
        await rig.clock.sleeper(at: 1500)
        rig.clock.advance(to: 1500)
        let third = await rig.nextAttempt()
        #expect(third?.succeeded == true)
        #expect(third?.nextInMs == 10_000)
        try await rig.stop()
    }

    @Test func theCloudsRetryAfterIsKeptAcrossARestart() async throws {
        let first = try Rig()
        first.outcomes = [Self.failure(retryAfter: 60)]
        first.start()
        first.network.send(.online)
        #expect(await first.nextAttempt()?.nextInMs == 60_000)
        #expect(try first.store.syncNotBefore() == first.wallOffsetMs + 60_000)
        try await first.stop()

        // A new process, 10 s later by the wall clock, on the same store.
        let second = try Rig(store: first.store, folder: first.folder, wallOffsetMs: first.wallOffsetMs + 10_000)
        second.start()
        guard case .waiting(let until) = await second.nextReport() else {
            Issue.record("no waiting report")
            return
        }
        #expect(until == first.wallOffsetMs + 60_000)
        await second.clock.sleeper(at: 50_000)
        #expect(second.syncs.isEmpty)
        second.clock.advance(to: 50_000)
        #expect(await second.nextAttempt()?.succeeded == true)
        #expect(second.syncs.first?.atMs == 50_000)
        #expect(try second.store.syncNotBefore() == nil, "a success clears the wait")
        try await second.stop()
        try? FileManager.default.removeItem(at: first.folder)
    }

    @Test func theNetworksReturnIsConfirmedWithTheCloudBeforeAPull() async throws {
        let rig = try Rig()
        rig.start()
        rig.network.send(.online)
        _ = await rig.nextAttempt()
        await rig.clock.sleeper(at: 30_000)
        _ = await rig.network(.offline, atMs: 100)
        rig.unreachable = "connection refused"
        _ = await rig.network(.online, atMs: 200)
        await rig.clock.sleeper(at: 2700)
        rig.clock.advance(to: 2700)
        let refused = await rig.nextAttempt()
        #expect(refused?.trigger == .network)
        #expect(refused?.result == nil)
        #expect(refused?.unreachable == "connection refused")
        #expect(rig.syncs.count == 1, "no pull while the cloud does not answer")
        rig.unreachable = nil
        await rig.clock.sleeper(at: 3200)
        rig.clock.advance(to: 3200)
        let retried = await rig.nextAttempt()
        #expect(retried?.trigger == .retry)
        #expect(retried?.succeeded == true)
        #expect(rig.syncs.count == 2)
        try await rig.stop()
    }
}
