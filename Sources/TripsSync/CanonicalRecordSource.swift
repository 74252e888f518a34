import CloudKitClient
import CloudKitWeb
import TripsModel

/// Where the canonical pull reads pages from: the cloud's public database in production, a
/// scripted fake in tests. One call is one `records/query` round trip (with the client's
/// retries inside it).
public protocol CanonicalRecordSource: Sendable {
    /// Records of `type` with `modifiedTimestamp >= modifiedSince` (all when nil), sorted by
    /// modification time then record name, at most `limit`; `continuation` is the previous
    /// page's marker for the same query. Throws `CloudError.cancelled` when the task is
    /// cancelled mid-request.
    func page(
        of type: RecordType, modifiedSince: Int64?, limit: Int, continuation: String?
    ) async throws(CloudError) -> RecordPage
}

/// The canonical records of a CloudKit container's public database, over Web Services.
public struct CloudRecordSource: CanonicalRecordSource {
    public let database: CloudDatabase

    public init(database: CloudDatabase) {
        self.database = database
    }

    public func page(
        of type: RecordType, modifiedSince: Int64?, limit: Int, continuation: String?
    ) async throws(CloudError) -> RecordPage {
        let query = Query(
            recordType: type.rawValue, filterBy: modifiedSince.map { [QueryFilter.modified(since: $0)] } ?? [],
            sortBy: QuerySort.byModification)
        return try await database.query(query, resultsLimit: limit, continuationMarker: continuation)
    }
}
