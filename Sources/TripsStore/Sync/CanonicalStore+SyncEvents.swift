import SQLite

extension CanonicalStore {
    /// Opens a log entry in state `inProgress`; answers its id for `endSyncEvent`.
    @discardableResult
    public func beginSyncEvent(_ kind: SyncEvent.Kind, atMs ms: Int64, detail: String? = nil) throws -> Int64 {
        try database.run(
            "INSERT INTO sync_events (kind, state, started_ms, detail) VALUES (?, ?, ?, ?)",
            [.text(kind.rawValue), .text(SyncEvent.State.inProgress.rawValue), .int(ms), SQLValue(detail)])
        return database.lastInsertRowID
    }

    /// Closes a log entry. `error` is kept as one line.
    public func endSyncEvent(
        _ id: Int64, state: SyncEvent.State, atMs ms: Int64, error: String? = nil, detail: String? = nil
    ) throws {
        try database.run(
            "UPDATE sync_events SET state = ?, ended_ms = ?, error = ?, detail = coalesce(?, detail) WHERE id = ?",
            [.text(state.rawValue), .int(ms), SQLValue(error?.oneLine), SQLValue(detail), .int(id)])
    }

    /// Entries left `inProgress` by a process that died. Call only while holding the sync lock
    /// (then nobody else can be running); answers how many were closed as failed.
    @discardableResult
    public func closeInterruptedSyncEvents(atMs ms: Int64) throws -> Int {
        try database.run(
            "UPDATE sync_events SET state = ?, ended_ms = ?, error = ? WHERE state = ?",
            [
                .text(SyncEvent.State.failed.rawValue), .int(ms),
                .text(SyncEvent.interruptedError),
                .text(SyncEvent.State.inProgress.rawValue),
            ])
    }

    /// The most recent entries first (of one kind, or all).
    public func syncEvents(kind: SyncEvent.Kind? = nil, limit: Int = 50) throws -> [SyncEvent] {
        var sql = "SELECT id, kind, state, started_ms, ended_ms, error, detail FROM sync_events"
        var values: [SQLValue] = []
        if let kind {
            sql += " WHERE kind = ?"
            values.append(.text(kind.rawValue))
        }
        sql += " ORDER BY id DESC LIMIT ?"
        values.append(.int(Int64(limit)))
        return try database.rows(sql, values) { row -> SyncEvent? in
            guard let kind = SyncEvent.Kind(rawValue: row.string(1)),
                let state = SyncEvent.State(rawValue: row.string(2))
            else { return nil }
            return SyncEvent(
                id: row.int64(0), kind: kind, state: state, startedMs: row.int64(3), endedMs: row.optionalInt64(4),
                error: row.optionalString(5), detail: row.optionalString(6))
        }.compactMap { $0 }
    }
}

extension CanonicalStore {
    /// The newest entry of `kind` in `state` however far back it is: the recent log alone may not
    /// reach a watcher's last success after hours of failures.
    public func latestSyncEvent(_ kind: SyncEvent.Kind, state: SyncEvent.State) throws -> SyncEvent? {
        try database.row(
            """
            SELECT id, started_ms, ended_ms, error, detail FROM sync_events WHERE kind = ? AND state = ?
            ORDER BY id DESC LIMIT 1
            """, [.text(kind.rawValue), .text(state.rawValue)]
        ) { row in
            SyncEvent(
                id: row.int64(0), kind: kind, state: state, startedMs: row.int64(1), endedMs: row.optionalInt64(2),
                error: row.optionalString(3), detail: row.optionalString(4))
        }
    }
}
