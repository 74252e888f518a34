/// The body of `changes/zone`: `{"zones": [{"zoneID", "syncToken"?}], "resultsLimit"?}`.
/// No token: everything from the beginning.
public struct ZoneChangesRequest: Sendable, Hashable, Codable {
    public struct Item: Sendable, Hashable, Codable {
        public var zoneID: ZoneID
        public var syncToken: String?
        public var desiredKeys: [String]?
        public var desiredRecordTypes: [String]?
        public var resultsLimit: Int?

        public init(zoneID: ZoneID, syncToken: String? = nil, resultsLimit: Int? = nil) {
            self.zoneID = zoneID
            self.syncToken = syncToken
            self.resultsLimit = resultsLimit
        }
    }

    public var zones: [Item]
    public var resultsLimit: Int?

    public init(zones: [Item], resultsLimit: Int? = nil) {
        self.zones = zones
        self.resultsLimit = resultsLimit
    }
}

/// One zone's page of changes: keep asking with `syncToken` while `moreComing`. Deleted records
/// come as `{"recordName", "deleted": true}`.
public struct ZoneChanges: Sendable, Hashable, Codable {
    public var zoneID: ZoneID
    public var syncToken: String
    public var moreComing: Bool
    public var records: [Record]

    public init(zoneID: ZoneID, syncToken: String, moreComing: Bool, records: [Record]) {
        self.zoneID = zoneID
        self.syncToken = syncToken
        self.moreComing = moreComing
        self.records = records
    }

    private enum CodingKeys: String, CodingKey { case zoneID, syncToken, moreComing, records }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        zoneID = try c.decode(ZoneID.self, forKey: .zoneID)
        syncToken = try c.decode(String.self, forKey: .syncToken)
        moreComing = try c.decodeIfPresent(Bool.self, forKey: .moreComing) ?? false
        records = try c.decodeIfPresent([Record].self, forKey: .records) ?? []
    }
}

/// The answer of `changes/zone`: one entry (changes or error) per requested zone.
public typealias ZoneChangesResponse = ZoneList<ItemResult<ZoneChanges>>
