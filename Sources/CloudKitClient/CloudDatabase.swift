import CloudKitSigning
import CloudKitWeb
import Foundation

/// One database (public or private) of a CloudKit container over Web Services: the
/// operations `trips` needs, each retried per `RetryPolicy`.
///
/// Works against Apple's servers and against `trips-cloud`. The transport, clock and random
/// source are injected so tests run without a network and without real waiting.
public struct CloudDatabase: Sendable {
    public let configuration: CloudConfiguration
    public let scope: DatabaseScope
    public let retryPolicy: RetryPolicy
    private let transport: any HTTPTransport
    private let clock: any RetryClock
    private let random: @Sendable () -> Double
    private let log: (@Sendable (String) -> Void)?
    private let date: @Sendable () -> Date

    /// - Parameters:
    ///   - log: receives one line per attempt (method, path, status, ms) and per retry
    ///     wait; tokens never appear in it.
    ///   - date: the wall clock a signed request's date is read from (each attempt is signed
    ///     anew: a retry minutes later must not carry a stale date).
    public init(
        configuration: CloudConfiguration, scope: DatabaseScope = .public,
        transport: any HTTPTransport = URLSessionTransport(), retryPolicy: RetryPolicy = .standard,
        clock: any RetryClock = SystemRetryClock(),
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
        log: (@Sendable (String) -> Void)? = nil, date: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.configuration = configuration
        self.scope = scope
        self.transport = transport
        self.retryPolicy = retryPolicy
        self.clock = clock
        self.random = random
        self.log = log
        self.date = date
    }

    /// The same connection settings on the other database.
    public func database(_ scope: DatabaseScope) -> CloudDatabase {
        CloudDatabase(
            configuration: configuration, scope: scope, transport: transport, retryPolicy: retryPolicy, clock: clock,
            random: random, log: log, date: date)
    }

    /// Whether requests are signed with the configured server-to-server key (CloudKit accepts
    /// those keys on the public database only).
    private var signs: Bool { scope == .public && configuration.serverKey != nil }

    // MARK: Records

    /// One page of a query. Pass the answer's `continuationMarker` back (same query) for the next.
    ///
    /// Read leniently and fast (`WireJSON`): a malformed record lands in `malformed` for the
    /// caller to count and skip instead of failing the page; a body that is not JSON at all is
    /// an unparseable (retryable) response.
    public func query(
        _ query: Query, zone: ZoneID? = nil, resultsLimit: Int? = nil, desiredKeys: [String]? = nil,
        continuationMarker: String? = nil
    ) async throws(CloudError) -> RecordPage {
        let request = QueryRequest(
            query: query, zoneID: zone, resultsLimit: resultsLimit, continuationMarker: continuationMarker,
            desiredKeys: desiredKeys)
        return try await perform(.recordsQuery, body: request) { data throws(CloudError) in
            do throws(JSONParseError) {
                return try WireJSON.recordPage(data)
            } catch {
                throw .unparseableResponse(status: 200, detail: configuration.redact(error.description))
            }
        }
    }

    /// Every page of a query, following continuation markers until the server has no more.
    public func queryPages(
        _ query: Query, zone: ZoneID? = nil, resultsLimit: Int? = nil, desiredKeys: [String]? = nil,
        startingAt continuationMarker: String? = nil
    ) -> QueryPages {
        QueryPages(
            database: self,
            request: QueryRequest(
                query: query, zoneID: zone, resultsLimit: resultsLimit, continuationMarker: continuationMarker,
                desiredKeys: desiredKeys))
    }

    /// Records by name, in request order; a missing one comes back as a `NOT_FOUND` item error.
    public func lookup(
        _ recordNames: [String], zone: ZoneID? = nil, desiredKeys: [String]? = nil
    ) async throws(CloudError) -> [ItemResult<Record>] {
        let request = LookupRequest(recordNames: recordNames, zoneID: zone, desiredKeys: desiredKeys)
        let answer: RecordResultList = try await perform(.recordsLookup, body: request)
        return answer.records
    }

    /// Applies writes; one result (saved record or item error) per operation, in order.
    public func modify(
        _ operations: [RecordOperation], zone: ZoneID? = nil, atomic: Bool? = nil
    ) async throws(CloudError) -> [ItemResult<Record>] {
        let request = ModifyRequest(operations: operations, zoneID: zone, atomic: atomic)
        let answer: RecordResultList = try await perform(.recordsModify, body: request)
        return answer.records
    }

    // MARK: Zones and changes

    public func listZones() async throws(CloudError) -> [Zone] {
        let answer: ZoneList<Zone> = try await perform(.zonesList, body: Optional<String>.none)
        return answer.zones
    }

