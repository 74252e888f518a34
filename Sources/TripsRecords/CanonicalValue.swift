import RecordSchema
import TripsModel

/// A domain value stored as one canonical record type. Its conformance is the type's one codec:
/// `map` names each property once, with its `RecordSchema` spec, and that one line serves the
/// wire (decode, encode) and the store (row reads, column values) alike, by wire name and column
/// name. A new field is one line in `map`, one spec in `RecordSchema`, and a migration.
public protocol CanonicalValue: Sendable, Hashable, Identifiable<String> {
    static var recordType: RecordType { get }
    /// The value `map` fills in when reading: every property is then overwritten.
    static func blank(id: String) -> Self
    /// Reads or writes each property through `mapper`.
    static func map<Mapper: FieldMapper>(_ value: inout Self, _ mapper: inout Mapper) throws(Mapper.Failure)
    /// Checks that only records from outside (the cloud, the bundle) need; the store holds only
    /// values that passed them, so its reads skip them.
    func validate() throws(RecordDecodingError)
}

extension CanonicalValue {
    @inlinable public func validate() throws(RecordDecodingError) {}

    /// Reads the value from `fields`.
    @inlinable public init(id: String, reading fields: inout some FieldSource) throws(RecordDecodingError) {
        var value = Self.blank(id: id)
        var decoding = FieldDecoding(fields)
        try Self.map(&value, &decoding)
        fields = decoding.source
        self = value
    }

    /// Writes the value to `fields`.
    @inlinable public func write(to fields: inout some FieldSink) {
        var value = self
        var encoding = FieldEncoding(consume fields)
        Self.map(&value, &encoding)
        fields = encoding.sink
    }
}
