/// The body of `records/modify`.
public struct ModifyRequest: Sendable, Hashable, Codable {
    public var operations: [RecordOperation]
    public var zoneID: ZoneID?
    /// Default true; applies to custom zones only: one failing operation fails them all.
    public var atomic: Bool?
    public var desiredKeys: [String]?
    public var numbersAsStrings: Bool?

    public init(operations: [RecordOperation], zoneID: ZoneID? = nil, atomic: Bool? = nil) {
        self.operations = operations
        self.zoneID = zoneID
        self.atomic = atomic
    }
}

/// One write: `{"operationType", "record", "desiredKeys"?}`.
public struct RecordOperation: Sendable, Hashable, Codable {
    /// `update`, `replace` and `delete` need the record's current `recordChangeTag` (else
    /// `CONFLICT`); `create` fails with `EXISTS` for a taken name; the `force` kinds skip the check.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        case create
        /// Changes only the fields sent.
        case update
        case forceUpdate
        /// Replaces all fields (those not sent are removed).
        case replace
        case forceReplace
        case delete
        case forceDelete

        /// Whether the server compares `recordChangeTag` before writing.
        public var checksChangeTag: Bool { self == .update || self == .replace || self == .delete }
        public var isDelete: Bool { self == .delete || self == .forceDelete }
    }

    public var operationType: Kind
    public var record: Record
    public var desiredKeys: [String]?

    public init(_ operationType: Kind, _ record: Record, desiredKeys: [String]? = nil) {
        self.operationType = operationType
        self.record = record
        self.desiredKeys = desiredKeys
    }
}
