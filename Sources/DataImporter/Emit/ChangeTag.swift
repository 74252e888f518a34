import CloudKitWeb
import Digest
import Foundation

/// Content-derived change tags: the first 16 hex digits of SHA-256 over the record's
/// canonical JSON (name, type and fields, keys sorted) — equal content, equal tag, on every run.
enum ChangeTag {
    private struct Content: Encodable {
        var recordName: String
        var recordType: String?
        var fields: [String: FieldValue]
    }

    static func of(_ record: Record) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let content = Content(recordName: record.recordName, recordType: record.recordType, fields: record.fields)
        // Encoding plain strings, numbers and locations cannot fail.
        let json = (try? encoder.encode(content)) ?? Data()
        var hasher = SHA256()
        hasher.update(json)
        return String(SHA256.hex(hasher.finalize()).prefix(16))
    }
}
