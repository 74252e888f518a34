import FoundationEssentials
import RecordSchema
import TripsModel

/// Where a record type's codec writes its fields, each by its `FieldSpec`: a wire record's fields
/// (`WireFieldWriter`) or a store row's values (TripsStore's `ColumnValueWriter`). One overload per
/// model type, so each sink decides how that type looks in its format (an absent optional value is
/// omitted on the wire, NULL or '' in a column).
public protocol FieldSink {
    mutating func put(_ field: FieldSpec, _ value: String)
    mutating func put(_ field: FieldSpec, _ value: String?)
    mutating func put(_ field: FieldSpec, _ value: Int)
    mutating func put(_ field: FieldSpec, _ value: Int?)
    mutating func put(_ field: FieldSpec, _ value: Bool)
    mutating func put(_ field: FieldSpec, _ value: Date)
    mutating func put(_ field: FieldSpec, _ value: Date?)
    mutating func put(_ field: FieldSpec, _ value: Coordinate)
    mutating func put(_ field: FieldSpec, _ value: [String])
}
