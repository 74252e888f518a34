import FoundationEssentials
import Glibc
import SQLite

/// What a file at the store's path is, so `trips reset` replaces only a trips store (or a
/// damaged one) and never, say, `--store notes.txt`.
public enum StoreFileKind: Sendable, Hashable {
    /// Nothing there yet.
    case absent
    /// An empty file, or an SQLite database with no tables: nothing to lose.
    case empty
    /// A store of this program (its schema history starts with ours).
    case tripsStore
    /// An SQLite database that cannot be read: what a damaged store looks like.
    case damagedDatabase
    /// Anything else; `reason` says what it is, for the refusal.
    case foreign(reason: String)

    /// Looks at the file without changing it (read-only). Throws only when another process
    /// keeps the file locked (`SQLITE_BUSY`): try again later.
    public static func of(path: String) throws -> StoreFileKind {
        var info = stat()
        guard stat(path, &info) == 0 else {
            return errno == ENOENT ? .absent : .foreign(reason: String(cString: strerror(errno)))
        }
        guard info.st_mode & S_IFMT == S_IFREG else { return .foreign(reason: "not a regular file") }
        if info.st_size == 0 { return .empty }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .foreign(reason: "unreadable") }
        var header = [UInt8](repeating: 0, count: 16)
        let count = read(descriptor, &header, 16)
        close(descriptor)
        guard count == 16, header == Array("SQLite format 3\0".utf8) else {
            return .foreign(reason: "not an SQLite database")
        }
        do {
            let database = try Database(.file(path), readOnly: true, create: false)
            let tables = try database.rows("SELECT name FROM sqlite_master WHERE type = 'table'") { $0.string(0) }
            if tables.isEmpty { return .empty }
            guard tables.contains("schema_migrations") else {
                return .foreign(reason: "the database of another program")
            }
            let first = try database.row("SELECT name FROM schema_migrations ORDER BY position LIMIT 1") {
                $0.string(0)
            }
            guard first == CanonicalSchema.migrations.first?.name else {
                return .foreign(reason: "the database of another program")
            }
            return .tripsStore
        } catch let error as SQLiteError where error.isBusy {
            throw error
        } catch {
            return .damagedDatabase
        }
    }
}
