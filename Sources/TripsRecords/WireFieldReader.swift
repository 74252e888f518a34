import CloudKitWeb
import FoundationEssentials
import RecordSchema
import TripsModel

/// Reads a wire record's fields by their `FieldSpec`, turning absences into
/// `RecordDecodingError`s naming the record and field, so a malformed record is reported
/// precisely. A `.defaulted` field that is absent reads as the schema's default.
struct WireFieldReader: FieldSource {
    let record: Record

    var recordName: String { record.recordName }

    /// The field's value as sent, nil when absent; a value no client can use throws.
    private func sent(_ field: FieldSpec) throws(RecordDecodingError) -> FieldValue? {
        guard let value = record.fields[field.name] else { return nil }
        if let problem = field.problem(with: value) { throw invalid(field, problem) }
        return value
    }

    /// The field's value, or the schema's default when absent; a required field must be there.
    private func present(_ field: FieldSpec) throws(RecordDecodingError) -> FieldValue {
        guard let value = try sent(field) ?? field.defaultValue else {
            throw .missingField(recordName: record.recordName, field: field.name)
        }
        return value
    }

    func string(_ field: FieldSpec) throws(RecordDecodingError) -> String {
        guard let s = try present(field).stringValue else { throw invalid(field, "is not a string") }
        return s
    }

    func optionalString(_ field: FieldSpec) throws(RecordDecodingError) -> String? {
        guard let s = try sent(field)?.stringValue, !s.isEmpty else { return nil }
        return s
    }

    func int(_ field: FieldSpec) throws(RecordDecodingError) -> Int {
        guard let i = try present(field).int64Value, let small = Int(exactly: i) else {
            throw invalid(field, "is not an integer")
        }
        return small
    }

    func optionalInt(_ field: FieldSpec) throws(RecordDecodingError) -> Int? {
        try sent(field)?.int64Value.flatMap { Int(exactly: $0) }
    }

    /// 0/1; an absent `.optional` flag is false.
    func bool(_ field: FieldSpec) throws(RecordDecodingError) -> Bool {
        guard record.fields[field.name] != nil || field.defaultValue != nil else { return false }
        return try int(field) != 0
    }

    func date(_ field: FieldSpec) throws(RecordDecodingError) -> Date {
        guard let ms = try present(field).int64Value else { throw invalid(field, "is not a timestamp") }
        return Date(milliseconds: ms)
    }

    func optionalDate(_ field: FieldSpec) throws(RecordDecodingError) -> Date? {
        try optionalTimestampMs(field).map(Date.init(milliseconds:))
    }

    func optionalTimestampMs(_ field: FieldSpec) throws(RecordDecodingError) -> Int64? {
        try sent(field)?.int64Value
    }

    func coordinate(_ field: FieldSpec) throws(RecordDecodingError) -> Coordinate {
        guard let l = try present(field).locationValue else { throw invalid(field, "is not a location") }
        return Coordinate(latitude: l.latitude, longitude: l.longitude)
    }

    func stringList(_ field: FieldSpec) throws(RecordDecodingError) -> [String] {
        try sent(field)?.stringListValue ?? []
    }

    /// The common fields (DESIGN §3) every record carries besides its own.
    func metadata(changeTag: String, modifiedMs: Int64) throws(RecordDecodingError) -> RecordMetadata {
        RecordMetadata(
            changeTag: changeTag, modifiedMs: modifiedMs, schemaVersion: try int(CommonFields.schemaVersion),
            deprecatedAtMs: try optionalTimestampMs(CommonFields.deprecatedAt),
            deprecationReason: try optionalString(CommonFields.deprecationReason))
    }
}

extension Date {
    /// From milliseconds since 1970 UTC (the wire's TIMESTAMP).
    public init(milliseconds: Int64) {
        self.init(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    /// Milliseconds since 1970 UTC, rounded to the nearest.
    public var milliseconds: Int64 {
        Int64((timeIntervalSince1970 * 1000).rounded())
    }
}
