import CSQLite
import FoundationEssentials

/// One SQLite connection. Small on purpose: open, execute, prepare, transactions and migrations;
/// intention-named queries live in the stores built on it.
///
/// Not thread-safe: confine a `Database` to one task or actor (SQLite is opened with
/// `SQLITE_OPEN_NOMUTEX`, which is what makes single-owner use fast).
public final class Database {
    public enum Location: Sendable, Hashable {
        case memory
        case file(String)
    }

    let handle: OpaquePointer
    public let location: Location
    private var statementCache: [String: Statement] = [:]
    /// How deep `savepoint` calls are nested (names the next savepoint).
    var savepointDepth = 0

    /// Opens (creating when allowed) and configures the connection: WAL journal for files,
    /// foreign keys on, a busy timeout so a concurrent writer waits instead of failing.
    /// `immutable` (read-only only) reads a file that nobody writes, without the WAL's shared-memory
    /// file: the way to read a WAL database in a folder we cannot write.
    public init(
        _ location: Location, readOnly: Bool = false, create: Bool = true, immutable: Bool = false,
        busyTimeoutMs: Int32 = 5000
    ) throws {
        self.location = location
        var db: OpaquePointer?
        let path: String
        switch location {
        case .memory: path = ":memory:"
        case .file(let p): path = immutable && readOnly ? Self.immutableURI(p) : p
        }
        var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        if immutable && readOnly { flags |= SQLITE_OPEN_URI }
        flags |= readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE
        if create && !readOnly { flags |= SQLITE_OPEN_CREATE }
        let rc = sqlite3_open_v2(path, &db, flags, nil)
        guard rc == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open database"
            if let db { sqlite3_close_v2(db) }
            throw SQLiteError(code: rc, message: message)
        }
        handle = db
        sqlite3_busy_timeout(db, busyTimeoutMs)
        do {
            if case .file = location, !readOnly {
                try execute("PRAGMA journal_mode = WAL")
                try execute("PRAGMA synchronous = NORMAL")
                // A large write (seeding a feeds database, a season's publish) spills a 2 MB page
                // cache to the file thousands of times; 32 MB holds it. Only pages used are taken.
                try execute("PRAGMA cache_size = -32768")
            }
            try execute("PRAGMA foreign_keys = ON")
        } catch {
            statementCache.removeAll()
            sqlite3_close_v2(db)
            throw error
        }
    }

    /// `file:PATH?immutable=1`, with the characters a URI gives meaning to escaped.
    private static func immutableURI(_ path: String) -> String {
        var bytes: [UInt8] = []
        for byte in path.utf8 {
            if byte == UInt8(ascii: "%") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") {
                bytes += Array("%\(String(byte, radix: 16, uppercase: true))".utf8)
            } else {
                bytes.append(byte)
            }
        }
        return "file:" + String(decoding: bytes, as: UTF8.self) + "?immutable=1"
    }

    deinit {
        statementCache.removeAll()
        sqlite3_close_v2(handle)
    }

    /// Runs one or more statements that return no rows.
    public func execute(_ sql: String) throws {
        var errorMessage: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(handle, sql, nil, nil, &errorMessage)
        if rc != SQLITE_OK {
            let message = errorMessage.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
            sqlite3_free(errorMessage)
            throw SQLiteError(code: rc, message: message, sql: sql)
        }
    }

    /// A prepared statement, cached by SQL text; it comes back reset with no bindings. While
    /// the cached one is mid-iteration (a row mapper running the same query again), a fresh,
    /// uncached statement is answered instead, so the outer loop is not reset under its feet.
    public func prepare(_ sql: String) throws -> Statement {
        if let cached = statementCache[sql] {
            if sqlite3_stmt_busy(cached.handle) != 0 { return try Statement(database: self, sql: sql) }
            cached.reset()
            return cached
        }
        let statement = try Statement(database: self, sql: sql)
        statementCache[sql] = statement
        return statement
    }

    /// Prepares, binds and runs a statement that returns no rows; answers the rows changed.
    @discardableResult
    public func run(_ sql: String, _ values: [SQLValue] = []) throws -> Int {
        let statement = try prepare(sql)
        defer { statement.reset() }
        try statement.bind(values)
        try statement.runToEnd()
        return Int(sqlite3_changes(handle))
    }

    /// Every row of a query, mapped. The statement is reset however this ends (a mapper that
    /// throws must not leave a read transaction open on a cached statement).
    public func rows<T>(_ sql: String, _ values: [SQLValue] = [], _ map: (Row) throws -> T) throws -> [T] {
        let statement = try prepare(sql)
        defer { statement.reset() }
        try statement.bind(values)
        var result: [T] = []
        while let row = try statement.step() { result.append(try map(row)) }
        return result
    }

    /// The first row of a query, mapped, or nil.
    public func row<T>(_ sql: String, _ values: [SQLValue] = [], _ map: (Row) throws -> T) throws -> T? {
        let statement = try prepare(sql)
        try statement.bind(values)
        defer { statement.reset() }
        return try statement.step().map(map)
    }

    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Rows this connection has inserted, updated or deleted since it opened: whether it wrote.
    public var totalChanges: Int64 { sqlite3_total_changes64(handle) }

    /// Copies the WAL into the database file and truncates the WAL, so the file alone is the
    /// whole database (a copy of it, or a backup, misses nothing). Waits for readers like a
    /// write does; throws `SQLITE_BUSY` when they outlast the busy timeout.
    public func checkpoint() throws {
        let rc = sqlite3_wal_checkpoint_v2(handle, nil, SQLITE_CHECKPOINT_TRUNCATE, nil, nil)
        if rc != SQLITE_OK { throw error(rc, sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
    }

    var lastErrorMessage: String { String(cString: sqlite3_errmsg(handle)) }

    func error(_ rc: Int32, sql: String?) -> SQLiteError {
        SQLiteError(code: rc, message: lastErrorMessage, sql: sql)
    }
}
