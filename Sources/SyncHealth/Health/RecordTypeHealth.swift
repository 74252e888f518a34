import TripsModel
import TripsStore

/// One record type's line in `trips sync status`: its durable bookkeeping with ages.
public struct RecordTypeHealth: Sendable, Hashable {
    public var state: SyncTypeState
    /// Live records of the type in the store, when known.
    public var liveRecords: Int?
    /// Since the newest server change applied (the watermark is the server's clock: approximate).
    public var watermarkAge: Duration?
    public var sinceLastSuccess: Duration?

    public var recordType: RecordType { state.recordType }
    public var isFailing: Bool { state.consecutiveFailures > 0 }

    init(state: SyncTypeState, liveRecords: Int?, nowMs: Int64) {
        self.state = state
        self.liveRecords = liveRecords
        watermarkAge = state.watermarkMs.map { .milliseconds(max(0, nowMs - $0)) }
        sinceLastSuccess = state.lastSuccessMs.map { .milliseconds(max(0, nowMs - $0)) }
    }
}
