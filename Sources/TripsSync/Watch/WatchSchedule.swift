import SyncHealth

/// When `trips sync --watch` syncs next — pure: the times are milliseconds on a timeline the
/// caller supplies, so every rule below is tested with made-up times (a virtual clock).
///
/// - At start, then an interval after each success.
/// - When the network goes from offline to online, after a debounce (2.5 s): each new "online"
///   restarts it and an "offline" suspends it, so a flapping link syncs once, after it settles.
///   While the network is known to be offline nothing is due (there is nothing to reach).
/// - After a temporary failure, exponential backoff with jitter (half to all of a ceiling that
///   doubles from `firstBackoffMs`), capped at the interval; after a lasting one, the interval.
/// - Never before the cloud's `retryAfter` ("not before"), which the caller persists so a
///   restarted watcher honours it too.
public struct WatchSchedule: Sendable, Hashable {
    public struct Policy: Sendable, Hashable {
        public var intervalMs: Int64
        public var debounceMs: Int64
        public var firstBackoffMs: Int64

        public init(intervalMs: Int64, debounceMs: Int64 = 2500, firstBackoffMs: Int64 = 1000) {
            self.intervalMs = max(1, intervalMs)
            self.debounceMs = debounceMs
            self.firstBackoffMs = max(1, firstBackoffMs)
        }
    }

    /// The longest wait a `retryAfter` is taken for (an hour): a server asking more is asked
    /// again then, and a manual `trips sync` that succeeds clears any wait at once.
    public static let longestRetryAfterMs: Int64 = 3_600_000

    public let policy: Policy
    public private(set) var network: NetworkStatus = .unknown
    /// The next sync and why, unless the network is offline or `notBeforeMs` is later.
    public private(set) var nextMs: Int64
    public private(set) var nextTrigger: WatchTrigger = .start
    /// The cloud asked for no request before this time.
    public private(set) var notBeforeMs: Int64?
    /// Failed tries since the last success.
    public private(set) var failures = 0

    public init(policy: Policy, startMs: Int64, notBeforeMs: Int64? = nil) {
        self.policy = policy
        nextMs = startMs
        self.notBeforeMs = notBeforeMs.flatMap { $0 > startMs ? $0 : nil }
    }

    /// When the caller should look again (`due`), or nil to wait for a network change.
    public var wakeMs: Int64? {
        guard network != .offline else { return nil }
        return max(nextMs, notBeforeMs ?? nextMs)
    }

    /// The sync to start at `nowMs`, if one is due.
    public func due(atMs nowMs: Int64) -> WatchTrigger? {
        guard let wakeMs, nowMs >= wakeMs else { return nil }
        return nextTrigger
    }

    /// A new network reading at `atMs`. Returns true when it restarted the debounce.
    @discardableResult
    public mutating func networkChanged(to status: NetworkStatus, atMs: Int64) -> Bool {
        defer { network = status }
        guard status == .online, network == .offline else { return false }
        nextMs = atMs + policy.debounceMs
        nextTrigger = .network
        return true
    }

    /// A try that started at some point ended at `atMs`; `random` in 0..<1 spreads the backoff.
    public mutating func finished(_ outcome: WatchOutcome, atMs: Int64, random: Double) {
        switch outcome {
        case .succeeded:
            failures = 0
            notBeforeMs = nil
            nextMs = atMs + policy.intervalMs
            nextTrigger = .interval
        case .failed(let temporary, let retryAfterMs):
            failures += 1
            nextMs = atMs + (temporary ? backoffMs(random: random) : policy.intervalMs)
            nextTrigger = .retry
            if let retryAfterMs {
                // One answer never stalls a watcher for a day: the wait it asks is capped.
                notBeforeMs = max(notBeforeMs ?? 0, atMs + min(retryAfterMs, Self.longestRetryAfterMs))
            }
        }
    }

    /// Half to all of `min(interval, first · 2^(failures-1))`: never zero, never in lockstep
    /// with other clients, never longer than a healthy watcher's wait.
    private func backoffMs(random: Double) -> Int64 {
        let ceiling = min(policy.intervalMs, policy.firstBackoffMs << min(max(failures - 1, 0), 30))
        let spread = Double(ceiling) / 2 * min(max(random, 0), 1)
        return ceiling - ceiling / 2 + Int64(spread.rounded())
    }
}
