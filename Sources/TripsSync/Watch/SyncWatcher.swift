import SyncHealth
import TripsStore

/// `trips sync --watch`: syncs on the `WatchSchedule`, fed by a `NetworkMonitor` and a
/// `WatchClock`, until its task is cancelled. Between tries it waits on one stream of events
/// (network changes and its own timer), so an idle watcher costs nothing: no polling loop.
///
/// Confine an instance to one actor (its `sync` drives a `CanonicalStore`).
public final class SyncWatcher {
    /// The cloud as the watcher uses it.
    public struct Cloud {
        /// One cheap request that proves the cloud answers; the error's words, or nil when it did.
        public var confirm: () async -> String?
        /// One whole pull (with the sync lock held while it runs).
        public var sync: (WatchTrigger) async -> SyncResult

        public init(confirm: @escaping () async -> String?, sync: @escaping (WatchTrigger) async -> SyncResult) {
            self.confirm = confirm
            self.sync = sync
        }
    }

    private let policy: WatchSchedule.Policy
    private let network: any NetworkMonitor
    private let clock: any WatchClock
    private let wallNowMs: () -> Int64
    private let random: () -> Double
    private let cloud: Cloud
    private let store: CanonicalStore
    private let report: (WatchReport) -> Void

    /// - Parameters:
    ///   - store: where the watcher leaves its record (for `trips sync status`) and the
    ///     cloud's "not before".
    ///   - wallNowMs: wall-clock time, for the persisted "not before" and the reports.
    public init(
        policy: WatchSchedule.Policy, network: any NetworkMonitor, clock: any WatchClock,
        wallNowMs: @escaping () -> Int64, random: @escaping () -> Double = { Double.random(in: 0..<1) },
        cloud: Cloud, store: CanonicalStore, report: @escaping (WatchReport) -> Void
    ) {
        self.policy = policy
        self.network = network
        self.clock = clock
        self.wallNowMs = wallNowMs
        self.random = random
        self.cloud = cloud
        self.store = store
        self.report = report
    }

    private enum Event {
        case network(NetworkStatus, atMs: Int64)
        case wake
    }

    /// Runs until the task is cancelled (a sync in flight stops at its next page). Store errors
    /// writing the watcher's record are thrown; everything else is reported.
    public func run(isolation: isolated (any Actor)? = #isolation) async throws {
        let startMs = clock.nowMs
        let wallStartMs = wallNowMs()
        try store.beginSyncWatch(SyncWatchRecord(intervalMs: policy.intervalMs, startedMs: wallStartMs))
        defer { try? store.endSyncWatch() }
        let persisted = try store.syncNotBefore()
        if let persisted, persisted > wallStartMs { report(.waiting(untilMs: persisted)) }
        var schedule = WatchSchedule(
            policy: policy, startMs: startMs, notBeforeMs: persisted.map { startMs + ($0 - wallStartMs) })

        let (events, feed) = AsyncStream<Event>.makeStream()
        let statuses = network.statuses()
        let clock = self.clock
        let listener = Task {
            for await status in statuses { feed.yield(.network(status, atMs: clock.nowMs)) }
        }
        var timer: Task<Void, Never>?
        defer {
            listener.cancel()
            timer?.cancel()
            feed.finish()
        }
        feed.yield(.wake)
        for await event in events {
            if Task.isCancelled { break }
            if case .network(let status, let atMs) = event, status != schedule.network {
                let first = schedule.network == .unknown
                let restarted = schedule.networkChanged(to: status, atMs: atMs)
                // The first reading is news only when it explains why nothing happens.
                if !first || status == .offline {
                    report(.network(status, syncInMs: restarted ? max(0, schedule.nextMs - clock.nowMs) : nil))
                }
            }
            while let trigger = schedule.due(atMs: clock.nowMs), !Task.isCancelled {
                var attempt = await self.attempt(trigger)
                schedule.finished(Self.outcome(of: attempt), atMs: clock.nowMs, random: random())
                try persistNotBefore(schedule, nowMs: clock.nowMs)
                if !Task.isCancelled { attempt.nextInMs = schedule.wakeMs.map { max(0, $0 - clock.nowMs) } }
                report(.attempt(attempt))
            }
            timer?.cancel()
            timer = schedule.wakeMs.map { wake in
                Task {
                    do { try await clock.sleep(untilMs: wake) } catch { return }
                    feed.yield(.wake)
                }
            }
        }
    }

    private func attempt(
        _ trigger: WatchTrigger, isolation: isolated (any Actor)? = #isolation
    ) async -> WatchAttempt {
        let startedMs = wallNowMs()
        // The network's return is a guess about the cloud: ask it once before a whole pull.
        if trigger == .network, let problem = await cloud.confirm() {
            return WatchAttempt(trigger: trigger, startedMs: startedMs, result: nil, unreachable: problem)
        }
        return WatchAttempt(trigger: trigger, startedMs: startedMs, result: await cloud.sync(trigger))
    }

    private static func outcome(of attempt: WatchAttempt) -> WatchOutcome {
        guard let result = attempt.result else { return .failed(temporary: true, retryAfterMs: nil) }
        if result.succeeded { return .succeeded }
        return .failed(
            temporary: result.errors.allSatisfy(\.isTemporary),
            retryAfterMs: result.retryAfterSeconds.map { Int64(($0 * 1000).rounded(.up)) })
    }

    /// The cloud's "not before" outlives the process: stored as wall-clock time.
    private func persistNotBefore(_ schedule: WatchSchedule, nowMs: Int64) throws {
        let wall = schedule.notBeforeMs.map { wallNowMs() + ($0 - nowMs) }
        if wall != (try store.syncNotBefore()) { try store.setSyncNotBefore(wall) }
    }
}
