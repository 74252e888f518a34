import TripsModel

/// The durable sync bookkeeping of one record type (DESIGN §6.7): where the pull stands and
/// how the last attempts went, readable by `trips sync status` from another process.
public struct SyncTypeState: Sendable, Hashable {
    public var recordType: RecordType
    /// Largest server `modified` applied (never the client's clock); nil before any data.
    public var watermarkMs: Int64?
    /// Client wall-clock times, for people.
    public var lastAttemptMs: Int64?
    public var lastSuccessMs: Int64?
    public var consecutiveFailures: Int
    /// One line, no secrets.
    public var lastError: String?
    /// Records whose content changed the store through sync, over the store's life.
    public var appliedTotal: Int

    public init(
        recordType: RecordType, watermarkMs: Int64? = nil, lastAttemptMs: Int64? = nil, lastSuccessMs: Int64? = nil,
        consecutiveFailures: Int = 0, lastError: String? = nil, appliedTotal: Int = 0
    ) {
        self.recordType = recordType
        self.watermarkMs = watermarkMs
        self.lastAttemptMs = lastAttemptMs
        self.lastSuccessMs = lastSuccessMs
        self.consecutiveFailures = consecutiveFailures
        self.lastError = lastError
        self.appliedTotal = appliedTotal
    }
}
