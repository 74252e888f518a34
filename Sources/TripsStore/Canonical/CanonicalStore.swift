import CloudKitWeb
import FoundationEssentials
import Glibc
import SQLite
import TripsModel
import TripsRecords

/// The local copy of the canonical sports world: one SQLite database with a table per record
/// type plus sync state. Every write of canonical records goes through `merge(_:)`, so the
/// merge rules hold for bundle import and cloud sync alike.
///
/// Confine an instance to one task (it owns a non-thread-safe connection).
public final class CanonicalStore {
    public let database: Database
    /// The file, or nil for an in-memory store.
    public let path: String?

    /// Opens (creating if needed) and migrates a store. Maps SQLite's "not a database" and
    /// "newer schema" into `StoreError`s that tell the user what to do.
    public init(location: Database.Location) throws(StoreError) {
        let displayPath: String
        switch location {
        case .memory:
            displayPath = ":memory:"
            path = nil
        case .file(let p):
            displayPath = p
            path = p
        }
        do {
            // A read-write open switches the file to WAL: a database not in WAL mode (never a
            // trips store) is first looked at read-only, so another program's is refused untouched.
            if let path, Self.isSQLiteOutsideWAL(path) {
                try Database(.file(path), readOnly: true, create: false).checkManaged()
            }
            database = try Database(location)
            try database.migrate(CanonicalSchema.migrations)
            try releaseDeferredRecordsIfUpgraded()
        } catch let error as SQLiteError {
            if error.isCorruption { throw Self.unreadable(displayPath, reason: error.message) }
            if error.isBusy { throw .busy(path: displayPath) }
            // SQLITE_CANTOPEN (14) and SQLITE_READONLY (8).
            if error.primaryCode == 14 || error.primaryCode == 8 {
                throw .notWritable(path: displayPath, reason: error.message)
            }
            throw .sqlite(error)
        } catch let error as MigrationError {
            switch error {
            case .newerSchema: throw .newerVersion(path: displayPath)
            case .foreignSchema: throw Self.unreadable(displayPath, reason: error.description)
            case .unmanagedDatabase: throw .notAStore(path: displayPath, reason: error.description)
            }
        } catch {
            throw .unreadable(path: displayPath, reason: "\(error)")
        }
    }

    /// Opens a store this process may not write (a read-only file or folder) for reading: the
    /// read-only commands work; a command that writes fails with "cannot write the store". It
    /// must be a current, bootstrapped store — nothing can be migrated or imported into it.
    public init(readOnlyAt path: String) throws(StoreError) {
        self.path = path
        do {
            database = try Self.openReadOnly(path)
        } catch let error as StoreError {
            throw error
        } catch let error as SQLiteError {
            if error.isCorruption { throw Self.unreadable(path, reason: error.message) }
            throw .sqlite(error)
        } catch {
            throw .unreadable(path: path, reason: "\(error)")
        }
    }

    private static func openReadOnly(_ path: String) throws -> Database {
        do {
            let database = try Database(.file(path), readOnly: true)
            try checkCurrent(database, path)
            return database
        } catch let error as SQLiteError where error.primaryCode == 14 || error.primaryCode == 8 {
            // A WAL store whose shared-memory file cannot be made in this folder.
            let database = try Database(.file(path), readOnly: true, immutable: true)
            try checkCurrent(database, path)
            return database
        }
    }

    /// Whether a store opened read-only has every migration and the bundle: nothing can be added.
    private static func checkCurrent(_ database: Database, _ path: String) throws {
        let applied = try database.rows("SELECT name FROM schema_migrations ORDER BY position") { $0.string(0) }
        let known = CanonicalSchema.migrations.map(\.name)
        if applied.count > known.count, Array(applied.prefix(known.count)) == known {
            throw StoreError.newerVersion(path: path)
        }
        let imported = try database.row(
            "SELECT 1 FROM store_info WHERE key = ?", [.text("bundleImportedAt")], { _ in true })
        guard applied == known, imported == true else {
            throw StoreError.notWritable(
                path: path, reason: "it is read-only, and this version of trips needs to update it first")
        }
    }

