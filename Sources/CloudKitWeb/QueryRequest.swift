/// The body of `records/query`.
public struct QueryRequest: Sendable, Hashable, Codable {
    public var zoneID: ZoneID?
    /// At most 200 (the protocol's cap); nil asks for the server's default.
    public var resultsLimit: Int?
    public var query: Query
    /// Passed back unchanged, with the same query, to get the next page.
    public var continuationMarker: String?
    /// Only these fields come back (nil: all).
    public var desiredKeys: [String]?
    public var zoneWide: Bool?
    public var numbersAsStrings: Bool?

    public init(
        query: Query, zoneID: ZoneID? = nil, resultsLimit: Int? = nil, continuationMarker: String? = nil,
        desiredKeys: [String]? = nil
    ) {
        self.query = query
        self.zoneID = zoneID
        self.resultsLimit = resultsLimit
        self.continuationMarker = continuationMarker
        self.desiredKeys = desiredKeys
    }
}

/// The answer of `records/query`: one page; `continuationMarker` is present only while more
/// results remain.
public struct QueryResponse: Sendable, Hashable, Codable {
    public var records: [Record]
    public var continuationMarker: String?

    public init(records: [Record], continuationMarker: String? = nil) {
        self.records = records
        self.continuationMarker = continuationMarker
    }

    private enum CodingKeys: String, CodingKey { case records, continuationMarker }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        records = try c.decodeIfPresent([Record].self, forKey: .records) ?? []
        continuationMarker = try c.decodeIfPresent(String.self, forKey: .continuationMarker)
    }
}
