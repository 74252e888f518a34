/// A record query: `{"recordType", "filterBy": [...], "sortBy": [...]}`.
public struct Query: Sendable, Hashable, Codable {
    public var recordType: String
    public var filterBy: [QueryFilter]
    public var sortBy: [QuerySort]

    public init(recordType: String, filterBy: [QueryFilter] = [], sortBy: [QuerySort] = []) {
        self.recordType = recordType
        self.filterBy = filterBy
        self.sortBy = sortBy
    }

    private enum CodingKeys: String, CodingKey { case recordType, filterBy, sortBy }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        recordType = try c.decode(String.self, forKey: .recordType)
        filterBy = try c.decodeIfPresent([QueryFilter].self, forKey: .filterBy) ?? []
        sortBy = try c.decodeIfPresent([QuerySort].self, forKey: .sortBy) ?? []
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(recordType, forKey: .recordType)
        if !filterBy.isEmpty { try c.encode(filterBy, forKey: .filterBy) }
        if !sortBy.isEmpty { try c.encode(sortBy, forKey: .sortBy) }
    }
}

/// What a filter or sort descriptor looks at: a record field (`fieldName`) or a system field
/// (`systemFieldName`: `recordName`, `createdTimestamp`, `modifiedTimestamp`, …).
public enum QueryKey: Sendable, Hashable {
    case field(String)
    case system(SystemFieldName)
}

/// The system fields a query may filter or sort on.
public enum SystemFieldName: String, Sendable, Hashable, Codable, CaseIterable {
    case recordName
    case recordType
    case createdTimestamp
    case modifiedTimestamp
    case createdUserRecordName
    case modifiedUserRecordName
}

/// The comparators of CloudKit Web Services that `trips` uses.
public enum QueryComparator: String, Sendable, Hashable, Codable, CaseIterable {
    case equals = "EQUALS"
    case notEquals = "NOT_EQUALS"
    case lessThan = "LESS_THAN"
    case lessThanOrEquals = "LESS_THAN_OR_EQUALS"
    case greaterThan = "GREATER_THAN"
    case greaterThanOrEquals = "GREATER_THAN_OR_EQUALS"
    case `in` = "IN"
    case notIn = "NOT_IN"
    case listContains = "LIST_CONTAINS"
    case notListContains = "NOT_LIST_CONTAINS"
    case beginsWith = "BEGINS_WITH"
}

/// `{"comparator", "fieldName" | "systemFieldName", "fieldValue": {"value", "type"}}`.
public struct QueryFilter: Sendable, Hashable {
    public var comparator: QueryComparator
    public var key: QueryKey
    /// For `IN`/`NOT_IN`, a list value.
    public var fieldValue: FieldValue

    public init(_ key: QueryKey, _ comparator: QueryComparator, _ fieldValue: FieldValue) {
        self.comparator = comparator
        self.key = key
        self.fieldValue = fieldValue
    }

    /// `modifiedTimestamp >= ms`: the delta query of the canonical pull.
    public static func modified(since milliseconds: Int64) -> QueryFilter {
        QueryFilter(.system(.modifiedTimestamp), .greaterThanOrEquals, .timestamp(milliseconds))
    }
}

/// `{"fieldName" | "systemFieldName", "ascending"}`.
public struct QuerySort: Sendable, Hashable {
    public var key: QueryKey
    public var ascending: Bool

    public init(_ key: QueryKey, ascending: Bool = true) {
        self.key = key
        self.ascending = ascending
    }

    /// The total order `trips` asks for: `modifiedTimestamp`, then `recordName`, ascending.
    public static let byModification: [QuerySort] = [
        QuerySort(.system(.modifiedTimestamp)), QuerySort(.system(.recordName)),
    ]
}

/// Reads and writes the `fieldName` / `systemFieldName` pair both filters and sorts carry.
private enum KeyCodingKeys: String, CodingKey { case fieldName, systemFieldName }

extension QueryKey {
    fileprivate init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: KeyCodingKeys.self)
        if let system = try c.decodeIfPresent(String.self, forKey: .systemFieldName) {
            guard let name = SystemFieldName(rawValue: system) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .systemFieldName, in: c, debugDescription: "unknown systemFieldName \(system)")
            }
            self = .system(name)
        } else if let field = try c.decodeIfPresent(String.self, forKey: .fieldName) {
            self = .field(field)
        } else {
            throw DecodingError.keyNotFound(
                KeyCodingKeys.fieldName,
                .init(codingPath: c.codingPath, debugDescription: "needs fieldName or systemFieldName"))
        }
    }

    fileprivate func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: KeyCodingKeys.self)
        switch self {
        case .field(let name): try c.encode(name, forKey: .fieldName)
        case .system(let name): try c.encode(name.rawValue, forKey: .systemFieldName)
        }
    }
}

extension QueryFilter: Codable {
    private enum CodingKeys: String, CodingKey { case comparator, fieldValue }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        comparator = try c.decode(QueryComparator.self, forKey: .comparator)
        fieldValue = try c.decode(FieldValue.self, forKey: .fieldValue)
        key = try QueryKey(from: decoder)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(comparator, forKey: .comparator)
        try c.encode(fieldValue, forKey: .fieldValue)
        try key.encode(to: encoder)
    }
}

extension QuerySort: Codable {
    private enum CodingKeys: String, CodingKey { case ascending }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        ascending = try c.decodeIfPresent(Bool.self, forKey: .ascending) ?? true
        key = try QueryKey(from: decoder)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(ascending, forKey: .ascending)
        try key.encode(to: encoder)
    }
}
