import CloudKitWeb

/// The public database a publisher reads and writes: a running server or CloudKit (signed,
/// over HTTP) or a server's database file in-process. Two operations, so the same publish runs
/// against all three unchanged.
public protocol PublicDatabase: Sendable {
    /// Every record of `recordType`, deprecated ones included, page after page.
    func records(ofType recordType: String) async throws -> [Record]
    /// Applies `operations` all or nothing (`atomic: true`): one result per operation, in order.
    func modifyAtomically(_ operations: [RecordOperation]) async throws -> [ItemResult<Record>]
}
