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

    /// The names of every record of `type` the cloud holds (deprecated ones included), for a
    /// reconcile: what a delta cannot show is a record that is gone.
    func names(of type: RecordType) async throws(CloudError) -> Set<String>
}

extension CanonicalRecordSource {
    /// The query behind one page of the pull: records of `type` modified since a watermark, in
    /// modification order (every source asks its database the same question).
    public static func pageQuery(of type: RecordType, modifiedSince: Int64?) -> Query {
        Query(
            recordType: type.rawValue, filterBy: modifiedSince.map { [QueryFilter.modified(since: $0)] } ?? [],
            sortBy: QuerySort.byModification)
    }

    /// Pages through whole records (a source that can ask for names only does better).
    public func names(of type: RecordType) async throws(CloudError) -> Set<String> {
        var names: Set<String> = []
        var marker: String?
        repeat {
            let page = try await page(
                of: type, modifiedSince: nil, limit: CanonicalSyncOptions.maximumPageSize, continuation: marker)
            names.formUnion(page.records.map(\.recordName))
            names.formUnion(page.malformed.compactMap(\.recordName))
            marker = page.continuationMarker
        } while marker != nil
        return names
    }
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
        try await database.query(
            Self.pageQuery(of: type, modifiedSince: modifiedSince), resultsLimit: limit,
            continuationMarker: continuation)
    }

    /// Names only (no fields), in name order: a record re-saved during the listing keeps its
    /// place, so none is missed.
    public func names(of type: RecordType) async throws(CloudError) -> Set<String> {
        var names: Set<String> = []
        for try await page in database.queryPages(
            Query(recordType: type.rawValue), resultsLimit: CanonicalSyncOptions.maximumPageSize, desiredKeys: [])
        {
            names.formUnion(page.records.map(\.recordName))
            names.formUnion(page.malformed.compactMap(\.recordName))
        }
        return names
    }
}
