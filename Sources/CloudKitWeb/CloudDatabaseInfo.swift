/// What `trips-cloud` adds to a `records/query` answer beyond CloudKit's wire format, as one
/// optional top-level member `"tripsDatabase": {"epoch": "…", "recordCount": N}`. Apple's
/// servers never send it, so a client must work without it; with it, a client can tell that
/// the database behind a URL was replaced (the epoch changed) and that records were
/// hard-deleted (fewer records of the type than it holds) — neither shows in a delta query.
public struct CloudDatabaseInfo: Sendable, Hashable {
    /// The top-level member's name.
    public static let memberName = "tripsDatabase"

    /// Made once per server database: watermarks of one epoch mean nothing in another.
    public var epoch: String?
    /// On the last page of a query: the live (not deleted) records of the query's type in its
    /// zone, whatever the query's filters — deprecated ones included.
    public var recordCount: Int?

    public init(epoch: String?, recordCount: Int?) {
        self.epoch = epoch
        self.recordCount = recordCount
    }

    /// `"tripsDatabase":{…}`, for the server to append to an answer object.
    public var jsonMember: String {
        var parts: [String] = []
        if let epoch { parts.append("\"epoch\":" + JSONText.quote(epoch)) }
        if let recordCount { parts.append("\"recordCount\":\(recordCount)") }
        return JSONText.quote(Self.memberName) + ":{" + parts.joined(separator: ",") + "}"
    }

    /// Reads the member's value; nil when it is not an object.
    init?(_ value: JSONValue) {
        guard case .object = value else { return nil }
        epoch = value["epoch"]?.string
        recordCount = value["recordCount"]?.int64.map { Int($0) }
    }
}
