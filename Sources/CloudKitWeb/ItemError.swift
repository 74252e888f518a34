/// A per-item failure inside `records` (or `zones`): the other items of the request may have
/// succeeded. `{"recordName", "serverErrorCode", "reason", "retryAfter"?, "uuid"}`.
public struct ItemError: Sendable, Hashable, Codable, Error {
    public var recordName: String?
    public var zoneID: ZoneID?
    public var serverErrorCode: ServerErrorCode
    public var reason: String?
    public var retryAfter: Double?
    public var uuid: String?

    public init(
        recordName: String? = nil, zoneID: ZoneID? = nil, serverErrorCode: ServerErrorCode, reason: String?,
        retryAfter: Double? = nil, uuid: String? = nil
    ) {
        self.recordName = recordName
        self.zoneID = zoneID
        self.serverErrorCode = serverErrorCode
        self.reason = reason
        self.retryAfter = retryAfter
        self.uuid = uuid
    }

    private enum CodingKeys: String, CodingKey { case recordName, zoneID, serverErrorCode, reason, retryAfter, uuid }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        serverErrorCode = try c.decode(ServerErrorCode.self, forKey: .serverErrorCode)
        recordName = try? c.decodeIfPresent(String.self, forKey: .recordName)
        zoneID = try? c.decodeIfPresent(ZoneID.self, forKey: .zoneID)
        reason = try? c.decodeIfPresent(String.self, forKey: .reason)
        retryAfter = (try? c.decodeIfPresent(JSONValue.self, forKey: .retryAfter))?.double
        uuid = try? c.decodeIfPresent(String.self, forKey: .uuid)
    }
}

/// One entry of a per-item result list: the item, or the error dictionary that replaced it.
public enum ItemResult<Value: Sendable & Hashable & Codable>: Sendable, Hashable {
    case success(Value)
    case failure(ItemError)

    public var value: Value? {
        if case .success(let v) = self { return v }
        return nil
    }

    public var error: ItemError? {
        if case .failure(let e) = self { return e }
        return nil
    }
}

extension ItemResult: Codable {
    private enum ProbeKeys: String, CodingKey { case serverErrorCode }

    public init(from decoder: any Decoder) throws {
        let probe = try decoder.container(keyedBy: ProbeKeys.self)
        if probe.contains(.serverErrorCode) {
            self = .failure(try ItemError(from: decoder))
        } else {
            self = .success(try Value(from: decoder))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .success(let v): try v.encode(to: encoder)
        case .failure(let e): try e.encode(to: encoder)
        }
    }
}

/// `{"records": [record or error, …]}` — the answer of `records/lookup` and `records/modify`,
/// in request order.
public struct RecordResultList: Sendable, Hashable, Codable {
    public var records: [ItemResult<Record>]

    public init(records: [ItemResult<Record>]) { self.records = records }
}
