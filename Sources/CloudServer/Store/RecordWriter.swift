import CloudKitWeb
import Foundation
import RecordSchema

/// The write semantics of `records/modify` (CLOUD-PROTOCOL): change tags (`CONFLICT`,
/// `EXISTS`, the `force` kinds), merge vs replace, tombstones for deletes, atomic batches,
/// and a server-assigned modification time and change tag on every write.
struct RecordWriter {
    let store: CloudStore
    let owner: Int64
    let zone: String
    /// `userRecordName` stamped into `created`/`modified`.
    let actor: String?
    let nowMs: Int64

    private struct AtomicAbort: Error { var results: [ItemResult<Record>] }

    /// Applies the operations in one transaction and answers one result per operation. With
    /// `atomic`, one failure rolls everything back and the others report `ATOMIC_ERROR`.
    func apply(_ operations: [RecordOperation], atomic: Bool) throws -> [ItemResult<Record>] {
        do {
            return try store.db.transaction {
                let timestamp = try store.nextTimestamp(owner: owner, nowMs: nowMs)
                var results: [ItemResult<Record>] = []
                for operation in operations { results.append(try applyOne(operation, timestamp: timestamp)) }
                if atomic, results.contains(where: { $0.error != nil }) { throw AtomicAbort(results: results) }
                return results
            }
        } catch let abort as AtomicAbort {
            return abort.results.map { result in
                if case .failure = result { return result }
                let name = result.value?.recordName
                return .failure(
                    ItemError(
                        recordName: name, serverErrorCode: .atomicError,
                        reason: "not saved: another operation of this atomic batch failed", uuid: UUID().uuidString))
            }
        }
    }

    private func failure(_ name: String, _ code: ServerErrorCode, _ reason: String) -> ItemResult<Record> {
        .failure(ItemError(recordName: name, serverErrorCode: code, reason: reason, uuid: UUID().uuidString))
    }

    private func applyOne(_ operation: RecordOperation, timestamp: Int64) throws -> ItemResult<Record> {
        let incoming = operation.record
        let name = incoming.recordName
        guard !name.isEmpty, name.unicodeScalars.count <= 255,
            !name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
        else {
            return failure(name, .badRequest, "recordName must be 1–255 characters without control characters")
        }
        let existing = try store.fetch(owner: owner, zone: zone, name: name)
        let live = existing.flatMap { $0.deleted ? nil : $0 }
        let kind = operation.operationType
        switch kind {
        case .create:
            if live != nil { return failure(name, .exists, "record \(name) already exists") }
        case .update, .replace, .delete:
            guard let live else { return failure(name, .notFound, "record \(name) does not exist") }
            guard let tag = incoming.recordChangeTag else {
                return failure(
                    name, .conflict,
                    "\(kind.rawValue) needs the record's recordChangeTag (or use force\(kind.rawValue.capitalizedFirst))"
                )
            }
            guard tag == live.tag else {
                return failure(name, .conflict, "record \(name) changed on the server (recordChangeTag is stale)")
            }
        case .forceDelete:
            if live == nil { return failure(name, .notFound, "record \(name) does not exist") }
        case .forceUpdate, .forceReplace:
            break
        }

        let tag = try store.nextTag(owner: owner, replacing: existing?.tag)
        let seq = try store.nextSequence(owner: owner)
        if kind.isDelete, let live {
            var tombstone = live
            tombstone.tag = tag
            tombstone.modifiedMs = timestamp
            tombstone.modifiedBy = actor
            tombstone.deleted = true
            tombstone.fields = "{}"
            tombstone.seq = seq
            try store.put(owner: owner, tombstone, deprecated: false)
            return .success(Record(recordName: name, recordType: live.type, deleted: true))
        }

        guard let type = incoming.recordType ?? live?.type, !type.isEmpty else {
            return failure(name, .badRequest, "recordType is required to create \(name)")
        }
        if let live, type != live.type {
            return failure(name, .badRequest, "record \(name) is a \(live.type), not a \(type)")
        }
        for (field, value) in incoming.fields {
            do {
                _ = try QueryPlan.path(of: field)
            } catch {
                return failure(name, .badRequest, error.reason)
            }
            // Clients skip a record they cannot read; one the server took would then be on the
            // server for ever yet never on any client.
            if value.nestingDepth > ProtocolLimits.fieldValueNesting {
                return failure(
                    name, .badRequest,
                    "field \(field) nests deeper than \(ProtocolLimits.fieldValueNesting) levels of arrays and objects")
            }
            // A canonical value clients would misread or print absurdly (null: a field removed).
            if value != .other(type: nil, value: .null),
                let problem = CanonicalFieldCheck.problem(type: type, field: field, value: value)
            {
                return failure(name, .badRequest, problem)
            }
        }
        var fields: [String: FieldValue] = [:]
        if let live, kind == .update || kind == .forceUpdate { fields = try live.decodedFields() }
        for (key, value) in incoming.fields {
            if case .other(_, .null) = value { fields[key] = nil } else { fields[key] = value }
        }
        let json = FieldJSON.encode(fields)
        guard json.utf8.count <= ProtocolLimits.recordBytes else {
            return failure(name, .quotaExceeded, "record \(name) is larger than 1 MB")
        }
        let stored = StoredRecord(
            zone: zone, name: name, type: type, tag: tag, createdMs: live?.createdMs ?? timestamp,
            createdBy: live == nil ? actor : live?.createdBy, modifiedMs: timestamp, modifiedBy: actor, deleted: false,
            fields: json, seq: seq)
        try store.put(owner: owner, stored, deprecated: fields[CommonFields.deprecatedAt.name] != nil)
        var record = try stored.record()
        record.fields = fields
        return .success(record)
    }
}

extension String {
    fileprivate var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
