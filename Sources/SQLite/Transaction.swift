import CSQLite

extension Database {
    /// Runs `body` in one transaction: committed when it returns, rolled back when it throws.
    /// `IMMEDIATE` takes the write lock up front so two writers queue instead of deadlocking.
    @discardableResult
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        try scope(begin: "BEGIN IMMEDIATE", end: "COMMIT", undo: "ROLLBACK", body)
    }

    /// Runs `body` in a savepoint: released when it returns, rolled back (to the savepoint
    /// only) when it throws. Nests inside a transaction or another savepoint, so a step that
    /// may fail can be undone without giving up the enclosing transaction's work.
    @discardableResult
    public func savepoint<T>(_ body: () throws -> T) throws -> T {
        savepointDepth += 1
        defer { savepointDepth -= 1 }
        let name = "sp\(savepointDepth)"
        return try scope(
            begin: "SAVEPOINT \(name)", end: "RELEASE \(name)", undo: "ROLLBACK TO \(name); RELEASE \(name)", body)
    }

    /// Whether a transaction is open on this connection.
    public var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// `begin`, then `body`; `end` when it returns, `undo` (best effort) when it throws.
    private func scope<T>(begin: String, end: String, undo: String, _ body: () throws -> T) throws -> T {
        try execute(begin)
        do {
            let result = try body()
            try execute(end)
            return result
        } catch {
            try? execute(undo)
            throw error
        }
    }
}
