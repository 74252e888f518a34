import TripsModel
import TripsStore

/// Everything `SyncHealth` judges, as plain values: the store's durable state and log, the
/// network and the account as known now. Gathering them is I/O (`init(store:…)`); judging them
/// is not, so every health case can be tested from values.
public struct SyncObservation: Sendable, Hashable {
    /// Per record type bookkeeping (any order; types missing count as never synced).
    public var states: [SyncTypeState]
    /// Log entries, any order; the most recent ones plus each kind's last success is enough.
    public var events: [SyncEvent]
    public var network: NetworkStatus
    public var account: UserDataAccount
    /// The interval of a running watcher, nil when no watcher runs (see `SyncWatchRecord`).
    public var watchIntervalMs: Int64?
    /// A process holds the sync lock now. Without one, an entry still "in progress" belongs to
    /// a process that died.
    public var syncRunning: Bool
    /// Live records per type, for the headline's count.
    public var liveRecords: [RecordType: Int]
    /// Client wall-clock now, in the store's milliseconds.
    public var nowMs: Int64
    /// Overrides the "not syncing" threshold (default: `SyncHealth.staleAfterMs(watchIntervalMs:)`).
    public var staleAfterMs: Int64?

    public init(
        states: [SyncTypeState] = [], events: [SyncEvent] = [], network: NetworkStatus = .unknown,
        account: UserDataAccount = .notUsed, watchIntervalMs: Int64? = nil, syncRunning: Bool = false,
        liveRecords: [RecordType: Int] = [:], nowMs: Int64, staleAfterMs: Int64? = nil
    ) {
        self.states = states
        self.events = events
        self.network = network
        self.account = account
        self.watchIntervalMs = watchIntervalMs
        self.syncRunning = syncRunning
        self.liveRecords = liveRecords
        self.nowMs = nowMs
        self.staleAfterMs = staleAfterMs
    }
}