    /// A file that cannot be opened as a store: damaged (`trips reset` fixes it) or not a trips
    /// store at all (then reset refuses it, so the message must not send the user there).
    /// An SQLite file whose header says it is in rollback-journal mode (bytes 18–19 are 2 for WAL).
    /// One 20-byte read: the usual run, on a trips store already in WAL mode, pays no more.
    static func isSQLiteOutsideWAL(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var header = [UInt8](repeating: 0, count: 20)
        guard read(descriptor, &header, 20) == 20, header.prefix(16).elementsEqual("SQLite format 3\0".utf8) else {
            return false
        }
        return header[18] != 2 || header[19] != 2
    }

    private static func unreadable(_ path: String, reason: String) -> StoreError {
        if case .foreign(let what)? = try? StoreFileKind.of(path: path) {
            return .notAStore(path: path, reason: what)
        }
        return .unreadable(path: path, reason: reason)
    }

    // MARK: Merge

    /// Merges one wire record under the rules of DESIGN §6.3. Call inside a transaction.
    /// With `cloudWins` (rebuilding from a replaced cloud database) takes a record whose change tag
    /// differs even when it is older than the local one: the two times come from different
    /// databases' clocks.
    public func merge(_ record: Record) throws -> MergeOutcome {
        try merge(record, cloudWins: false)
    }

    /// `merge`, optionally letting the cloud win (see above).
    public func merge(_ record: Record, cloudWins: Bool) throws -> MergeOutcome {
        let type: RecordType
        let meta: RecordMetadata
        do {
            (type, meta) = try CanonicalRecord.metadata(of: record)
        } catch {
            return .malformed(error)
        }
        if let stored = try storedMetadata(type, record.recordName) {
            if stored.changeTag == meta.changeTag { return .unchanged }
            if stored.modifiedMs > meta.modifiedMs, !cloudWins { return .skippedOlder }
        }
        if meta.schemaVersion > supportedSchemaVersion {
            try database.run(
                "INSERT OR REPLACE INTO deferred_records (record_type, record_name, modified_ms, schema_version) VALUES (?, ?, ?, ?)",
                [
                    .text(type.rawValue), .text(record.recordName), .int(meta.modifiedMs),
                    .int(Int64(meta.schemaVersion)),
                ])
            return .skippedIncompatible
        }
        let canonical: CanonicalRecord
        do {
            canonical = try CanonicalRecord(record: record)
        } catch {
            return .malformed(error)
        }
        try upsert(canonical)
        return meta.isDeprecated ? .deprecated : .applied
    }

    /// Writes a decoded record as is (no merge checks). Only `merge` and tests call this.
    func upsert(_ record: CanonicalRecord) throws {
        let statement = try database.prepare(CanonicalTable.upsertSQL(record.recordType))
        try statement.bind(CanonicalTable.values(of: record))
        try statement.runToEnd()
    }

    private func storedMetadata(_ type: RecordType, _ name: String) throws -> (changeTag: String, modifiedMs: Int64)? {
        try database.row(CanonicalTable.metadataSQL(type), [.text(name)]) { ($0.string(0), $0.int64(1)) }
    }

    /// Applies one page of records of `type` and advances that type's watermark, **in one
    /// transaction**: a crash or cancel loses at most the page in flight, and the watermark
    /// never passes a record that was not merged. The new watermark is the largest server
    /// `modified` among the page's records of `type` (never lowered, never the client's clock).
    /// `skippedUpTo` is the newest modification time among entries of the page that could not
    /// be read at all (they are skipped, and so is their time); `cloudWins` as for `merge`.
    @discardableResult
    public func apply(
        page records: [Record], of type: RecordType, skippedUpTo: Int64? = nil, cloudWins: Bool = false
    ) throws -> MergeCounts {
        try database.transaction {
            var counts = MergeCounts()
            var newest: Int64? = skippedUpTo
            for record in records {
                counts.count(try merge(record, cloudWins: cloudWins))
                if record.recordType == type.rawValue, let ms = record.modified?.timestamp {
                    newest = max(newest ?? ms, ms)
                }
            }
            if let newest { try advanceWatermark(type, to: newest) }
            return counts
        }
    }

    // MARK: Watermarks

    /// The type's watermark (largest server modification time applied), or nil before any data.
    public func watermark(for type: RecordType) throws -> Int64? {
        try database.row("SELECT watermark_ms FROM sync_state WHERE record_type = ?", [.text(type.rawValue)]) {
            $0.optionalInt64(0)
        } ?? nil
    }

