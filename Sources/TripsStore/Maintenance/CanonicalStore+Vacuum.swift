extension CanonicalStore {
    /// The store's size in bytes: every page, used or free — what the file holds once the WAL
    /// is checkpointed into it.
    public func sizeBytes() throws -> Int64 {
        let pages = try database.row("PRAGMA page_count") { $0.int64(0) } ?? 0
        let pageSize = try database.row("PRAGMA page_size") { $0.int64(0) } ?? 0
        return pages * pageSize
    }

    /// Rebuilds the store without its free pages (`VACUUM`) and checkpoints, so the file itself
    /// shrinks. It rewrites every page: run it holding the `SyncLock` (never during a sync), and
    /// never inside a transaction (SQLite refuses).
    public func vacuum() throws {
        try database.execute("VACUUM")
        if path != nil { try database.checkpoint() }
    }
}
