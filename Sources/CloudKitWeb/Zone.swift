/// A record zone as listed: `{"zoneID", "syncToken"?, "atomic"?}`.
public struct Zone: Sendable, Hashable, Codable {
    public var zoneID: ZoneID
    public var syncToken: String?
    public var atomic: Bool?

    public init(zoneID: ZoneID, syncToken: String? = nil, atomic: Bool? = nil) {
        self.zoneID = zoneID
        self.syncToken = syncToken
        self.atomic = atomic
    }
}

/// `{"zones": [...]}` — the answer of `zones/list`, and of `zones/modify` (zone or error per
/// operation).
public struct ZoneList<Item: Sendable & Hashable & Codable>: Sendable, Hashable, Codable {
    public var zones: [Item]

    public init(zones: [Item]) { self.zones = zones }
}

/// The body of `zones/modify`: `{"operations": [{"operationType": "create|delete", "zone": {...}}]}`.
public struct ZonesModifyRequest: Sendable, Hashable, Codable {
    public struct Operation: Sendable, Hashable, Codable {
        public enum Kind: String, Sendable, Hashable, Codable { case create, delete }

        public var operationType: Kind
        public var zone: Zone

        public init(_ operationType: Kind, _ zoneID: ZoneID) {
            self.operationType = operationType
            self.zone = Zone(zoneID: zoneID)
        }
    }

    public var operations: [Operation]

    public init(operations: [Operation]) { self.operations = operations }
}
