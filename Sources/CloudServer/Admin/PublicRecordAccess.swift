import CloudKitWeb
import Foundation
import HTTPServer

/// Admin access to a public database: the three operations `RealWorldEdits` needs. Implemented
/// in-process over a `CloudService` (`trips-cloud admin --db`) and over HTTP by the
/// `trips-cloud` executable (`--url`), so both go through the normal `records/modify` path.
public protocol PublicRecordAccess: Sendable {
    func lookup(_ recordNames: [String]) async throws -> [ItemResult<Record>]
    func modify(_ operations: [RecordOperation]) async throws -> [ItemResult<Record>]
    /// `modify` all or nothing (`atomic: true`), as the publisher writes its batches.
    func modify(_ operations: [RecordOperation], atomic: Bool) async throws -> [ItemResult<Record>]
    func query(_ query: Query, continuationMarker: String?) async throws -> QueryResponse
}

extension PublicRecordAccess {
    /// The records of `recordType` by name, page after page, until `limit` or the last page.
    public func records(ofType recordType: String, limit: Int = .max) async throws -> [Record] {
        var found: [Record] = []
        var marker: String?
        repeat {
            let page = try await query(
                Query(recordType: recordType, sortBy: [QuerySort(.system(.recordName))]), continuationMarker: marker)
            found += page.records
            marker = page.continuationMarker
        } while marker != nil && found.count < limit
        return found
    }
}

/// `PublicRecordAccess` through a service's own request handling (no socket), with its admin
/// token: exactly what an HTTP request would do. The service must allow admin writes
/// (`Settings.adminWrites`): whoever holds the database file edits it directly anyway.
public struct ServicePublicRecords: PublicRecordAccess {
    let service: CloudService

    public init(service: CloudService) { self.service = service }

    public func lookup(_ recordNames: [String]) async throws -> [ItemResult<Record>] {
        let answer: RecordResultList = try call(.recordsLookup, LookupRequest(recordNames: recordNames))
        return answer.records
    }

    public func modify(_ operations: [RecordOperation]) async throws -> [ItemResult<Record>] {
        try service.modifyInProcess(ModifyRequest(operations: operations))
    }

    public func modify(_ operations: [RecordOperation], atomic: Bool) async throws -> [ItemResult<Record>] {
        try service.modifyInProcess(ModifyRequest(operations: operations, atomic: atomic))
    }

    /// Read with the clients' fast `WireJSON` reader (JSONDecoder took 40 % of a no-change
    /// `trips-cloud publish --db`, which reads every game); a record it cannot read fails the
    /// page, as JSONDecoder did.
    public func query(_ query: Query, continuationMarker: String?) async throws -> QueryResponse {
        let body = try respond(.recordsQuery, QueryRequest(query: query, continuationMarker: continuationMarker))
        let page = try WireJSON.recordPage(body)
        if let bad = page.malformed.first {
            throw ErrorResponse(serverErrorCode: .internalError, reason: "unreadable record: \(bad)")
        }
        return QueryResponse(records: page.records, continuationMarker: page.continuationMarker)
    }

    /// One page of `query` as a client reads it (malformed records kept apart, not failing the
    /// page): what the canonical pull reads from a database in-process.
    public func page(_ query: Query, resultsLimit: Int, continuationMarker: String?) throws -> RecordPage {
        try WireJSON.recordPage(
            respond(
                .recordsQuery,
                QueryRequest(query: query, resultsLimit: resultsLimit, continuationMarker: continuationMarker)))
    }

    private func call<Body: Encodable, Answer: Decodable>(_ operation: CloudOperation, _ body: Body) throws -> Answer {
        try JSONDecoder().decode(Answer.self, from: respond(operation, body))
    }

    /// The service's answer to `body` (status 200), or its error.
    private func respond<Body: Encodable>(_ operation: CloudOperation, _ body: Body) throws -> Data {
        let settings = service.settings
        let path = DatabasePath(
            container: settings.container, environment: "development", scope: .public, operation: operation)
        let request = ServerRequest(
            method: "POST", path: path.path, headers: [CloudService.adminHeader: settings.adminToken],
            body: CloudService.encode(body))
        let response = service.handle(request)
        guard response.status == 200 else {
            throw (try? JSONDecoder().decode(ErrorResponse.self, from: response.body))
                ?? ErrorResponse(serverErrorCode: .internalError, reason: "HTTP \(response.status)")
        }
        return response.body
    }
}