    /// Raises (never lowers) a type's watermark.
    func advanceWatermark(_ type: RecordType, to ms: Int64) throws {
        try database.run(
            """
            INSERT INTO sync_state (record_type, watermark_ms) VALUES (?, ?)
            ON CONFLICT(record_type) DO UPDATE SET watermark_ms = max(coalesce(watermark_ms, excluded.watermark_ms), excluded.watermark_ms)
            """, [.text(type.rawValue), .int(ms)])
    }

    /// Forgets every watermark (a `--full` resync starts from nothing).
    public func resetWatermarks() throws {
        try database.run("UPDATE sync_state SET watermark_ms = NULL")
    }

    // MARK: Durability

    /// Checkpoints the WAL into the store file if this connection wrote anything, so the
    /// documented file is the whole store when the command ends. Read-only runs skip it: a
    /// checkpoint waits for other readers, and `trips games` must start and end fast.
    public func checkpointIfWritten() throws {
        guard path != nil, database.totalChanges > 0 else { return }
        try database.checkpoint()
    }

    // MARK: Bookkeeping

    /// The `store_info` key of the cloud the watermarks belong to (`feeds:…` for this device's
    /// own feeds database): a sync from another starts over; `trips seasons` names the source.
    public static let cloudIdentityKey = "sync.cloudIdentity"

    /// The `store_info` key of when this device last read a league-season from the leagues'
    /// feeds (milliseconds since 1970), for `trips seasons`.
    public static func feedsReadKey(league: String, season: String) -> String { "feeds.read.\(league).\(season)" }

    public func info(_ key: String) throws -> String? {
        try database.row("SELECT value FROM store_info WHERE key = ?", [.text(key)]) { $0.string(0) }
    }

    public func setInfo(_ key: String, _ value: String) throws {
        try database.run("INSERT OR REPLACE INTO store_info (key, value) VALUES (?, ?)", [.text(key), .text(value)])
    }

    /// Live (not deprecated) record count per type.
    public func liveCount(_ type: RecordType) throws -> Int {
        try database.row("SELECT count(*) FROM \(CanonicalTable.name(type)) WHERE deprecated_at_ms IS NULL") {
            $0.int(0)
        } ?? 0
    }

    /// The convergence checksum over live records — the same lines `trips-cloud checksum` prints.
    public func checksumLines() throws -> [String] {
        var entries: [RecordChecksum.Entry] = []
        for type in RecordType.allCases {
            try entries += database.rows(
                "SELECT id, change_tag FROM \(CanonicalTable.name(type)) WHERE deprecated_at_ms IS NULL"
            ) { RecordChecksum.Entry(recordType: type.rawValue, recordName: $0.string(0), changeTag: $0.string(1)) }
        }
        return RecordChecksum.lines(entries)
    }

    /// Names of live records of a type (for `--full` reconciliation).
    public func liveRecordNames(_ type: RecordType) throws -> Set<String> {
        Set(
            try database.rows("SELECT id FROM \(CanonicalTable.name(type)) WHERE deprecated_at_ms IS NULL") {
                $0.string(0)
            })
    }

    /// After an upgrade that supports a newer schema, records skipped as incompatible must be
    /// fetched again: lower each affected watermark to just before the oldest deferred record.
    private func releaseDeferredRecordsIfUpgraded() throws {
        let stored = try info("supportedSchemaVersion").flatMap(Int.init) ?? 0
        guard stored < supportedSchemaVersion else { return }
        try database.transaction {
            let ready = try database.rows(
                "SELECT record_type, min(modified_ms) FROM deferred_records WHERE schema_version <= ? GROUP BY record_type",
                [.int(Int64(supportedSchemaVersion))]
            ) { ($0.string(0), $0.int64(1)) }
            for (type, oldest) in ready {
                try database.run(
                    "UPDATE sync_state SET watermark_ms = min(watermark_ms, ?) WHERE record_type = ?",
                    [.int(oldest - 1), .text(type)])
            }
            try database.run(
                "DELETE FROM deferred_records WHERE schema_version <= ?", [.int(Int64(supportedSchemaVersion))])
            try setInfo("supportedSchemaVersion", String(supportedSchemaVersion))
        }
    }
}
