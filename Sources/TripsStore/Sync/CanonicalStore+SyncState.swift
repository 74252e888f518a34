import OutputText
import SQLite
import TripsModel

extension CanonicalStore {
    /// The bookkeeping of every record type, in sync order (types never synced come back empty).
    public func syncStates() throws -> [SyncTypeState] {
        let rows = try database.rows(
            """
            SELECT record_type, watermark_ms, last_attempt_ms, last_success_ms, consecutive_failures, last_error,
                applied_total FROM sync_state
            """
        ) { row -> SyncTypeState? in
            guard let type = RecordType(rawValue: row.string(0)) else { return nil }
            return SyncTypeState(
                recordType: type, watermarkMs: row.optionalInt64(1), lastAttemptMs: row.optionalInt64(2),
                lastSuccessMs: row.optionalInt64(3), consecutiveFailures: row.int(4), lastError: row.optionalString(5),
                appliedTotal: row.int(6))
        }
        let byType = Dictionary(rows.compactMap { $0 }.map { ($0.recordType, $0) }, uniquingKeysWith: { a, _ in a })
        return RecordType.syncOrder.map { byType[$0] ?? SyncTypeState(recordType: $0) }
    }

    public func syncState(for type: RecordType) throws -> SyncTypeState {
        try syncStates().first { $0.recordType == type } ?? SyncTypeState(recordType: type)
    }

    /// A pull of `type` starts now.
    public func recordSyncAttempt(_ type: RecordType, atMs ms: Int64) throws {
        try database.run(
            """
            INSERT INTO sync_state (record_type, last_attempt_ms) VALUES (?, ?)
            ON CONFLICT(record_type) DO UPDATE SET last_attempt_ms = excluded.last_attempt_ms
            """, [.text(type.rawValue), .int(ms)])
    }

    /// A pull of `type` reached the end of the server's records: failures reset.
    public func recordSyncSuccess(_ type: RecordType, atMs ms: Int64, changed: Int) throws {
        try database.run(
            """
            INSERT INTO sync_state (record_type, last_attempt_ms, last_success_ms, applied_total) VALUES (?, ?, ?, ?)
            ON CONFLICT(record_type) DO UPDATE SET last_success_ms = excluded.last_success_ms,
                consecutive_failures = 0, last_error = NULL, applied_total = applied_total + excluded.applied_total
            """, [.text(type.rawValue), .int(ms), .int(ms), .int(Int64(changed))])
    }

    /// A pull of `type` failed; `error` is stored as one line (callers pass redacted text).
    /// Records applied before the failure still count.
    public func recordSyncFailure(_ type: RecordType, atMs ms: Int64, error: String, changed: Int) throws {
        try database.run(
            """
            INSERT INTO sync_state (record_type, last_attempt_ms, consecutive_failures, last_error, applied_total)
            VALUES (?, ?, 1, ?, ?)
            ON CONFLICT(record_type) DO UPDATE SET consecutive_failures = consecutive_failures + 1,
                last_error = excluded.last_error, applied_total = applied_total + excluded.applied_total
            """, [.text(type.rawValue), .int(ms), .text(error.oneLine), .int(Int64(changed))])
    }

    /// A pull of `type` was cancelled: neither a success nor a failure, but what it applied counts.
    public func recordSyncCancellation(_ type: RecordType, changed: Int) throws {
        try database.run(
            "UPDATE sync_state SET applied_total = applied_total + ? WHERE record_type = ?",
            [.int(Int64(changed)), .text(type.rawValue)])
    }
}

extension String {
    /// Newlines and runs of whitespace folded into single spaces, credentials hidden
    /// (`SecretRedaction`, in case a caller missed one), other controls and bidi overrides
    /// escaped (`TerminalText`: whoever reads it back prints it), at most 500 characters:
    /// what the durable state and log keep of an error.
    var oneLine: String {
        let folded = SecretRedaction.redact(split(whereSeparator: { $0.isWhitespace }).joined(separator: " "))
            .terminalSafe
        return folded.count > 500 ? String(folded.prefix(499)) + "…" : folded
    }
}
