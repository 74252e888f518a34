import CloudKitWeb
import Foundation
import TripsStore

/// User records on the wire: each field a STRING, plus `fieldTimes` (JSON object field → ms,
/// what the field-wise merge compares), `updatedAt` (TIMESTAMP) and `device` (the device that
/// changed the record last). A deleted record stays in the cloud as a tombstone: no fields but
/// `deletedAt` (TIMESTAMP), so an older edit arriving later can tell it came before the delete.
extension UserRecord {
    static let reservedFields: Set<String> = ["fieldTimes", "updatedAt", "device", "deletedAt"]

    /// The record to send (no change tag: the operation sets it).
    var wireRecord: Record {
        var wire: [String: FieldValue] = [:]
        if let deletedMs {
            wire["deletedAt"] = .timestamp(deletedMs)
        } else {
            for (field, value) in fields where !Self.reservedFields.contains(field) { wire[field] = .string(value) }
        }
        let times = (try? JSONEncoder.sorted.encode(fieldTimes)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        wire["fieldTimes"] = .string(times)
        wire["updatedAt"] = .timestamp(updatedMs)
        wire["device"] = .string(device)
        return Record(recordName: name, recordType: type.rawValue, recordChangeTag: changeTag, fields: wire)
    }

    /// A record the cloud sent, or nil when it is not user data this client knows. Its times are
    /// capped at the server's modification time: an edit or delete cannot have happened after it
    /// reached the cloud, so a device whose clock runs ahead does not outrank later edits.
    init?(wire record: Record) {
        guard !record.deleted, let typeName = record.recordType, let type = UserRecordType(rawValue: typeName) else {
            return nil
        }
        let times =
            record.fields["fieldTimes"]?.stringValue.flatMap {
                try? JSONDecoder().decode([String: Int64].self, from: Data($0.utf8))
            } ?? [:]
        var fields: [String: String] = [:]
        var fieldTimes: [String: Int64] = [:]
        let updated: Int64
        if case .timestamp(let ms)? = record.fields["updatedAt"] {
            updated = ms
        } else {
            updated = record.modified?.timestamp ?? 0
        }
        let cap = record.modified?.timestamp ?? Int64.max
        for (field, value) in record.fields where !Self.reservedFields.contains(field) {
            guard let text = value.stringValue else { continue }
            fields[field] = text
            fieldTimes[field] = min(times[field] ?? updated, cap)
        }
        var deleted: Int64?
        if case .timestamp(let ms)? = record.fields["deletedAt"] {
            deleted = min(ms, cap)
            fields = [:]
            fieldTimes = [:]
        }
        self.init(
            name: record.recordName, type: type, fields: fields, fieldTimes: fieldTimes, deletedMs: deleted,
            device: record.fields["device"]?.stringValue ?? "", updatedMs: min(updated, cap),
            changeTag: record.recordChangeTag)
    }
}

extension JSONEncoder {
    static var sorted: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }
}
