import TripsModel
import TripsStore

/// The health of sync as `trips sync status` reports it (DESIGN §7): one summary, whether that is
/// broken (`--check` exits 1), each kind's state and age, and each record type's bookkeeping.
/// Pure: it judges a `SyncObservation` and does no I/O, so status, `--check` and a watcher agree.
///
///     let health = SyncHealth(try SyncObservation(store: store, lockPath: lock, network: .online,
///                                                 account: .notUsed, nowMs: nowMs))
///     if health.isBroken { … health.error, health.failingFor … }
public struct SyncHealth: Sendable, Hashable {
    public var summary: SyncHealthSummary
    /// An error, or no success for too long — never while the network is known to be down,
    /// where failures are expected. An unavailable account hides neither from `--check`.
    public var isBroken: Bool
    /// Setup, import, export, in that order.
    public var kinds: [SyncKindHealth]
    /// In sync order.
    public var recordTypes: [RecordTypeHealth]
    public var network: NetworkStatus
    /// The end of the last successful import (pull).
    public var lastSuccessMs: Int64?
    public var sinceLastSuccess: Duration?
    /// When the current failures began (the earliest failing kind), for "failing for 3 h".
    public var failingSinceMs: Int64?
    public var failingFor: Duration?
    /// The failure to show: the newest failed kind's message, else a failing record type's.
    public var error: String?
    /// The "not syncing" threshold that applied.
    public var staleAfterMs: Int64
    /// No success (nor a running sync's start) within `staleAfterMs`.
    public var isStale: Bool
    /// Live records in the store.
    public var records: Int

    /// A day, when no watcher runs (syncs are by hand or from a timer).
    public static let staleAfterWithoutWatcherMs: Int64 = 24 * 3_600_000

    /// Two watch intervals (one missed tick is not yet news), or a day without a watcher.
    public static func staleAfterMs(watchIntervalMs: Int64?) -> Int64 {
        watchIntervalMs.map { 2 * $0 } ?? staleAfterWithoutWatcherMs
    }

    public init(_ observation: SyncObservation) {
        let now = observation.nowMs
        let newestFirst = observation.events.sorted { $0.id > $1.id }
        kinds = SyncEvent.Kind.allCases.map { kind in
            SyncKindHealth(
                kind: kind, events: newestFirst.filter { $0.kind == kind }, syncRunning: observation.syncRunning,
                nowMs: now)
        }
        let statesByType = Dictionary(
            observation.states.map { ($0.recordType, $0) }, uniquingKeysWith: { first, _ in first })
        recordTypes = RecordType.syncOrder.map { type in
            RecordTypeHealth(
                state: statesByType[type] ?? SyncTypeState(recordType: type),
                liveRecords: observation.liveRecords[type], nowMs: now)
        }
        network = observation.network
        records = observation.liveRecords.values.reduce(0, +)

        let pull = kinds.first { $0.kind == .import }
        lastSuccessMs = pull?.lastSuccessMs
        sinceLastSuccess = lastSuccessMs.map { .milliseconds(max(0, now - $0)) }

        let failingKinds = kinds.filter(\.isFailing)
        let running = kinds.contains(where: \.isRunning)
        // A type's failure counts only between pulls: a running pull may be fixing it.
        let failingTypes = running ? [] : recordTypes.filter(\.isFailing)
        failingSinceMs = failingKinds.compactMap(\.failingSinceMs).min()
        failingFor = failingSinceMs.map { .milliseconds(max(0, now - $0)) }
        error =
            failingKinds.max { ($0.activity.sinceMs ?? 0) < ($1.activity.sinceMs ?? 0) }?.error
            ?? failingTypes.first.map { "\($0.recordType.rawValue): \($0.state.lastError ?? "failed")" }
        let hasError = !failingKinds.isEmpty || !failingTypes.isEmpty

        let threshold = observation.staleAfterMs ?? Self.staleAfterMs(watchIntervalMs: observation.watchIntervalMs)
        staleAfterMs = threshold
        // Without any success, the clock runs from the first run seen; a running pull is a sign of life.
        var lastSignOfLife = lastSuccessMs ?? newestFirst.last?.startedMs
        if let pull, case .inProgress(let started) = pull.activity {
            lastSignOfLife = max(lastSignOfLife ?? started, started)
        }
        let offline = observation.network == .offline
        isStale = !offline && lastSignOfLife.map { now - $0 > threshold } ?? false
        isBroken = !offline && (hasError || isStale)

        if offline {
            summary = .noNetwork
        } else if observation.account == .notAvailable {
            summary = .accountNotAvailable
        } else if hasError {
            summary = .error
        } else if isStale {
            summary = .notSyncing
        } else if kinds.allSatisfy({ $0.activity == .notStarted }) {
            summary = .notStarted
        } else if running {
            summary = .inProgress
        } else if kinds.allSatisfy({ $0.activity == .notStarted || $0.hasSucceeded }) {
            summary = .succeeded
        } else {
            summary = .unknown
        }
    }

    /// The state of one kind of sync work.
    public func kind(_ kind: SyncEvent.Kind) -> SyncKindHealth {
        kinds.first { $0.kind == kind }!
    }
}
