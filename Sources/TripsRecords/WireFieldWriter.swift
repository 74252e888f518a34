import CloudKitWeb
import FoundationEssentials
import RecordSchema
import TripsModel

/// Writes a record's fields in wire form. Absent values (nil, "", and false for an `.optional`
/// flag) are omitted; `.defaulted` fields are always written, so a reader never guesses.
struct WireFieldWriter: FieldSink {
    var fields: [String: FieldValue] = [:]

    mutating func put(_ field: FieldSpec, _ value: String) {
        if !value.isEmpty { fields[field.name] = .string(value) }
    }

    mutating func put(_ field: FieldSpec, _ value: String?) {
        if let value { put(field, value) }
    }

    mutating func put(_ field: FieldSpec, _ value: Int) { fields[field.name] = .int64(Int64(value)) }

    mutating func put(_ field: FieldSpec, _ value: Int?) {
        if let value { put(field, value) }
    }

    mutating func put(_ field: FieldSpec, _ value: Bool) {
        if value || !field.isOptional { fields[field.name] = .int64(value ? 1 : 0) }
    }

    mutating func put(_ field: FieldSpec, _ value: Date) { fields[field.name] = .timestamp(value.milliseconds) }

    mutating func put(_ field: FieldSpec, _ value: Date?) {
        if let value { put(field, value) }
    }

    mutating func put(_ field: FieldSpec, _ value: Coordinate) {
        fields[field.name] = .location(Location(latitude: value.latitude, longitude: value.longitude))
    }

    mutating func put(_ field: FieldSpec, _ value: [String]) {
        fields[field.name] = .list(.string, value.map(FieldValue.string))
    }

    /// The common fields (DESIGN §3) from a record's metadata.
    mutating func put(_ meta: RecordMetadata) {
        put(CommonFields.schemaVersion, meta.schemaVersion)
        if let at = meta.deprecatedAtMs { fields[CommonFields.deprecatedAt.name] = .timestamp(at) }
        put(CommonFields.deprecationReason, meta.deprecationReason)
    }
}
