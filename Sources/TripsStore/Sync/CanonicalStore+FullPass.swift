import CloudKitWeb
import SQLite
import TripsModel

/// A pass over all of a type's records that must end in a reconcile, kept in `sync_state` so
/// that an interrupted one is finished by the next sync, whatever flags that sync has.
public enum FullPass: Int, Sendable, Hashable {
    case none = 0
    /// `sync --full`: re-read everything, then deprecate what the cloud no longer lists.
    case reread = 1
    /// The cloud's database was replaced: as `reread`, and the cloud's version of every record
    /// wins even when it is older than the local one (its clock is another database's).
    case rebuild = 2
}

/// What `sync_state` holds about the cloud a type was read from (migration 005).
public struct CloudCheckState: Sendable, Hashable {
    /// The epoch of the cloud database the watermark belongs to (nil: never told).
    public var epoch: String?
    public var fullPass: FullPass
    /// Records the cloud lists that this store rightly lacks (unreadable, newer schema, purged by
    /// maintenance), as the last reconcile found plus what maintenance purged since: the expected
    /// gap between the cloud's count and the local one.
    public var cloudOnly: Int
}

extension CanonicalStore {
    public func cloudCheckState(_ type: RecordType) throws -> CloudCheckState {
        try database.row(
            "SELECT cloud_epoch, full_pass, cloud_only FROM sync_state WHERE record_type = ?", [.text(type.rawValue)]
        ) {
            CloudCheckState(
                epoch: $0.optionalString(0), fullPass: FullPass(rawValue: $0.int(1)) ?? .none, cloudOnly: $0.int(2))
        } ?? CloudCheckState(epoch: nil, fullPass: .none, cloudOnly: 0)
    }

    /// Starts a full pass of `type` (never downgrading a `rebuild`): the watermark is dropped
    /// in the same transaction, so the pass reads from the beginning and a crash resumes it.
    public func beginFullPass(_ type: RecordType, _ pass: FullPass, epoch: String? = nil) throws {
        try database.transaction {
            try database.run(
                """
                INSERT INTO sync_state (record_type, full_pass, cloud_epoch) VALUES (?, ?, ?)
                ON CONFLICT(record_type) DO UPDATE SET watermark_ms = NULL,
                    full_pass = max(full_pass, excluded.full_pass),
                    cloud_epoch = coalesce(excluded.cloud_epoch, cloud_epoch)
                """, [.text(type.rawValue), .int(Int64(pass.rawValue)), SQLValue(epoch)])
        }
    }

    /// Remembers the epoch the type's watermark belongs to (first contact with a cloud that tells).
    public func setCloudEpoch(_ type: RecordType, _ epoch: String) throws {
        try database.run(
            """
            INSERT INTO sync_state (record_type, cloud_epoch) VALUES (?, ?)
            ON CONFLICT(record_type) DO UPDATE SET cloud_epoch = excluded.cloud_epoch
            """, [.text(type.rawValue), .text(epoch)])
    }

    /// Records held from the cloud: every row but those a reconcile took away (their change tag
    /// is cleared) — deprecated ones count, as the cloud still lists them.
    /// Two counts SQLite answers without reading rows: the whole table, and the few gone from the
    /// cloud (`008_records_gone_from_cloud` indexes those alone).
    public func cloudRecordCount(_ type: RecordType) throws -> Int {
        let table = CanonicalTable.name(type)
        let all = try database.row("SELECT count(*) FROM \(table)") { $0.int(0) } ?? 0
        let gone = try database.row("SELECT count(*) FROM \(table) WHERE change_tag = ''") { $0.int(0) } ?? 0
        return all - gone
    }

    /// After a reconcile against the cloud's complete list of names: the pass is over, and the
    /// names this store does not hold are the expected gap from now on.
    public func endFullPass(_ type: RecordType, serverNames: Set<String>) throws {
        let held = Set(
            try database.rows("SELECT id FROM \(CanonicalTable.name(type)) WHERE change_tag != ''") { $0.string(0) })
        let cloudOnly = serverNames.subtracting(held).count
        try database.run(
            "UPDATE sync_state SET full_pass = 0, cloud_only = ? WHERE record_type = ?",
            [.int(Int64(cloudOnly)), .text(type.rawValue)])
    }
}
