import CloudKitWeb
import Foundation
import SQLite

/// One row of the `records` table: a record (or a deletion tombstone) as the server keeps it,
/// with its fields as the wire JSON object text.
struct StoredRecord {
    var zone: String
    var name: String
    var type: String
    var tag: String
    var createdMs: Int64
    var createdBy: String?
    var modifiedMs: Int64
    var modifiedBy: String?
    var deleted: Bool
    /// The `fields` object exactly as it goes on the wire.
    var fields: String
    var seq: Int64

    /// The SELECT list `init(row:)` reads, with the fields column replaceable (desiredKeys).
    static func columns(fields: String = "fields") -> String {
        "zone, name, type, tag, created_ms, created_by, modified_ms, modified_by, deleted, \(fields), seq"
    }

    static let columnCount: Int32 = 11

    /// The wire JSON of the record; a tombstone is `{"recordName", "deleted": true}`.
    var json: String {
        let zonePart = zone == ZoneID.defaultZone.zoneName ? "" : ",\"zoneID\":{\"zoneName\":\(JSONText.quote(zone))}"
        if deleted {
            return
                "{\"recordName\":\(JSONText.quote(name)),\"recordType\":\(JSONText.quote(type)),\"deleted\":true\(zonePart)}"
        }
        return "{\"recordName\":\(JSONText.quote(name)),\"recordType\":\(JSONText.quote(type)),"
            + "\"recordChangeTag\":\(JSONText.quote(tag)),\"fields\":\(fields),"
            + "\"created\":\(Self.stamp(createdMs, createdBy)),\"modified\":\(Self.stamp(modifiedMs, modifiedBy)),"
            + "\"deleted\":false\(zonePart)}"
    }

    private static func stamp(_ ms: Int64, _ user: String?) -> String {
        guard let user else { return "{\"timestamp\":\(ms)}" }
        return "{\"timestamp\":\(ms),\"userRecordName\":\(JSONText.quote(user))}"
    }

    /// The fields decoded (for merges and admin edits).
    func decodedFields() throws -> [String: FieldValue] {
        try JSONDecoder().decode([String: FieldValue].self, from: Data(fields.utf8))
    }

    /// The record as a value (for modify answers and admin edits).
    func record() throws -> Record {
        if deleted { return Record(recordName: name, recordType: type, deleted: true) }
        return Record(
            recordName: name, recordType: type, recordChangeTag: tag, fields: try decodedFields(),
            created: RecordStamp(timestamp: createdMs, userRecordName: createdBy),
            modified: RecordStamp(timestamp: modifiedMs, userRecordName: modifiedBy),
            zoneID: zone == ZoneID.defaultZone.zoneName ? nil : ZoneID(zoneName: zone))
    }
}

// In an extension, so Swift still synthesises the memberwise init.
extension StoredRecord {
    init(row: Row) {
        zone = row.string(0)
        name = row.string(1)
        type = row.string(2)
        tag = row.string(3)
        createdMs = row.int64(4)
        createdBy = row.optionalString(5)
        modifiedMs = row.int64(6)
        modifiedBy = row.optionalString(7)
        deleted = row.bool(8)
        fields = row.isNull(9) ? "{}" : row.string(9)
        seq = row.int64(10)
    }
}
