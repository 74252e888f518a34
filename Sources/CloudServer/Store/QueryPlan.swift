import CloudKitWeb
import SQLite

/// `records/query` as SQL: filters become WHERE terms, sort descriptors an ORDER BY with the
/// record name as the final tie-break, and a continuation marker a keyset condition
/// ("strictly after the last row returned"), so paging is a total order that never skips.
struct QueryPlan {
    struct SortKey {
        var expression: String
        var ascending: Bool
        var nullable: Bool
    }

    let sortKeys: [SortKey]
    let fingerprint: String
    private(set) var sql = ""
    private(set) var binds: [SQLValue] = []

    /// - Parameters:
    ///   - visibleUntilMs: index lag: records modified after this are not visible yet.
    ///   - fieldsExpression: the SELECT expression for `fields` (desiredKeys filter).
    init(
        owner: Int64, zone: String, request: QueryRequest, limit: Int, visibleUntilMs: Int64?,
        fieldsExpression: String
    ) throws(ServiceError) {
        let query = request.query
        guard !query.recordType.isEmpty else { throw .badRequest("query.recordType is required") }
        var keys: [SortKey] = []
        for sort in query.sortBy {
            let (expression, nullable) = try QueryPlan.expression(for: sort.key, referencePath: false)
            keys.append(SortKey(expression: expression, ascending: sort.ascending, nullable: nullable))
            if case .system(.recordName) = sort.key { break }
        }
        if !keys.contains(where: { $0.expression == "name" }) {
            keys.append(SortKey(expression: "name", ascending: true, nullable: false))
        }
        sortKeys = keys
        fingerprint = ContinuationMarker.fingerprint(of: query, zone: zone)

        var terms = ["owner = ?", "zone = ?", "type = ?", "deleted = 0"]
        binds = [.int(owner), .text(zone), .text(query.recordType)]
        if let visibleUntilMs {
            terms.append("modified_ms <= ?")
            binds.append(.int(visibleUntilMs))
        }
        var marker: ContinuationMarker?
        if let text = request.continuationMarker {
            marker = try ContinuationMarker(decoding: text, fingerprint: fingerprint, keyCount: keys.count)
        }
        // With a row-value keyset, filters on the first sort column must not compete with it
        // for the index range: the keyset is the tighter bound (the marker row passed them).
        // SQLite's unary `+` keeps such a filter out of the index choice.
        let shadowed = marker.map { usesRowValue($0.k) } == true ? keys[0].expression : nil
        for filter in query.filterBy { terms.append(try condition(for: filter, shadowing: shadowed)) }
        if let marker { terms.append(keyset(after: marker.k)) }
        var select = StoredRecord.columns(fields: fieldsExpression)
        for key in keys { select += ", \(key.expression), typeof(\(key.expression))" }
        let order = keys.map { "\($0.expression) \($0.ascending ? "ASC" : "DESC")" }.joined(separator: ", ")
        sql = "SELECT \(select) FROM records WHERE \(terms.joined(separator: " AND ")) ORDER BY \(order) LIMIT ?"
        binds.append(.int(Int64(limit + 1)))
    }

    /// The sort-key values of a result row (read after the record columns).
    func keyValues(of row: Row) -> [JSONValue] {
        sortKeys.indices.map { i in
            let column = StoredRecord.columnCount + Int32(2 * i)
            switch row.string(column + 1) {
            case "integer": return .int(row.int64(column))
            case "real": return .double(row.double(column))
            case "null": return .null
            default: return .string(row.string(column))
            }
        }
    }

    // MARK: Building blocks

    /// The SQL expression a query key reads, and whether it can be NULL.
    static func expression(for key: QueryKey, referencePath: Bool) throws(ServiceError) -> (String, Bool) {
        switch key {
        case .system(let name):
            switch name {
            case .recordName: return ("name", false)
            case .recordType: return ("type", false)
            case .createdTimestamp: return ("created_ms", false)
            case .modifiedTimestamp: return ("modified_ms", false)
            case .createdUserRecordName: return ("created_by", true)
            case .modifiedUserRecordName: return ("modified_by", true)
            }
        case .field(let name):
            return ("json_extract(fields, '\(try path(of: name, referencePath: referencePath))')", true)
        }
    }

    /// `$.name.value` for a validated field name (ASCII letters, digits, underscores; a letter first).
    static func path(of field: String, referencePath: Bool = false) throws(ServiceError) -> String {
        func isLetter(_ c: Unicode.Scalar) -> Bool { ("a"..."z").contains(c) || ("A"..."Z").contains(c) }
        let scalars = field.unicodeScalars
        guard let first = scalars.first, isLetter(first), scalars.count <= 255,
            scalars.allSatisfy({ isLetter($0) || ("0"..."9").contains($0) || $0 == "_" })
        else {
            throw .badRequest("invalid field name \(JSONText.quote(String(field.prefix(64))))")
        }
        return "$.\(field).value" + (referencePath ? ".recordName" : "")
    }

    /// The SQL value of a filter operand.
    static func sqlValue(_ value: FieldValue) -> SQLValue? {
        switch value {
        case .string(let s), .bytes(let s): return .text(s)
        case .int64(let i), .timestamp(let i): return .int(i)
        case .double(let d): return .double(d)
        case .reference(let r): return .text(r.recordName)
        case .other(_, let json):
            switch json {
            case .string(let s): return .text(s)
            case .int(let i): return .int(i)
            case .double(let d): return .double(d)
            case .bool(let b): return .int(b ? 1 : 0)
            case .null: return .null
            default: return nil
            }
        case .location, .list: return nil
        }
    }

