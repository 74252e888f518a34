import FoundationEssentials

/// `created` / `modified`: set by the server, never invented by clients.
public struct RecordStamp: Sendable, Hashable, Codable {
    /// Milliseconds since 1970 UTC.
    public var timestamp: Int64
    public var userRecordName: String?
    public var deviceID: String?

    public init(timestamp: Int64, userRecordName: String? = nil, deviceID: String? = nil) {
        self.timestamp = timestamp
        self.userRecordName = userRecordName
        self.deviceID = deviceID
    }

    private enum CodingKeys: String, CodingKey { case timestamp, userRecordName, deviceID }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        if let t = try? c.decode(Int64.self, forKey: .timestamp) {
            timestamp = t
        } else if let t = try c.decode(JSONValue.self, forKey: .timestamp).int64 {
            timestamp = t
        } else {
            throw DecodingError.dataCorruptedError(
                forKey: .timestamp, in: c, debugDescription: "timestamp is not a number")
        }
        userRecordName = try? c.decodeIfPresent(String.self, forKey: .userRecordName)
        deviceID = try? c.decodeIfPresent(String.self, forKey: .deviceID)
    }
}

/// A zone by name (`_defaultZone`, `UserData`).
public struct ZoneID: Sendable, Hashable, Codable {
    public var zoneName: String
    public var ownerRecordName: String?

    public init(zoneName: String, ownerRecordName: String? = nil) {
        self.zoneName = zoneName
        self.ownerRecordName = ownerRecordName
    }

    public static let defaultZone = ZoneID(zoneName: "_defaultZone")
}

/// A record as it travels: `{"recordName", "recordType", "recordChangeTag", "fields", "created",
/// "modified", "deleted"}`. Deleted entries from `changes/zone` carry only a name.
public struct Record: Sendable, Hashable, Codable {
    public var recordName: String
    public var recordType: String?
    public var recordChangeTag: String?
    public var fields: [String: FieldValue]
    public var created: RecordStamp?
    public var modified: RecordStamp?
    public var deleted: Bool
    public var zoneID: ZoneID?

    public init(
        recordName: String, recordType: String?, recordChangeTag: String? = nil,
        fields: [String: FieldValue] = [:], created: RecordStamp? = nil, modified: RecordStamp? = nil,
        deleted: Bool = false, zoneID: ZoneID? = nil
    ) {
        self.recordName = recordName
        self.recordType = recordType
        self.recordChangeTag = recordChangeTag
        self.fields = fields
        self.created = created
        self.modified = modified
        self.deleted = deleted
        self.zoneID = zoneID
    }

    private enum CodingKeys: String, CodingKey {
        case recordName, recordType, recordChangeTag, fields, created, modified, deleted, zoneID
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        recordName = try c.decode(String.self, forKey: .recordName)
        recordType = try c.decodeIfPresent(String.self, forKey: .recordType)
        recordChangeTag = try c.decodeIfPresent(String.self, forKey: .recordChangeTag)
        fields = try c.decodeIfPresent([String: FieldValue].self, forKey: .fields) ?? [:]
        created = try c.decodeIfPresent(RecordStamp.self, forKey: .created)
        modified = try c.decodeIfPresent(RecordStamp.self, forKey: .modified)
        deleted = (try? c.decodeIfPresent(Bool.self, forKey: .deleted)) ?? false
        zoneID = try? c.decodeIfPresent(ZoneID.self, forKey: .zoneID)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(recordName, forKey: .recordName)
        try c.encodeIfPresent(recordType, forKey: .recordType)
        try c.encodeIfPresent(recordChangeTag, forKey: .recordChangeTag)
        if !fields.isEmpty || !deleted { try c.encode(fields, forKey: .fields) }
        try c.encodeIfPresent(created, forKey: .created)
        try c.encodeIfPresent(modified, forKey: .modified)
        if deleted { try c.encode(true, forKey: .deleted) }
        try c.encodeIfPresent(zoneID, forKey: .zoneID)
    }

    public subscript(field: String) -> FieldValue? {
        get { fields[field] }
        set { fields[field] = newValue }
    }
}

/// `{"records": [...]}` — the body of a query response and of every `Data/` file.
public struct RecordList: Sendable, Hashable, Codable {
    public var records: [Record]

    public init(records: [Record]) { self.records = records }
}
