import CloudKitClient
import CloudKitWeb
import CloudServer

/// `PublicRecordAccess` over HTTP: a running server's public database with its admin token.
struct ClientPublicRecords: PublicRecordAccess {
    let database: CloudDatabase

    func lookup(_ recordNames: [String]) async throws -> [ItemResult<Record>] {
        try await database.lookup(recordNames)
    }

    func modify(_ operations: [RecordOperation]) async throws -> [ItemResult<Record>] {
        try await database.modify(operations)
    }

    func modify(_ operations: [RecordOperation], atomic: Bool) async throws -> [ItemResult<Record>] {
        try await database.modify(operations, atomic: atomic)
    }

    func query(_ query: Query, continuationMarker: String?) async throws -> QueryResponse {
        let page = try await database.query(query, continuationMarker: continuationMarker)
        return QueryResponse(records: page.records, continuationMarker: page.continuationMarker)
    }
}
