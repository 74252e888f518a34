import TripsModel

/// What one maintenance run removed.
public struct MaintenanceReport: Sendable, Hashable {
    /// Deprecated records purged, per type (types with none are absent).
    public var purged: [RecordType: Int]
    /// Sync log entries dropped by the cap.
    public var eventsDropped: Int

    public init(purged: [RecordType: Int] = [:], eventsDropped: Int = 0) {
        self.purged = purged.filter { $0.value > 0 }
        self.eventsDropped = eventsDropped
    }

    public var purgedTotal: Int { purged.values.reduce(0, +) }

    /// Whether the run found nothing to remove.
    public var isEmpty: Bool { purged.isEmpty && eventsDropped == 0 }
}