    private mutating func condition(for filter: QueryFilter, shadowing: String?) throws(ServiceError) -> String {
        var operand = filter.fieldValue
        let isReference: Bool
        switch operand {
        case .reference: isReference = true
        case .list(.reference, _): isReference = true
        default: isReference = false
        }
        if case .system(let name) = filter.key, [.createdTimestamp, .modifiedTimestamp].contains(name) {
            // Timestamps compare as integers whatever type the client declared.
            if case .list(let t, let items) = operand {
                operand = .list(t, items.map { $0.int64Value.map(FieldValue.timestamp) ?? $0 })
            } else if let ms = operand.int64Value {
                operand = .timestamp(ms)
            }
        }
        var (expression, _) = try QueryPlan.expression(for: filter.key, referencePath: isReference)
        if expression == shadowing { expression = "+" + expression }
        func one() throws(ServiceError) -> SQLValue {
            guard let value = QueryPlan.sqlValue(operand), value != .null else {
                throw .badRequest("\(filter.comparator.rawValue) needs a scalar fieldValue")
            }
            return value
        }
        func list() throws(ServiceError) -> [SQLValue] {
            let items: [FieldValue]
            if case .list(_, let values) = operand { items = values } else { items = [operand] }
            var out: [SQLValue] = []
            for item in items {
                guard let value = QueryPlan.sqlValue(item) else {
                    throw .badRequest("\(filter.comparator.rawValue) needs a list of scalar values")
                }
                out.append(value)
            }
            return out
        }
        switch filter.comparator {
        case .equals, .notEquals, .lessThan, .lessThanOrEquals, .greaterThan, .greaterThanOrEquals:
            let op: String
            switch filter.comparator {
            case .equals: op = "="
            case .notEquals: op = "IS NOT"
            case .lessThan: op = "<"
            case .lessThanOrEquals: op = "<="
            case .greaterThan: op = ">"
            default: op = ">="
            }
            binds.append(try one())
            return "\(expression) \(op) ?"
        case .in, .notIn:
            let values = try list()
            guard !values.isEmpty else { return filter.comparator == .in ? "0" : "1" }
            binds += values
            let placeholders = Array(repeating: "?", count: values.count).joined(separator: ", ")
            return filter.comparator == .in
                ? "\(expression) IN (\(placeholders))"
                : "(\(expression) IS NULL OR \(expression) NOT IN (\(placeholders)))"
        case .listContains, .notListContains:
            guard case .field(let name) = filter.key else {
                throw .badRequest("\(filter.comparator.rawValue) applies to list fields only")
            }
            binds.append(try one())
            let exists =
                "EXISTS (SELECT 1 FROM json_each(records.fields, '\(try QueryPlan.path(of: name))') AS e WHERE e.value = ?)"
            return filter.comparator == .listContains ? exists : "NOT \(exists)"
        case .beginsWith:
            guard case .text(let prefix) = try one() else { throw .badRequest("BEGINS_WITH needs a STRING value") }
            binds += [.int(Int64(prefix.unicodeScalars.count)), .text(prefix)]
            return "substr(\(expression), 1, ?) = ?"
        }
    }

    /// Whether the keyset after `values` is one row-value comparison: every key a non-null
    /// column sorted the same way.
    private func usesRowValue(_ values: [JSONValue]) -> Bool {
        let direction = sortKeys[0].ascending
        return sortKeys.allSatisfy { !$0.nullable && $0.ascending == direction } && !values.contains(.null)
    }

    /// "Strictly after `values` in the sort order". SQLite sorts NULL first ascending and last
    /// descending; the conditions follow that.
    private mutating func keyset(after values: [JSONValue]) -> String {
        let sqlValues = values.map { v -> SQLValue in
            switch v {
            case .int(let i): return .int(i)
            case .double(let d): return .double(d)
            case .string(let s): return .text(s)
            case .bool(let b): return .int(b ? 1 : 0)
            default: return .null
            }
        }
        let direction = sortKeys[0].ascending
        if usesRowValue(values) {
            // One row-value comparison: SQLite seeks the index straight to the position.
            let columns = sortKeys.map(\.expression).joined(separator: ", ")
            binds += sqlValues
            let placeholders = Array(repeating: "?", count: sqlValues.count).joined(separator: ", ")
            return "(\(columns)) \(direction ? ">" : "<") (\(placeholders))"
        }
        var alternatives: [String] = []
        var local: [SQLValue] = []
        var equalSoFar: [String] = []
        var equalBinds: [SQLValue] = []
        for (key, value) in zip(sortKeys, sqlValues) {
            let after: String
            var afterBinds: [SQLValue] = []
            switch (key.ascending, value) {
            case (true, .null): after = "\(key.expression) IS NOT NULL"
            case (true, _):
                after = "\(key.expression) > ?"
                afterBinds = [value]
            case (false, .null): after = "0"
            case (false, _):
                after = "(\(key.expression) < ? OR \(key.expression) IS NULL)"
                afterBinds = [value]
            }
            alternatives.append("(" + (equalSoFar + [after]).joined(separator: " AND ") + ")")
            local += equalBinds + afterBinds
            equalSoFar.append("\(key.expression) IS ?")
            equalBinds.append(value)
        }
        let condition = "(" + alternatives.joined(separator: " OR ") + ")"
        guard sortKeys[0].ascending, sqlValues[0] != .null else {
            binds += local
            return condition
        }
        // A lower bound the index can use; implied by the alternatives.
        binds += [sqlValues[0]] + local
        return "\(sortKeys[0].expression) >= ? AND " + condition
    }
}
