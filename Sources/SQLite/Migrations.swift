/// A named schema change. Migrations are append-only: once shipped, a migration's name and
/// SQL never change; new needs get a new migration at the end.
public struct Migration: Sendable {
    public var name: String
    public var sql: String

    public init(_ name: String, _ sql: String) {
        self.name = name
        self.sql = sql
    }
}

/// Why a store could not be brought to the current schema.
public enum MigrationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file was written by a newer build (it has migrations this build does not know).
    case newerSchema(unknown: [String])
    /// The applied migrations are not a prefix of ours: the file is not one of our stores.
    case foreignSchema(applied: [String])
    /// The database has tables but no migration history: another program's database, which
    /// migrating would silently fill with our tables (and a later reset would then delete).
    case unmanagedDatabase(tables: [String])

    public var description: String {
        switch self {
        case .newerSchema(let names):
            return "written by a newer version (unknown migrations: \(names.joined(separator: ", ")))"
        case .foreignSchema: return "not a store of this program (its schema history does not match)"
        case .unmanagedDatabase(let tables):
            let shown = tables.prefix(3).joined(separator: ", ") + (tables.count > 3 ? ", …" : "")
            return "another program's database, with tables \(shown)"
        }
    }
}

extension Database {
    /// Only an empty database or one with a migration history is ours to change: another
    /// program's database throws `unmanagedDatabase`. Reads only, so it can run read-only first.
    public func checkManaged() throws {
        let tables = try rows("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'") {
            $0.string(0)
        }
        if !tables.isEmpty, !tables.contains("schema_migrations") {
            throw MigrationError.unmanagedDatabase(tables: tables.sorted())
        }
    }

    /// Applies the migrations not yet applied, each in its own transaction, recording their
    /// names in `schema_migrations`. Answers the names applied now.
    @discardableResult
    public func migrate(_ migrations: [Migration]) throws -> [String] {
        try checkManaged()
        try execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at INTEGER NOT NULL, position INTEGER NOT NULL)"
        )
        let applied = try rows("SELECT name FROM schema_migrations ORDER BY position") { $0.string(0) }
        let known = migrations.map(\.name)
        if applied.count > known.count || Array(known.prefix(applied.count)) != applied {
            let unknown = applied.filter { !known.contains($0) }
            if !unknown.isEmpty, Array(applied.prefix(known.count)) == known || known.allSatisfy(applied.contains) {
                throw MigrationError.newerSchema(unknown: unknown)
            }
            throw MigrationError.foreignSchema(applied: applied)
        }
        var done: [String] = []
        for (position, migration) in migrations.enumerated() where position >= applied.count {
            let applied = try transaction { () -> Bool in
                // Another process may have applied it since we looked: check under the write lock.
                let already = try row("SELECT 1 FROM schema_migrations WHERE name = ?", [.text(migration.name)]) { _ in
                    true
                }
                if already == true { return false }
                try execute(migration.sql)
                try run(
                    "INSERT INTO schema_migrations (name, applied_at, position) VALUES (?, strftime('%s','now'), ?)",
                    [.text(migration.name), .int(Int64(position))])
                return true
            }
            if applied { done.append(migration.name) }
        }
        return done
    }
}
