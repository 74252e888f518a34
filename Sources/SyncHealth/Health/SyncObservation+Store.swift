import TripsModel
import TripsStore

extension SyncObservation {
    /// How many recent log entries are read besides each kind's last success.
    public static let recentEventLimit = 200

    /// Reads what the health needs from a store and the sync lock beside it; the network and
    /// the account come from the caller (a `NetworkStateFiles` reading, the cloud settings). A
    /// watcher's interval sets the threshold only while that watcher process lives.
    public init(
        store: CanonicalStore, lockPath: String, network: NetworkStatus, account: UserDataAccount, nowMs: Int64
    ) throws {
        var events = try store.syncEvents(limit: Self.recentEventLimit)
        let recent = Set(events.map(\.id))
        for kind in SyncEvent.Kind.allCases {
            if let success = try store.latestSyncEvent(kind, state: .succeeded), !recent.contains(success.id) {
                events.append(success)
            }
        }
        var live: [RecordType: Int] = [:]
        for type in RecordType.syncOrder { live[type] = try store.liveCount(type) }
        self.init(
            states: try store.syncStates(), events: events, network: network, account: account,
            watchIntervalMs: try store.syncWatch().flatMap { $0.isLive ? $0.intervalMs : nil },
            syncRunning: SyncLock.holder(at: lockPath) != nil,
            liveRecords: live, nowMs: nowMs)
    }
}
