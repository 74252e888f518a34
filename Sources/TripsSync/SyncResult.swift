import TripsModel
import TripsStore

/// What one canonical pull did, per record type and overall: the summary `trips sync` prints
/// (table or JSON) and the detail of the durable sync event.
public struct SyncResult: Sendable, Hashable {
    /// One entry per requested type, in sync order.
    public var types: [TypeSyncResult] = []
    public var full: Bool
    public var durationSeconds: Double = 0
    /// Stopped on request (signal, time limit) at a page boundary; everything applied is kept.
    public var wasCancelled = false
    public var errors: [SyncFailure] = []
    /// Games whose teams or stadium are not known after the pull (nil when games were not pulled).
    public var unresolvedGames: UnresolvedGameReport?

    public init(full: Bool) {
        self.full = full
    }

    public var succeeded: Bool { !wasCancelled && errors.isEmpty }

    /// The longest wait the cloud asked for in this run's failures, in seconds (nil: none asked).
    public var retryAfterSeconds: Double? { errors.compactMap(\.retryAfterSeconds).max() }

    /// Adds a failure to `errors`; the same message from another type joins the earlier entry
    /// (a cloud refusing every type alike is one problem, said once — not seven times).
    public mutating func add(_ failure: SyncFailure) {
        if let type = failure.recordType,
            let index = errors.firstIndex(where: {
                $0.recordType != nil && $0.message == failure.message && $0.isTemporary == failure.isTemporary
            })
        {
            errors[index].sameFailureFor.append(type)
            return
        }
        errors.append(failure)
    }

    /// The merge counts of all types added up.
    public var totals: MergeCounts {
        types.reduce(into: MergeCounts()) { $0.add($1.counts) }
    }

    /// The types whose cloud database was replaced since the last sync (re-read from scratch).
    public var cloudReplaced: [RecordType] { types.filter(\.cloudReplaced).map(\.recordType) }

    /// Records whose content changed the store: applied, deprecated, and reconciled away.
    public var changed: Int { types.reduce(0) { $0 + $1.counts.changed + $1.reconciled } }

    /// One line for the durable log: "applied 3, deprecated 0, unchanged 12, …".
    public var summaryLine: String {
        let t = totals
        var parts = [
            "applied \(t.applied)", "deprecated \(t.deprecated)", "unchanged \(t.unchanged)",
            "older \(t.skippedOlder)", "incompatible \(t.skippedIncompatible)", "malformed \(t.malformed)",
        ]
        let reconciled = types.reduce(0) { $0 + $1.reconciled }
        if full || reconciled > 0 { parts.append("reconciled \(reconciled)") }
        if !cloudReplaced.isEmpty { parts.append("cloud replaced: re-read \(cloudReplaced.count) types") }
        parts.append("pages \(types.reduce(0) { $0 + $1.pages })")
        return parts.joined(separator: ", ")
    }
}

/// The pull of one record type.
public struct TypeSyncResult: Sendable, Hashable {
    public enum Status: String, Sendable, Hashable {
        /// Read to the end of the server's records.
        case completed
        /// Stopped at a page boundary on request; the next sync resumes from the watermark.
        case cancelled
        case failed
        /// Not reached: an earlier failure stopped the sync (e.g. the cloud is unreachable).
        case notAttempted
    }

    public var recordType: RecordType
    public var status: Status
    public var counts = MergeCounts()
    public var pages = 0
    /// Entries received, malformed ones included.
    public var records = 0
    /// Local records deprecated by a full pull's reconciliation.
    public var reconciled = 0
    /// The cloud's database turned out to be another one than the store last read (its epoch
    /// changed): the type was re-read from scratch, the cloud's versions winning.
    public var cloudReplaced = false
    /// The type's watermark after the pull.
    public var watermarkMs: Int64?
    public var error: String?

    public init(recordType: RecordType, status: Status = .notAttempted) {
        self.recordType = recordType
        self.status = status
    }
}
