import CSQLite

extension Database {
    /// Runs `body` in one transaction: committed when it returns, rolled back when it throws.
    /// `IMMEDIATE` takes the write lock up front so two writers queue instead of deadlocking.
    @discardableResult
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// Whether a transaction is open on this connection.
    public var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }
}
