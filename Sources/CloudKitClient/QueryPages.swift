import CloudKitWeb

/// The pages of a query, fetched one at a time as they are consumed. Ends after the page
/// without a `continuationMarker`; throws `CloudError` (after retries) and stops.
public struct QueryPages: AsyncSequence, Sendable {
    public typealias Element = RecordPage
    public typealias Failure = CloudError

    let database: CloudDatabase
    let request: QueryRequest

    public func makeAsyncIterator() -> Iterator {
        Iterator(database: database, request: request)
    }

    public struct Iterator: AsyncIteratorProtocol {
        public typealias Element = RecordPage
        public typealias Failure = CloudError

        let database: CloudDatabase
        var request: QueryRequest
        var finished = false

        init(database: CloudDatabase, request: QueryRequest) {
            self.database = database
            self.request = request
        }

        public mutating func next() async throws(CloudError) -> RecordPage? {
            try await next(isolation: nil)
        }

        public mutating func next(isolation actor: isolated (any Actor)?) async throws(CloudError) -> RecordPage? {
            guard !finished else { return nil }
            do throws(CloudError) {
                let page = try await database.query(
                    request.query, zone: request.zoneID, resultsLimit: request.resultsLimit,
                    desiredKeys: request.desiredKeys, continuationMarker: request.continuationMarker)
                if let marker = page.continuationMarker {
                    if marker == request.continuationMarker && page.records.isEmpty {
                        throw .protocolViolation("the server repeated a continuation marker with no records")
                    }
                    request.continuationMarker = marker
                } else {
                    finished = true
                }
                return page
            } catch {
                finished = true
                throw error
            }
        }
    }
}