    public func modifyZones(
        _ operations: [ZonesModifyRequest.Operation]
    ) async throws(CloudError) -> [ItemResult<Zone>] {
        let answer: ZoneList<ItemResult<Zone>> = try await perform(
            .zonesModify, body: ZonesModifyRequest(operations: operations))
        return answer.zones
    }

    /// One page of a zone's changes since `syncToken` (nil: from the beginning).
    public func zoneChangesPage(
        _ zone: ZoneID, syncToken: String?, resultsLimit: Int? = nil
    ) async throws(CloudError) -> ZoneChanges {
        let request = ZoneChangesRequest(zones: [.init(zoneID: zone, syncToken: syncToken)], resultsLimit: resultsLimit)
        let answer: ZoneChangesResponse = try await perform(.changesZone, body: request)
        guard let first = answer.zones.first else {
            throw .protocolViolation("changes/zone answered no zone")
        }
        switch first {
        case .success(let changes): return changes
        case .failure(let error):
            throw .server(
                ErrorResponse(
                    serverErrorCode: error.serverErrorCode, reason: error.reason.map(configuration.redact),
                    uuid: error.uuid, retryAfter: error.retryAfter),
                httpStatus: error.serverErrorCode.httpStatus)
        }
    }

    /// All of a zone's changes since `syncToken`, asking again while `moreComing`. The answer
    /// holds every page's records in order and the final token (`moreComing` false).
    public func zoneChanges(
        _ zone: ZoneID, syncToken: String?, resultsLimit: Int? = nil
    ) async throws(CloudError) -> ZoneChanges {
        var token = syncToken
        var records: [Record] = []
        while true {
            let page = try await zoneChangesPage(zone, syncToken: token, resultsLimit: resultsLimit)
            records += page.records
            if !page.moreComing {
                return ZoneChanges(zoneID: page.zoneID, syncToken: page.syncToken, moreComing: false, records: records)
            }
            if page.syncToken == token && page.records.isEmpty {
                throw .protocolViolation("changes/zone said moreComing but made no progress")
            }
            token = page.syncToken
        }
    }

    /// Who the web auth token belongs to; `AUTHENTICATION_REQUIRED` when nobody is signed in.
    public func currentUser() async throws(CloudError) -> CurrentUser {
        try await perform(.usersCurrent, body: Optional<String>.none)
    }

    // MARK: The request loop

    /// Sends one operation with retries and decodes its answer.
    public func perform<Body: Encodable & Sendable, Answer: Decodable>(
        _ operation: CloudOperation, body: Body?
    ) async throws(CloudError) -> Answer {
        try await perform(operation, body: body) { data throws(CloudError) in
            do {
                return try JSONDecoder().decode(Answer.self, from: data)
            } catch {
                throw .unparseableResponse(status: 200, detail: configuration.redact(CloudDatabase.summary(of: error)))
            }
        }
    }

    /// Sends one operation with retries; `decode` reads a success body (throwing
    /// `unparseableResponse` makes the attempt retryable like any garbled answer).
    public func perform<Body: Encodable & Sendable, Answer>(
        _ operation: CloudOperation, body: Body?, decode: (Data) throws(CloudError) -> Answer
    ) async throws(CloudError) -> Answer {
        let request = try makeRequest(operation, body: body)
        let started = clock.now()
        var attempt = 1
        var refusedBefore = false
        while true {
            if Task.isCancelled { throw .cancelled }
            let error: CloudError
            var refused = false
            do {
                return try decode(
                    try await attemptOnce(request, operation: operation, attempt: attempt, refused: &refused))
            } catch let failure {
                error = failure
            }
            // A cloud that refuses the connection twice running is down (or not there): say so
            // now rather than after the whole backoff.
            if refused && refusedBefore { throw error }
            refusedBefore = refused
            guard let wait = retryPolicy.delay(after: error, attempt: attempt, random: random()) else { throw error }
            guard clock.now() - started + wait <= retryPolicy.deadline else { throw error }
            log?("retrying \(operation.rawValue) in \(String(format: "%.3f", wait))s after: \(error)")
            do {
                try await clock.sleep(seconds: wait)
            } catch {
                throw .cancelled
            }
            attempt += 1
        }
    }

