import CSQLite

/// The destructor SQLite wants when it must copy bound text/blobs (a C macro Swift cannot see).
let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// A value to bind or read. Only the four storage classes the stores use.
public enum SQLValue: Sendable, Hashable {
    case null
    case int(Int64)
    case double(Double)
    case text(String)

    public init(_ s: String?) { self = s.map(SQLValue.text) ?? .null }
    public init(_ i: Int?) { self = i.map { .int(Int64($0)) } ?? .null }
    public init(_ i: Int64?) { self = i.map(SQLValue.int) ?? .null }
    public init(_ d: Double?) { self = d.map(SQLValue.double) ?? .null }
    public init(_ b: Bool) { self = .int(b ? 1 : 0) }
}

/// A prepared statement. Obtain one from `Database.prepare`, bind, then `step` until nil.
public final class Statement {
    let handle: OpaquePointer
    unowned let database: Database
    public let sql: String

    init(database: Database, sql: String) throws {
        var stmt: OpaquePointer?
        let rc = sqlite3_prepare_v3(database.handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &stmt, nil)
        guard rc == SQLITE_OK, let stmt else { throw database.error(rc, sql: sql) }
        self.handle = stmt
        self.database = database
        self.sql = sql
    }

    deinit { sqlite3_finalize(handle) }

    public func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// Binds positional parameters (`?`), 1-based in SQL, 0-based here.
    public func bind(_ values: [SQLValue]) throws {
        for (i, value) in values.enumerated() { try bind(value, at: Int32(i + 1)) }
    }

    public func bind(_ value: SQLValue, at index: Int32) throws {
        let rc: Int32
        switch value {
        case .null: rc = sqlite3_bind_null(handle, index)
        case .int(let i): rc = sqlite3_bind_int64(handle, index, i)
        case .double(let d): rc = sqlite3_bind_double(handle, index, d)
        case .text(let s):
            // By length, not up to a NUL: text from the cloud may hold one, and a cut is silent.
            var text = s
            rc = text.withUTF8 { bytes in
                guard let base = bytes.baseAddress else {
                    return sqlite3_bind_text(handle, index, "", 0, sqliteTransient)
                }
                return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                    sqlite3_bind_text64(
                        handle, index, $0, sqlite3_uint64(bytes.count), sqliteTransient, UInt8(SQLITE_UTF8))
                }
            }
        }
        // Only the SQL goes into the error, never the value.
        guard rc == SQLITE_OK else { throw database.error(rc, sql: sql) }
    }

    /// The next row, or nil when done (the statement is then reset for reuse).
    public func step() throws -> Row? {
        let rc = sqlite3_step(handle)
        switch rc {
        case SQLITE_ROW: return Row(handle: handle)
        case SQLITE_DONE:
            sqlite3_reset(handle)
            return nil
        default:
            let error = database.error(rc, sql: sql)
            sqlite3_reset(handle)
            throw error
        }
    }

    /// Runs a statement that returns no rows (extra rows are ignored).
    public func runToEnd() throws {
        while try step() != nil {}
    }
}

/// A read cursor on the current row. Valid only until the next `step`.
public struct Row {
    let handle: OpaquePointer

    public func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }

    public func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }

    public func int(_ column: Int32) -> Int { Int(sqlite3_column_int64(handle, column)) }

    public func double(_ column: Int32) -> Double { sqlite3_column_double(handle, column) }

    public func bool(_ column: Int32) -> Bool { sqlite3_column_int64(handle, column) != 0 }

    public func string(_ column: Int32) -> String {
        guard let text = sqlite3_column_text(handle, column) else { return "" }
        // By length: a NUL inside the text is kept (String(cString:) would stop there).
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    public func optionalString(_ column: Int32) -> String? { isNull(column) ? nil : string(column) }

    public func optionalInt64(_ column: Int32) -> Int64? { isNull(column) ? nil : int64(column) }

    public func optionalInt(_ column: Int32) -> Int? { isNull(column) ? nil : int(column) }

    public var columnCount: Int32 { sqlite3_column_count(handle) }
}
