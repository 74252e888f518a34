import TripsModel

/// A progress report of the pull, sent after every applied page and when a type ends, so a
/// terminal can show a live line per type.
public struct SyncProgress: Sendable, Hashable {
    public var recordType: RecordType
    public var pages: Int
    /// Entries received so far for this type.
    public var records: Int
    /// Of which changed the store.
    public var changed: Int
    /// The type is done (completed, cancelled or failed).
    public var finished: Bool

    public init(recordType: RecordType, pages: Int, records: Int, changed: Int, finished: Bool) {
        self.recordType = recordType
        self.pages = pages
        self.records = records
        self.changed = changed
        self.finished = finished
    }
}
