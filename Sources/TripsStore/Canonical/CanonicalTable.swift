import FoundationEssentials
import RecordSchema
import SQLite
import TripsModel
import TripsRecords

/// Where each canonical record type lives in SQLite and how its values map to columns.
/// The column names come from `RecordSchema`; the typed value ↔ column mapping is here.
enum CanonicalTable {
    static func name(_ type: RecordType) -> String {
        switch type {
        case .sport: return "sports"
        case .leagueStructure: return "league_structures"
        case .stadium: return "stadiums"
        case .team: return "teams"
        case .teamAlias: return "team_aliases"
        case .stadiumAlias: return "stadium_aliases"
        case .game: return "games"
        }
    }

    /// Content columns: `id` (the record name), then each field's columns as `RecordSchema`
    /// declares them — what `select` reads, and the first of `upsertSQL`'s columns.
    static func columns(_ type: RecordType) -> [String] { contentColumns[type]! }

    private static let contentColumns: [RecordType: [String]] = Dictionary(
        uniqueKeysWithValues: RecordType.allCases.map { ($0, ["id"] + $0.fields.flatMap(\.columns)) })

    /// The server's bookkeeping, then the common fields' columns: the order `values(of:)` appends them.
    static let metaColumns = ["change_tag", "modified_ms"] + CommonFields.all.flatMap(\.columns)

    /// `SELECT <content columns> FROM <table>` — prefix for reads; append WHERE/ORDER.
    static func select(_ type: RecordType, alias: String? = nil) -> String {
        let prefix = alias.map { "\($0)." } ?? ""
        let cols = columns(type).map { prefix + $0 }.joined(separator: ", ")
        return "SELECT \(cols) FROM \(name(type))" + (alias.map { " \($0)" } ?? "")
    }

    /// The one write statement per type (built once: it is on the import and sync hot path).
    static func upsertSQL(_ type: RecordType) -> String { upsertStatements[type]! }

    private static let upsertStatements: [RecordType: String] = Dictionary(
        uniqueKeysWithValues: RecordType.allCases.map { type in
            let all = columns(type) + metaColumns
            let placeholders = Array(repeating: "?", count: all.count).joined(separator: ", ")
            return (
                type, "INSERT OR REPLACE INTO \(name(type)) (\(all.joined(separator: ", "))) VALUES (\(placeholders))"
            )
        })

    /// `SELECT change_tag, modified_ms … WHERE id = ?` per type, built once.
    static func metadataSQL(_ type: RecordType) -> String { metadataStatements[type]! }

    private static let metadataStatements: [RecordType: String] = Dictionary(
        uniqueKeysWithValues: RecordType.allCases.map {
            ($0, "SELECT change_tag, modified_ms FROM \(name($0)) WHERE id = ?")
        })

    /// The content and bookkeeping columns of each type, in `upsertSQL`'s order, by name.
    private static let writeColumnList = RecordType.allCases.map { ColumnIndex(columns($0) + metaColumns) }

    /// The content columns of each type, in `select`'s order, by name.
    private static let readColumnList = RecordType.allCases.map { ColumnIndex(columns($0)) }

    private static func writeColumns(_ type: RecordType) -> ColumnIndex { writeColumnList[ordinal(type)] }

    private static func readColumns(_ type: RecordType) -> ColumnIndex { readColumnList[ordinal(type)] }

    /// `type`'s place in `RecordType.allCases`, by a switch: these are read for every row, and a
    /// dictionary keyed by the type would hash its name each time.
    static func ordinal(_ type: RecordType) -> Int {
        switch type {
        case .sport: return 0
        case .leagueStructure: return 1
        case .stadium: return 2
        case .team: return 3
        case .teamAlias: return 4
        case .stadiumAlias: return 5
        case .game: return 6
        }
    }

    /// The values `upsertSQL` binds, written by the type's codec.
    static func values(of record: CanonicalRecord) -> [SQLValue] {
        var writer = ColumnValueWriter(columns: writeColumns(record.recordType))
        writer.put(id: record.recordName)
        record.entity.write(to: &writer)
        writer.put(record.meta)
        return writer.values
    }

    /// A row selected with `select(type)` (more columns may follow), read by the type's codec.
    static func read<Value: CanonicalValue>(_ row: Row) throws(RecordDecodingError) -> Value {
        var reader = RowFieldReader(row: row, columns: readColumns(Value.recordType))
        return try Value(id: reader.id(), reading: &reader)
    }

    /// Any type's row, as `read` reads it.
    static func entity(_ type: RecordType, _ row: Row) throws(RecordDecodingError) -> CanonicalEntity {
        var reader = RowFieldReader(row: row, columns: readColumns(type))
        return try CanonicalEntity(type, id: reader.id(), reading: &reader)
    }
}

extension CanonicalValue {
    /// A row selected with `CanonicalTable.select(Self.recordType)`, read by the type's codec.
    init(row: Row) throws(RecordDecodingError) {
        self = try CanonicalTable.read(row)
    }
}
