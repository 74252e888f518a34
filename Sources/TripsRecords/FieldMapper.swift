import FoundationEssentials
import RecordSchema
import TripsModel

/// One pass over a value's fields that either reads each property from a `FieldSource` or
/// writes it to a `FieldSink`. A codec (`CanonicalValue.map`) names each property once, with its
/// `RecordSchema` spec, and both directions follow from that one line: a field cannot be read from
/// one name and written to another. A writer cannot fail (`Failure == Never`).
public protocol FieldMapper {
    associatedtype Failure: Error
    /// Required (or defaulted) text; for an `.optional` spec the model's "" is the absent value.
    mutating func map(_ field: FieldSpec, _ value: inout String) throws(Failure)
    mutating func map(_ field: FieldSpec, _ value: inout String?) throws(Failure)
    mutating func map(_ field: FieldSpec, _ value: inout Int) throws(Failure)
    mutating func map(_ field: FieldSpec, _ value: inout Int?) throws(Failure)
    mutating func map(_ field: FieldSpec, _ value: inout Bool) throws(Failure)
    mutating func map(_ field: FieldSpec, _ value: inout Date) throws(Failure)
    mutating func map(_ field: FieldSpec, _ value: inout Date?) throws(Failure)
    mutating func map(_ field: FieldSpec, _ value: inout Coordinate) throws(Failure)
    mutating func map(_ field: FieldSpec, _ value: inout [String]) throws(Failure)
    /// Text that must be one of `T`'s raw values.
    mutating func map<T: RawRepresentable>(_ field: FieldSpec, _ value: inout T) throws(Failure)
    where T.RawValue == String
    /// Optional text naming one of `T`'s raw values; a value this build does not know reads as
    /// nil (not stated), so a newer schema's case never makes the whole record unreadable.
    mutating func map<T: RawRepresentable>(_ field: FieldSpec, _ value: inout T?) throws(Failure)
    where T.RawValue == String
}

/// Reads every mapped property from a source. `@inlinable` (as the codecs are), so the store
/// module specialises the whole read for its row reader: a generic call per field would cost
/// `trips games` about a millisecond.
@frozen public struct FieldDecoding<Source: FieldSource>: FieldMapper {
    public var source: Source

    @inlinable public init(_ source: Source) { self.source = source }

    @inlinable public mutating func map(_ field: FieldSpec, _ value: inout String) throws(RecordDecodingError) {
        value = field.isOptional ? try source.optionalString(field) ?? "" : try source.string(field)
    }

    @inlinable public mutating func map(_ field: FieldSpec, _ value: inout String?) throws(RecordDecodingError) {
        value = try source.optionalString(field)
    }

    @inlinable public mutating func map(_ field: FieldSpec, _ value: inout Int) throws(RecordDecodingError) {
        value = try source.int(field)
    }

    @inlinable public mutating func map(_ field: FieldSpec, _ value: inout Int?) throws(RecordDecodingError) {
        value = try source.optionalInt(field)
    }

    @inlinable public mutating func map(_ field: FieldSpec, _ value: inout Bool) throws(RecordDecodingError) {
        value = try source.bool(field)
    }

    @inlinable public mutating func map(_ field: FieldSpec, _ value: inout Date) throws(RecordDecodingError) {
        value = try source.date(field)
    }

    @inlinable public mutating func map(_ field: FieldSpec, _ value: inout Date?) throws(RecordDecodingError) {
        value = try source.optionalDate(field)
    }

    @inlinable public mutating func map(_ field: FieldSpec, _ value: inout Coordinate) throws(RecordDecodingError) {
        value = try source.coordinate(field)
    }

    @inlinable public mutating func map(_ field: FieldSpec, _ value: inout [String]) throws(RecordDecodingError) {
        value = try source.stringList(field)
    }

    @inlinable public mutating func map<T: RawRepresentable>(_ field: FieldSpec, _ value: inout T)
        throws(RecordDecodingError)
    where T.RawValue == String {
        value = try source.oneOf(field, T.self)
    }

    @inlinable public mutating func map<T: RawRepresentable>(_ field: FieldSpec, _ value: inout T?)
        throws(RecordDecodingError)
    where T.RawValue == String {
        value = try source.optionalString(field).flatMap(T.init(rawValue:))
    }
}

/// Writes every mapped property to a sink.
@frozen public struct FieldEncoding<Sink: FieldSink>: FieldMapper {
    public var sink: Sink

    @inlinable public init(_ sink: Sink) { self.sink = sink }

    @inlinable public mutating func map(_ field: FieldSpec, _ value: inout String) { sink.put(field, value) }
    @inlinable public mutating func map(_ field: FieldSpec, _ value: inout String?) { sink.put(field, value) }
    @inlinable public mutating func map(_ field: FieldSpec, _ value: inout Int) { sink.put(field, value) }
    @inlinable public mutating func map(_ field: FieldSpec, _ value: inout Int?) { sink.put(field, value) }
    @inlinable public mutating func map(_ field: FieldSpec, _ value: inout Bool) { sink.put(field, value) }
    @inlinable public mutating func map(_ field: FieldSpec, _ value: inout Date) { sink.put(field, value) }
    @inlinable public mutating func map(_ field: FieldSpec, _ value: inout Date?) { sink.put(field, value) }
    @inlinable public mutating func map(_ field: FieldSpec, _ value: inout Coordinate) { sink.put(field, value) }
    @inlinable public mutating func map(_ field: FieldSpec, _ value: inout [String]) { sink.put(field, value) }

    @inlinable public mutating func map<T: RawRepresentable>(_ field: FieldSpec, _ value: inout T)
    where T.RawValue == String {
        sink.put(field, value.rawValue)
    }

    @inlinable public mutating func map<T: RawRepresentable>(_ field: FieldSpec, _ value: inout T?)
    where T.RawValue == String {
        sink.put(field, value?.rawValue)
    }
}
