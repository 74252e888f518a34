import FoundationEssentials
import RecordSchema
import SQLite
import TripsModel
import TripsRecords

/// Writes a record's values into the slots of its table's columns, each under the column
/// `RecordSchema` names for its field. A model value that is absent is stored as the model holds
/// it: nil as NULL, a non-optional "" as '' (those columns are NOT NULL).
struct ColumnValueWriter: FieldSink {
    let columns: ColumnIndex
    private(set) var values: [SQLValue]
    private var next = 0

    init(columns: ColumnIndex) {
        self.columns = columns
        values = Array(repeating: .null, count: columns.names.count)
    }

    private mutating func set(_ column: String, _ value: SQLValue) {
        let (position, following) = columns.position(of: column, after: next)
        next = following
        values[Int(position)] = value
    }

    private mutating func set(_ field: FieldSpec, _ value: SQLValue) { set(field.columns[0], value) }

    mutating func put(_ field: FieldSpec, _ value: String) { set(field, .text(value)) }
    mutating func put(_ field: FieldSpec, _ value: String?) { set(field, SQLValue(value)) }
    mutating func put(_ field: FieldSpec, _ value: Int) { set(field, .int(Int64(value))) }
    mutating func put(_ field: FieldSpec, _ value: Int?) { set(field, SQLValue(value)) }
    mutating func put(_ field: FieldSpec, _ value: Bool) { set(field, SQLValue(value)) }
    mutating func put(_ field: FieldSpec, _ value: Date) { set(field, .int(value.milliseconds)) }
    mutating func put(_ field: FieldSpec, _ value: Date?) { set(field, SQLValue(value?.milliseconds)) }

    mutating func put(_ field: FieldSpec, _ value: Coordinate) {
        set(field.columns[0], .double(value.latitude))
        set(field.columns[1], .double(value.longitude))
    }

    /// Comma-joined in one column.
    mutating func put(_ field: FieldSpec, _ value: [String]) { set(field, .text(value.joined(separator: ","))) }

    /// The record name, first of a row's columns.
    mutating func put(id: String) { set("id", .text(id)) }

    /// The bookkeeping, after the content: change tag, modification time and the common fields.
    mutating func put(_ meta: RecordMetadata) {
        set("change_tag", .text(meta.changeTag))
        set("modified_ms", .int(meta.modifiedMs))
        put(CommonFields.schemaVersion, meta.schemaVersion)
        set(CommonFields.deprecatedAt, SQLValue(meta.deprecatedAtMs))
        put(CommonFields.deprecationReason, meta.deprecationReason)
    }
}
