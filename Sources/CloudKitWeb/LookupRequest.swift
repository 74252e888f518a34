/// The body of `records/lookup`: `{"records": [{"recordName"}], "zoneID", "desiredKeys"}`.
public struct LookupRequest: Sendable, Hashable, Codable {
    public struct Item: Sendable, Hashable, Codable {
        public var recordName: String

        public init(recordName: String) { self.recordName = recordName }
    }

    public var records: [Item]
    public var zoneID: ZoneID?
    public var desiredKeys: [String]?
    public var numbersAsStrings: Bool?

    public init(recordNames: [String], zoneID: ZoneID? = nil, desiredKeys: [String]? = nil) {
        self.records = recordNames.map(Item.init(recordName:))
        self.zoneID = zoneID
        self.desiredKeys = desiredKeys
    }
}
