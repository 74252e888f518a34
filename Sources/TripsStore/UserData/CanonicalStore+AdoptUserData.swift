import SQLite

/// The user's own tables, which `trips reset` carries from the old store into the new one.
private let userTables = ["user_records", "user_fields", "user_outbox", "user_sync"]

extension CanonicalStore {
    /// Copies every user record, field, pending export and user-sync value from the store at `path`
    /// (the store `trips reset` replaces) into this one, in one transaction: all of it or nothing.
    public func adoptUserData(from path: String) throws {
        try attached(path) {
            for table in userTables {
                try database.execute("INSERT OR REPLACE INTO main.\(table) SELECT * FROM previous.\(table)")
            }
        }
    }

    /// Copies what only the store at `path` has (a backup an interrupted reset left): the user
    /// records this store lacks, with their fields and pending exports, and the user-sync values
    /// it lacks, in one transaction. What this store has stays: it is the same or newer, and a
    /// record deleted here stays deleted. Answers the live records copied, by kind.
    public func adoptMissingUserData(from path: String) throws -> [UserRecordType: Int] {
        try attached(path) {
            let missing =
                "SELECT name FROM previous.user_records WHERE name NOT IN (SELECT name FROM main.user_records)"
            let copied = try recordCounts(
                "SELECT type, count(*) FROM previous.user_records WHERE deleted_ms IS NULL AND name IN (\(missing)) GROUP BY type"
            )
            // Fields and exports first: `missing` no longer answers once the records are in.
            try database.execute(
                "INSERT OR IGNORE INTO main.user_fields SELECT * FROM previous.user_fields WHERE record IN (\(missing))"
            )
            try database.execute(
                "INSERT OR IGNORE INTO main.user_outbox SELECT * FROM previous.user_outbox WHERE name IN (\(missing))")
            try database.execute(
                "INSERT OR IGNORE INTO main.user_records SELECT * FROM previous.user_records WHERE name IN (\(missing))"
            )
            try database.execute("INSERT OR IGNORE INTO main.user_sync SELECT * FROM previous.user_sync")
            return copied
        }
    }

    /// Runs `body` in one transaction with the store at `path` attached as `previous`.
    private func attached<T>(_ path: String, _ body: () throws -> T) throws -> T {
        try database.run("ATTACH DATABASE ? AS previous", [.text(path)])
        defer { _ = try? database.run("DETACH DATABASE previous") }
        return try database.transaction(body)
    }
}
