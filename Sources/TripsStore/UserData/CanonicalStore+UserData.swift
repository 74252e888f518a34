import CloudKitWeb
import SQLite

/// User data in the store: every local write is immediate and offline and queues an outbox
/// entry in the same transaction; the sync reads the outbox and writes back what the cloud said.
extension CanonicalStore {
    // MARK: Reading

    /// A record by name, a tombstone included.
    public func userRecord(named name: String) throws -> UserRecord? {
        guard
            var record = try database.row(
                "SELECT name, type, deleted_ms, device, updated_ms, change_tag FROM user_records WHERE name = ?",
                [.text(name)], Self.userRecordRow)
        else { return nil }
        let fields = try database.rows(
            "SELECT field, value, updated_ms FROM user_fields WHERE record = ?", [.text(name)]
        ) { ($0.string(0), $0.string(1), $0.int64(2)) }
        for (field, value, time) in fields {
            record.fields[field] = value
            record.fieldTimes[field] = time
        }
        return record
    }

    /// Live (not deleted) records, of one type or all, by name.
    public func userRecords(_ type: UserRecordType? = nil, includingDeleted: Bool = false) throws -> [UserRecord] {
        var sql = "SELECT name, type, deleted_ms, device, updated_ms, change_tag FROM user_records"
        var conditions: [String] = []
        var values: [SQLValue] = []
        if let type {
            conditions.append("type = ?")
            values.append(.text(type.rawValue))
        }
        if !includingDeleted { conditions.append("deleted_ms IS NULL") }
        if !conditions.isEmpty { sql += " WHERE " + conditions.joined(separator: " AND ") }
        var records = try database.rows(sql + " ORDER BY name", values, Self.userRecordRow)
        var index: [String: Int] = [:]
        for (i, record) in records.enumerated() { index[record.name] = i }
        let fields = try database.rows(
            "SELECT f.record, f.field, f.value, f.updated_ms FROM user_fields f JOIN user_records r ON r.name = f.record"
                + (type == nil ? "" : " WHERE r.type = ?"), type.map { [.text($0.rawValue)] } ?? []
        ) { ($0.string(0), $0.string(1), $0.string(2), $0.int64(3)) }
        for (record, field, value, time) in fields {
            guard let i = index[record] else { continue }
            records[i].fields[field] = value
            records[i].fieldTimes[field] = time
        }
        return records
    }

    private static func userRecordRow(_ row: Row) -> UserRecord {
        UserRecord(
            name: row.string(0), type: UserRecordType(rawValue: row.string(1)) ?? .savedTrip,
            deletedMs: row.optionalInt64(2), device: row.string(3), updatedMs: row.int64(4),
            changeTag: row.optionalString(5))
    }

    // MARK: Local edits

    /// Sets fields of a record (creating it, or reviving a tombstone) and queues it for export.
    /// Each field set gets a time after the one it replaces, so edits on one device never tie;
    /// times are the device's clock in the cloud's time (UserDataClock.swift).
    /// - Throws: `UserDataError.tooLarge` (nothing written) when the record would pass the
    ///   cloud's 1 MB limit, which would refuse it at every sync.
    @discardableResult
    public func editUserRecord(
        _ name: String, type: UserRecordType, set fields: [String: String], device: String, nowMs: Int64
    ) throws -> UserRecord {
        try database.transaction {
            let nowMs = try cloudTime(deviceMs: nowMs)
            var record =
                try userRecord(named: name) ?? UserRecord(name: name, type: type, device: device, updatedMs: nowMs)
            var latest = nowMs
            for (field, value) in fields {
                let time = max(nowMs, (record.fieldTimes[field] ?? Int64.min) + 1, (record.deletedMs ?? Int64.min) + 1)
                record.fields[field] = value
                record.fieldTimes[field] = time
                latest = max(latest, time)
            }
            record.deletedMs = nil
            record.device = device
            record.updatedMs = max(latest, record.updatedMs)
            let bytes = record.cloudBytes
            if bytes > ProtocolLimits.recordBytes {
                throw UserDataError.tooLarge(what: record.displayName, bytes: bytes)
            }
            try writeUserRecord(record)
            try queueUserRecord(name)
            return record
        }
    }

    /// Deletes a record here and queues the delete. The tombstone keeps no fields (a record
    /// added again starts empty) and stays after export: the cloud keeps one too, with the time.
    /// Answers false when there was no live record of that name.
    @discardableResult
    public func deleteUserRecord(_ name: String, device: String, nowMs: Int64) throws -> Bool {
        try database.transaction {
            let nowMs = try cloudTime(deviceMs: nowMs)
            guard var record = try userRecord(named: name), !record.isDeleted else { return false }
            record.deletedMs = max(nowMs, record.lastEditMs + 1)
            record.fields = [:]
            record.fieldTimes = [:]
            record.device = device
            record.updatedMs = record.deletedMs ?? nowMs
            try writeUserRecord(record)
            try queueUserRecord(name)
            return true
        }
    }

    // MARK: Sync primitives (called by UserDataSync)

