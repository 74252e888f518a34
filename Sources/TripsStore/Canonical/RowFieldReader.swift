import FoundationEssentials
import RecordSchema
import SQLite
import TripsModel
import TripsRecords

/// Reads a store row's fields by their `FieldSpec`, each from the column `RecordSchema` names,
/// for a row selected with `CanonicalTable.select` (its columns are `columns`). A codec reads in
/// declaration order, so the column after the last one found is tried first: by name, at the cost
/// of one string comparison per field.
struct RowFieldReader: FieldSource {
    let row: Row
    let columns: ColumnIndex
    private var next = 0

    init(row: Row, columns: ColumnIndex) {
        self.row = row
        self.columns = columns
    }

    var recordName: String { row.string(columns.position(of: "id")) }

    /// The record name, first of a row's columns.
    mutating func id() -> String { row.string(column("id")) }

    @inline(__always)
    private mutating func column(_ name: String) -> Int32 {
        let (position, following) = columns.position(of: name, after: next)
        next = following
        return position
    }

    private mutating func column(_ field: FieldSpec, _ part: Int = 0) -> Int32 { column(field.columns[part]) }

    mutating func string(_ field: FieldSpec) -> String { row.string(column(field)) }

    mutating func optionalString(_ field: FieldSpec) -> String? {
        let value = row.optionalString(column(field))
        return value?.isEmpty == false ? value : nil
    }

    mutating func int(_ field: FieldSpec) -> Int { row.int(column(field)) }

    mutating func optionalInt(_ field: FieldSpec) -> Int? { row.optionalInt(column(field)) }

    mutating func bool(_ field: FieldSpec) -> Bool { row.bool(column(field)) }

    mutating func date(_ field: FieldSpec) -> Date { Date(milliseconds: row.int64(column(field))) }

    mutating func optionalDate(_ field: FieldSpec) -> Date? {
        row.optionalInt64(column(field)).map(Date.init(milliseconds:))
    }

    mutating func coordinate(_ field: FieldSpec) -> Coordinate {
        Coordinate(latitude: row.double(column(field, 0)), longitude: row.double(column(field, 1)))
    }

    /// Stored comma-joined in one column.
    mutating func stringList(_ field: FieldSpec) -> [String] {
        let joined = row.string(column(field))
        return joined.isEmpty ? [] : joined.split(separator: ",").map(String.init)
    }
}

/// A table's column names with their positions, looked up by name. A class: a row reader holds
/// it for every row, and one reference is cheaper to pass around than two collections.
final class ColumnIndex: Sendable {
    let names: [String]
    private let positions: [String: Int]

    init(_ names: [String]) {
        self.names = names
        positions = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
    }

    func position(of name: String) -> Int32 {
        guard let position = positions[name] else { preconditionFailure("no column \(name) in \(names)") }
        return Int32(position)
    }

    /// `name`'s position, trying `hint` first; and the position after it (the next hint).
    @inline(__always)
    func position(of name: String, after hint: Int) -> (Int32, Int) {
        if hint < names.count, names[hint] == name { return (Int32(hint), hint + 1) }
        let position = Int(position(of: name))
        return (Int32(position), position + 1)
    }
}
