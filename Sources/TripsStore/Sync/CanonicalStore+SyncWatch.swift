import SQLite

/// The watcher's record lives in `store_info` (two keys), so it needs no migration.
extension CanonicalStore {
    private static let watchIntervalKey = "sync.watch.intervalMs"
    private static let watchStartedKey = "sync.watch.startedMs"
    private static let watchPidKey = "sync.watch.pid"
    private static let watchProcessStartKey = "sync.watch.processStartTicks"
    private static let notBeforeKey = "sync.notBeforeMs"

    /// A watcher starts (or restarts with another interval).
    public func beginSyncWatch(_ record: SyncWatchRecord) throws {
        try database.transaction {
            try setInfo(Self.watchIntervalKey, String(record.intervalMs))
            try setInfo(Self.watchStartedKey, String(record.startedMs))
            try setInfo(Self.watchPidKey, record.process.map { String($0.pid) } ?? "")
            try setInfo(Self.watchProcessStartKey, record.process.map { String($0.startTicks) } ?? "")
        }
    }

    /// The watcher ends on purpose: status goes back to the no-watcher threshold.
    public func endSyncWatch() throws {
        try database.run(
            "DELETE FROM store_info WHERE key IN (?, ?, ?, ?)",
            [
                .text(Self.watchIntervalKey), .text(Self.watchStartedKey), .text(Self.watchPidKey),
                .text(Self.watchProcessStartKey),
            ])
    }

    /// The watcher's record, or nil when none has run since the last one ended.
    public func syncWatch() throws -> SyncWatchRecord? {
        guard let interval = try info(Self.watchIntervalKey).flatMap(Int64.init),
            let started = try info(Self.watchStartedKey).flatMap(Int64.init)
        else { return nil }
        var process: ProcessIdentity?
        if let pid = try info(Self.watchPidKey).flatMap(Int32.init),
            let start = try info(Self.watchProcessStartKey).flatMap(UInt64.init)
        {
            process = ProcessIdentity(pid: pid, startTicks: start)
        }
        return SyncWatchRecord(intervalMs: interval, startedMs: started, process: process)
    }

    /// The cloud asked for no request before this wall-clock time (its `retryAfter`), kept so a
    /// restarted watcher waits too; nil when it did not ask or the wait is cleared.
    public func syncNotBefore() throws -> Int64? {
        try info(Self.notBeforeKey).flatMap(Int64.init)
    }

    public func setSyncNotBefore(_ ms: Int64?) throws {
        if let ms {
            try setInfo(Self.notBeforeKey, String(ms))
        } else {
            try database.run("DELETE FROM store_info WHERE key = ?", [.text(Self.notBeforeKey)])
        }
    }
}