    /// Replaces a record with `record` exactly (fields included). Call inside a transaction or alone.
    public func writeUserRecord(_ record: UserRecord) throws {
        try database.run(
            """
            INSERT INTO user_records (name, type, deleted_ms, device, updated_ms, change_tag) VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT (name) DO UPDATE SET type = excluded.type, deleted_ms = excluded.deleted_ms,
                device = excluded.device, updated_ms = excluded.updated_ms, change_tag = excluded.change_tag
            """,
            [
                .text(record.name), .text(record.type.rawValue), SQLValue(record.deletedMs), .text(record.device),
                .int(record.updatedMs), SQLValue(record.changeTag),
            ])
        try database.run("DELETE FROM user_fields WHERE record = ?", [.text(record.name)])
        for (field, value) in record.fields {
            try database.run(
                "INSERT INTO user_fields (record, field, value, updated_ms) VALUES (?, ?, ?, ?)",
                [.text(record.name), .text(field), .text(value), .int(record.fieldTimes[field] ?? record.updatedMs)])
        }
    }

    /// Removes a record and its outbox entry entirely.
    public func removeUserRecord(_ name: String) throws {
        try database.run("DELETE FROM user_fields WHERE record = ?", [.text(name)])
        try database.run("DELETE FROM user_records WHERE name = ?", [.text(name)])
        try database.run("DELETE FROM user_outbox WHERE name = ?", [.text(name)])
    }

    /// Queues a record for export (again): its outbox version moves on, so an export that read
    /// an older version does not clear it.
    public func queueUserRecord(_ name: String) throws {
        try database.run(
            """
            INSERT INTO user_outbox (name, version) VALUES (?, 1)
            ON CONFLICT (name) DO UPDATE SET version = version + 1
            """, [.text(name)])
    }

    /// Outbox entries (name, version), oldest names first, at most `limit`.
    public func userOutbox(limit: Int = 200) throws -> [(name: String, version: Int64)] {
        try database.rows("SELECT name, version FROM user_outbox ORDER BY name LIMIT ?", [.int(Int64(limit))]) {
            (name: $0.string(0), version: $0.int64(1))
        }
    }

    /// The outbox version of a record, nil when nothing is pending.
    public func userOutboxVersion(_ name: String) throws -> Int64? {
        try database.row("SELECT version FROM user_outbox WHERE name = ?", [.text(name)]) { $0.int64(0) }
    }

    /// How many records wait to be exported.
    public func pendingUserChanges() throws -> Int {
        try database.row("SELECT count(*) FROM user_outbox", []) { $0.int(0) } ?? 0
    }

    /// Clears an outbox entry if it still has `version` (a later local edit keeps it queued).
    public func clearUserOutbox(_ name: String, version: Int64) throws {
        try database.run("DELETE FROM user_outbox WHERE name = ? AND version = ?", [.text(name), .int(version)])
    }

    // MARK: Sync state

    public func userSyncValue(_ key: String) throws -> String? {
        try database.row("SELECT value FROM user_sync WHERE key = ?", [.text(key)]) { $0.string(0) }
    }

    public func setUserSyncValue(_ key: String, _ value: String?) throws {
        if let value {
            try database.run("INSERT OR REPLACE INTO user_sync (key, value) VALUES (?, ?)", [.text(key), .text(value)])
        } else {
            try database.run("DELETE FROM user_sync WHERE key = ?", [.text(key)])
        }
    }

    /// The checksum line of this store's live user data (`UserDataChecksum`).
    public func userDataChecksum() throws -> String {
        UserDataChecksum.line(try userRecords())
    }
}

extension CanonicalStore {
    /// Reads a record (nil when missing), lets `change` edit or remove it (set nil), and writes
    /// the outcome, all in one transaction: a local edit made by another process meanwhile is
    /// never overwritten by a stale copy.
    public func updateUserRecord(_ name: String, _ change: (inout UserRecord?, _ pendingVersion: Int64?) throws -> Void)
        throws
    {
        try database.transaction {
            let before = try userRecord(named: name)
            var record = before
            try change(&record, try userOutboxVersion(name))
            if let record {
                if record != before { try writeUserRecord(record) }
            } else if before != nil {
                try removeUserRecord(name)
            }
        }
    }

    /// Records a save the cloud confirmed: its change tag and, if no local edit came after the
    /// `version` that was sent, the outbox entry cleared and the record's times capped at the
    /// cloud's modification time `cloudMs` (as every other device reads them: `UserRecord(wire:)`).
    public func recordUserExport(_ name: String, version: Int64, changeTag: String?, cloudMs: Int64?) throws {
        try database.transaction {
            try setUserChangeTag(name, changeTag)
            guard try userOutboxVersion(name) == version else { return }
            try clearUserOutbox(name, version: version)
            guard let cloudMs else { return }
            try database.run(
                "UPDATE user_fields SET updated_ms = min(updated_ms, ?) WHERE record = ?", [.int(cloudMs), .text(name)])
            try database.run(
                "UPDATE user_records SET updated_ms = min(updated_ms, ?1), deleted_ms = min(deleted_ms, ?1) WHERE name = ?2",
                [.int(cloudMs), .text(name)])
        }
    }

    /// Records the cloud's change tag after a successful save (fields are as sent).
    public func setUserChangeTag(_ name: String, _ tag: String?) throws {
        try database.run("UPDATE user_records SET change_tag = ? WHERE name = ?", [SQLValue(tag), .text(name)])
    }
}