    /// One exchange: the success body, or the error it amounts to.
    private func attemptOnce(
        _ request: HTTPRequest, operation: CloudOperation, attempt: Int, refused: inout Bool
    ) async throws(CloudError) -> Data {
        let request = try signed(request, operation: operation)
        let sent = clock.now()
        let response: HTTPResponse
        do {
            response = try await transport.send(request)
        } catch {
            if error is CancellationError || Task.isCancelled { throw .cancelled }
            let code = (error as? URLError)?.code
            refused = code == .cannotConnectToHost || code == .cannotFindHost || code == .dnsLookupFailed
            let message = configuration.redact(CloudDatabase.networkMessage(error))
            log?("\(request.method) \(pathOnly(operation)) failed: \(message)")
            throw CloudDatabase.brokeOff(error) ? .incompleteAnswer(message) : .network(message)
        }
        let ms = Int(((clock.now() - sent) * 1000).rounded())
        log?("\(request.method) \(pathOnly(operation)) \(response.status) \(ms)ms attempt \(attempt)")
        guard (200..<300).contains(response.status) else {
            guard var body = try? JSONDecoder().decode(ErrorResponse.self, from: response.body) else {
                throw .httpStatus(response.status)
            }
            body.reason = body.reason.map(configuration.redact)
            body.redirectURL = body.redirectURL.map(configuration.redact)
            throw .server(body, httpStatus: response.status)
        }
        return response.body
    }

    /// A readable one-line reason for a failed exchange (URLSession's own descriptions dump
    /// the whole URL, query string and all).
    public static func networkMessage(_ error: any Error) -> String {
        if let urlError = error as? URLError {
            if let text = urlError.userInfo[NSLocalizedDescriptionKey] as? String, !text.isEmpty { return text }
            switch urlError.code {
            case .cannotConnectToHost: return "connection refused"
            case .timedOut: return "timed out"
            case .networkConnectionLost: return "the connection was lost"
            case .notConnectedToInternet: return "no network connection"
            case .cannotFindHost, .dnsLookupFailed: return "unknown host"
            case .badServerResponse: return "bad server response"
            default: return "network error \(urlError.code.rawValue)"
            }
        }
        return String(describing: error)
    }

    /// Whether a failed exchange reached the server and lost its answer on the way (a body cut
    /// short, a connection lost or reset mid-response) rather than never getting one: the user
    /// must hear that the cloud is there but answered incompletely. libcurl's words tell the two
    /// apart where the code does not: a body cut short is code `unknown` with "transfer closed
    /// with N bytes remaining"; a connection dropped before any answer is `badServerResponse`
    /// with "Empty reply from server" — the cloud out of reach, not an incomplete answer.
    static func brokeOff(_ error: any Error) -> Bool {
        guard let urlError = error as? URLError else { return false }
        let message = (urlError.userInfo[NSLocalizedDescriptionKey] as? String) ?? ""
        switch urlError.code {
        case .badServerResponse: return !message.hasPrefix("Empty reply")
        case .networkConnectionLost, .cannotParseResponse, .zeroByteResource: return true
        default: return message.hasPrefix("transfer closed with")
        }
    }

    static func summary(of error: any Error) -> String {
        switch error as? DecodingError {
        case .dataCorrupted(let context)?: return "corrupt JSON (\(context.debugDescription))"
        case .keyNotFound(let key, _)?: return "missing key \(key.stringValue)"
        case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?:
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return "unexpected value at \(path)"
        default: return "not the expected JSON"
        }
    }

    private func pathOnly(_ operation: CloudOperation) -> String {
        DatabasePath(
            container: configuration.container, environment: configuration.environment, scope: scope,
            operation: operation
        ).path
    }

    /// `request` with the three signature headers of this moment, when this database signs.
    private func signed(_ request: HTTPRequest, operation: CloudOperation) throws(CloudError) -> HTTPRequest {
        guard signs, let key = configuration.serverKey else { return request }
        var request = request
        do {
            let headers = try key.headers(date: date(), body: request.body ?? Data(), subpath: pathOnly(operation))
            request.headers.merge(headers) { _, new in new }
        } catch {
            throw .invalidRequest(error.description)
        }
        return request
    }

    private func makeRequest<Body: Encodable>(_ operation: CloudOperation, body: Body?) throws(CloudError)
        -> HTTPRequest
    {
        // A signed request carries no token: CloudKit refuses the two kinds of credential mixed.
        var query = ""
        if !signs {
            query = "?ckAPIToken=" + CloudDatabase.encode(configuration.apiToken)
            if let token = configuration.webAuthToken { query += "&ckWebAuthToken=" + CloudDatabase.encode(token) }
        }
        var base = configuration.baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        guard let url = URL(string: base + pathOnly(operation) + query) else {
            let shown = configuration.redact(configuration.baseURL.absoluteString)
            throw .invalidRequest("the base URL \(shown) cannot take a path")
        }
        var headers = ["Accept": "application/json"]
        if let admin = configuration.adminToken { headers["X-Trips-Admin-Token"] = admin }
        var data: Data?
        if operation.method == "POST" {
            headers["Content-Type"] = "application/json"
            do {
                data = try JSONEncoder().encode(body)
            } catch {
                throw .invalidRequest("the request body cannot be encoded")
            }
        }
        return HTTPRequest(method: operation.method, url: url, headers: headers, body: data)
    }

    private static func encode(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: .urlQueryValueAllowed) ?? value
    }
}
