import FoundationEssentials
import RecordSchema
import TripsModel

/// Where a record type's codec reads its fields from, each by its `FieldSpec`: a wire record
/// (`WireFieldReader`) or a store row (TripsStore's `RowFieldReader`). A codec reads by spec, never
/// by position, so the wire name and the column name a value lives under come from `RecordSchema`
/// alone. Reads are `mutating` so a row reader can remember where the last column was found. A
/// present value a client cannot use (`FieldSpec.problem(with:)`) throws, optional or not: it is
/// a malformed record, never an absent field.
public protocol FieldSource {
    /// The record name, for errors.
    var recordName: String { get }
    mutating func string(_ field: FieldSpec) throws(RecordDecodingError) -> String
    /// nil for an absent or empty value.
    mutating func optionalString(_ field: FieldSpec) throws(RecordDecodingError) -> String?
    mutating func int(_ field: FieldSpec) throws(RecordDecodingError) -> Int
    mutating func optionalInt(_ field: FieldSpec) throws(RecordDecodingError) -> Int?
    /// 0/1; an absent `.optional` flag is false.
    mutating func bool(_ field: FieldSpec) throws(RecordDecodingError) -> Bool
    mutating func date(_ field: FieldSpec) throws(RecordDecodingError) -> Date
    mutating func optionalDate(_ field: FieldSpec) throws(RecordDecodingError) -> Date?
    mutating func coordinate(_ field: FieldSpec) throws(RecordDecodingError) -> Coordinate
    mutating func stringList(_ field: FieldSpec) throws(RecordDecodingError) -> [String]
}

extension FieldSource {
    /// A string field that must be one of `T`'s raw values.
    @inlinable public mutating func oneOf<T: RawRepresentable>(_ field: FieldSpec, _ type: T.Type)
        throws(RecordDecodingError)
        -> T
    where T.RawValue == String {
        let raw = try string(field)
        guard let value = T(rawValue: raw) else { throw invalid(field, "has unknown value '\(raw)'") }
        return value
    }

    @inlinable public func invalid(_ field: FieldSpec, _ why: String) -> RecordDecodingError {
        .invalidField(recordName: recordName, field: field.name, reason: why)
    }
}
