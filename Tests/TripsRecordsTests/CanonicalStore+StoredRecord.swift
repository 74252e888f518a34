import SQLite
import TripsModel
import TripsRecords

@testable import TripsStore

extension CanonicalStore {
    /// Reads one stored record back as the store's own readers see it: the content through the
    /// type's codec, the metadata from the bookkeeping columns.
    func storedRecord(_ type: RecordType, named name: String) throws -> CanonicalRecord? {
        let content = CanonicalTable.columns(type)
        let sql =
            "SELECT \((content + CanonicalTable.metaColumns).joined(separator: ", ")) FROM \(CanonicalTable.name(type)) WHERE id = ?"
        return try database.row(sql, [.text(name)]) { row in
            let m = Int32(content.count)
            let meta = RecordMetadata(
                changeTag: row.string(m), modifiedMs: row.int64(m + 1), schemaVersion: row.int(m + 2),
                deprecatedAtMs: row.optionalInt64(m + 3), deprecationReason: row.optionalString(m + 4))
            return CanonicalRecord(try CanonicalTable.entity(type, row), meta: meta)
        }
    }
}
