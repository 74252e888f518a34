import CSQLite

/// A failed SQLite call. Keeps the result code, SQLite's message and the SQL text, but never
/// the bound values, so user data and tokens do not leak into logs or error output.
public struct SQLiteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The primary or extended result code (`SQLITE_BUSY`, `SQLITE_CORRUPT`, …).
    public var code: Int32
    public var message: String
    public var sql: String?

    public init(code: Int32, message: String, sql: String? = nil) {
        self.code = code
        self.message = message
        self.sql = sql
    }

    /// The primary result code (extended codes carry it in the low byte).
    public var primaryCode: Int32 { code & 0xFF }

    /// The file is not a database or is damaged: the user's fix is to rebuild it.
    public var isCorruption: Bool { primaryCode == SQLITE_CORRUPT || primaryCode == SQLITE_NOTADB }

    /// The connection may only read (a read-only file or folder).
    public var isReadOnly: Bool { primaryCode == SQLITE_READONLY }

    public var isBusy: Bool { primaryCode == SQLITE_BUSY || primaryCode == SQLITE_LOCKED }

    public var description: String {
        var text = "SQLite error \(code): \(message)"
        if let sql { text += " (in: \(sql.prefix(200)))" }
        return text
    }
}
