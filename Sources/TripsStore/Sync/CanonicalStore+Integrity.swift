extension CanonicalStore {
    /// SQLite's own consistency check of the store file (`["ok"]` when sound): what a sync
    /// killed at any point must leave behind.
    public func integrityCheck() throws -> [String] {
        try database.rows("PRAGMA integrity_check") { $0.string(0) }
    }
}
