import CloudKitWeb
import Foundation

/// Typed, named access to a record's fields that turns absences into `RecordDecodingError`s
/// naming the record and field, so a malformed record is reported precisely.
struct FieldReader {
    let record: Record

    func string(_ name: String) throws(RecordDecodingError) -> String {
        guard let value = record.fields[name] else { throw .missingField(recordName: record.recordName, field: name) }
        guard let s = value.stringValue else { throw invalid(name, "is not a string") }
        return s
    }

    func optionalString(_ name: String) -> String? {
        guard let s = record.fields[name]?.stringValue, !s.isEmpty else { return nil }
        return s
    }

    func int(_ name: String) throws(RecordDecodingError) -> Int {
        guard let value = record.fields[name] else { throw .missingField(recordName: record.recordName, field: name) }
        guard let i = value.int64Value, let small = Int(exactly: i) else { throw invalid(name, "is not an integer") }
        return small
    }

    func int(_ name: String, default fallback: Int) throws(RecordDecodingError) -> Int {
        record.fields[name] == nil ? fallback : try int(name)
    }

    func optionalInt(_ name: String) -> Int? {
        record.fields[name]?.int64Value.flatMap { Int(exactly: $0) }
    }

    func bool(_ name: String, default fallback: Bool) throws(RecordDecodingError) -> Bool {
        record.fields[name] == nil ? fallback : try int(name) != 0
    }

    func timestampMs(_ name: String) throws(RecordDecodingError) -> Int64 {
        guard let value = record.fields[name] else { throw .missingField(recordName: record.recordName, field: name) }
        guard let ms = value.int64Value else { throw invalid(name, "is not a timestamp") }
        return ms
    }

    func optionalTimestampMs(_ name: String) -> Int64? {
        record.fields[name]?.int64Value
    }

    func optionalDate(_ name: String) -> Date? {
        optionalTimestampMs(name).map(Date.init(milliseconds:))
    }

    func location(_ name: String) throws(RecordDecodingError) -> Location {
        guard let value = record.fields[name] else { throw .missingField(recordName: record.recordName, field: name) }
        guard let l = value.locationValue else { throw invalid(name, "is not a location") }
        return l
    }

    func stringList(_ name: String) -> [String] {
        record.fields[name]?.stringListValue ?? []
    }

    func oneOf<T: RawRepresentable>(_ name: String, _ type: T.Type) throws(RecordDecodingError) -> T
    where T.RawValue == String {
        let raw = try string(name)
        guard let v = T(rawValue: raw) else { throw invalid(name, "has unknown value '\(raw)'") }
        return v
    }

    func invalid(_ name: String, _ why: String) -> RecordDecodingError {
        .invalidField(recordName: record.recordName, field: name, reason: why)
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
