import CloudKitWeb
import FoundationEssentials
import RecordSchema

/// Typed access to a record's fields by their `FieldSpec`, turning absences into
/// `RecordDecodingError`s naming the record and field, so a malformed record is reported
/// precisely. A `.defaulted` field that is absent reads as the schema's default.
struct FieldReader {
    let record: Record

    /// The field's value, the schema's default when absent, or nil.
    private func value(_ field: FieldSpec) -> FieldValue? {
        record.fields[field.name] ?? field.defaultValue
    }

    private func present(_ field: FieldSpec) throws(RecordDecodingError) -> FieldValue {
        guard let value = value(field) else { throw .missingField(recordName: record.recordName, field: field.name) }
        return value
    }

    func string(_ field: FieldSpec) throws(RecordDecodingError) -> String {
        guard let s = try present(field).stringValue else { throw invalid(field, "is not a string") }
        return s
    }

    func optionalString(_ field: FieldSpec) -> String? {
        guard let s = record.fields[field.name]?.stringValue, !s.isEmpty else { return nil }
        return s
    }

    func int(_ field: FieldSpec) throws(RecordDecodingError) -> Int {
        guard let i = try present(field).int64Value, let small = Int(exactly: i) else {
            throw invalid(field, "is not an integer")
        }
        return small
    }

    func optionalInt(_ field: FieldSpec) -> Int? {
        record.fields[field.name]?.int64Value.flatMap { Int(exactly: $0) }
    }

    /// 0/1 on the wire; an absent `.optional` flag is false.
    func bool(_ field: FieldSpec) throws(RecordDecodingError) -> Bool {
        value(field) == nil ? false : try int(field) != 0
    }

    func timestampMs(_ field: FieldSpec) throws(RecordDecodingError) -> Int64 {
        guard let ms = try present(field).int64Value else { throw invalid(field, "is not a timestamp") }
        return ms
    }

    func optionalTimestampMs(_ field: FieldSpec) -> Int64? {
        record.fields[field.name]?.int64Value
    }

    func optionalDate(_ field: FieldSpec) -> Date? {
        optionalTimestampMs(field).map(Date.init(milliseconds:))
    }

    func location(_ field: FieldSpec) throws(RecordDecodingError) -> Location {
        guard let l = try present(field).locationValue else { throw invalid(field, "is not a location") }
        return l
    }

    func stringList(_ field: FieldSpec) -> [String] {
        record.fields[field.name]?.stringListValue ?? []
    }

    func oneOf<T: RawRepresentable>(_ field: FieldSpec, _ type: T.Type) throws(RecordDecodingError) -> T
    where T.RawValue == String {
        let raw = try string(field)
        guard let v = T(rawValue: raw) else { throw invalid(field, "has unknown value '\(raw)'") }
        return v
    }

    func invalid(_ field: FieldSpec, _ why: String) -> RecordDecodingError {
        .invalidField(recordName: record.recordName, field: field.name, reason: why)
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
