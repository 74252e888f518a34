import CloudKitWeb
import Foundation
import HTTPServer

/// The CloudKit Web Services endpoint of `trips-cloud`: authentication, routing, fault
/// injection and the database operations, over one `CloudStore`.
///
/// Thread-safe, hence `@unchecked Sendable`: the HTTP server calls `handle` from many
/// connection threads; `settings` is immutable, the store is used only under `lock` (SQLite work
/// per request is sub-millisecond) and the fault injector locks itself.
public final class CloudService: RequestHandler, @unchecked Sendable {
    public struct Settings: Sendable, Hashable {
        public var container = "iCloud.trips.local"
        public var apiToken: String
        public var adminToken: String
        /// The most records a query page returns (and the default `resultsLimit`).
        public var pageLimit = ProtocolLimits.recordsPerResponse
        /// Where `AUTHENTICATION_REQUIRED` sends users (`{url}/signin`).
        public var baseURL = "http://127.0.0.1"
        /// Whether the admin token may also write the public database (`serve --admin-writes`,
        /// development only; no CloudKit has it). Off, only signed requests write it.
        public var adminWrites = false

        public init(apiToken: String, adminToken: String) {
            self.apiToken = apiToken
            self.adminToken = adminToken
        }
    }

    /// The header carrying the admin token.
    public static let adminHeader = "x-trips-admin-token"
    /// `created`/`modified` `userRecordName` of public writes.
    static let adminActor = "_trips_admin"

    /// Fixed for the service's life (handlers read it from many threads without a lock).
    public let settings: Settings
    let store: CloudStore
    let faults: FaultInjector
    /// Wrong passwords per user name on the sign-in page (`CloudService+SignIn`).
    let signInThrottle = SignInThrottle()
    private let lock = NSLock()
    private let clock: @Sendable () -> Int64

    /// - Parameter clock: milliseconds since 1970 (the fault plan's offset is added to it).
    public init(
        store: CloudStore, settings: Settings, faults: FaultPlan = .none,
        clock: @escaping @Sendable () -> Int64 = { Int64((Date().timeIntervalSince1970 * 1000).rounded()) }
    ) {
        self.store = store
        self.settings = settings
        self.faults = FaultInjector(faults)
        self.clock = clock
        epoch = (try? store.epoch()) ?? ""
    }

    /// The database's identity, sent with every query answer (`CloudDatabaseInfo`).
    let epoch: String

    /// The server's "now" for new writes, fault clock offset included.
    var nowMs: Int64 { clock() + faults.clockOffsetMs }

    /// The clock without the fault plan's offset.
    var wallClockMs: Int64 { clock() }

    /// Runs `body` with exclusive use of the store.
    func withStore<T>(_ body: (CloudStore) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(store)
    }

    // MARK: RequestHandler

    public func handle(_ request: ServerRequest) -> ServerResponse {
        let uuid = UUID().uuidString
        do {
            switch request.path {
            case "/_admin/checksum": return try checksum(request)
            case "/_admin/faults": return try faultsEndpoint(request)
            case "/signin": return signIn(request)
            case _ where request.path.hasPrefix("/calendars/"):
                return calendar(request)
            default:
                guard let path = DatabasePath(parsing: request.path) else {
                    throw ServiceError(.notFound, "no endpoint \(request.path)")
                }
                return try database(request, path: path)
            }
        } catch let error as ServiceError {
            return errorResponse(error, uuid: uuid)
        } catch {
            FileHandle.standardError.write(Data("internal error \(uuid): \(error)\n".utf8))
            return errorResponse(ServiceError(.internalError, "internal error (see server log, \(uuid))"), uuid: uuid)
        }
    }

    public func reject(status: Int, reason: String) -> ServerResponse {
        let code: ServerErrorCode = status == 503 ? .tryAgainLater : .badRequest
        return errorResponse(ServiceError(code, reason, httpStatus: status), uuid: UUID().uuidString)
    }

    func errorResponse(_ error: ServiceError, uuid: String) -> ServerResponse {
        ServerResponse(status: error.status, body: CloudService.encode(error.body(uuid: uuid)))
    }

    static func encode(_ value: some Encodable) -> Data {
        (try? encoder.encode(value)) ?? Data("{}".utf8)
    }

    /// Response bodies: keys sorted (deterministic bytes), slashes unescaped.
    static let encoder: JSONEncoder = {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return e
    }()

    // MARK: Admin endpoints

    func isAdmin(_ request: ServerRequest) -> Bool {
        guard let token = request.headers[CloudService.adminHeader] else { return false }
        return Secret.equal(token, settings.adminToken)
    }

    private func requireAdmin(_ request: ServerRequest) throws(ServiceError) {
        guard request.headers[CloudService.adminHeader] != nil else {
            throw ServiceError(.authenticationFailed, "this endpoint needs the X-Trips-Admin-Token header")
        }
        guard isAdmin(request) else { throw ServiceError(.accessDenied, "the admin token is not valid") }
    }

    private func checksum(_ request: ServerRequest) throws -> ServerResponse {
        try requireAdmin(request)
        guard request.method == "GET" else { throw ServiceError.badRequest("use GET for /_admin/checksum") }
        let lines = try withStore { try $0.checksumLines() }
        return .text(200, lines.map { $0 + "\n" }.joined())
    }

    private struct FaultStatus: Encodable {
        var plan: FaultPlan
        var injected: FaultCounts
    }

    private func faultsEndpoint(_ request: ServerRequest) throws -> ServerResponse {
        try requireAdmin(request)
        switch request.method {
        case "GET":
            break
        case "POST", "PUT":
            let plan: FaultPlan = try CloudService.decodeBody(request.body)
            if let problem = plan.validationProblem() { throw ServiceError.badRequest(problem) }
            faults.set(plan)
        case "DELETE":
            faults.set(.none)
        default:
            throw ServiceError.badRequest("use GET, POST or DELETE for /_admin/faults")
        }
        let (plan, counts) = faults.current
        return ServerResponse(status: 200, body: CloudService.encode(FaultStatus(plan: plan, injected: counts)))
    }

    // MARK: Database endpoints

    /// Who is asking, once the tokens are checked.
    struct Caller {
        var admin: Bool
        /// The id of the server-to-server key that signed the request (public database only).
        var signedBy: String? = nil
        var user: CloudStore.User?
        /// The environment the request's path names.
        var environment = ServerEnvironment.development
    }

    private func database(_ request: ServerRequest, path: DatabasePath) throws -> ServerResponse {
        let admin = isAdmin(request)
        if !admin, request.headers[CloudService.adminHeader] != nil {
            // An admin caller with a wrong token must hear that, not "missing ckAPIToken".
            throw ServiceError(.accessDenied, "the admin token is not valid")
        }
        let signedBy = try signingKey(of: request, scope: path.scope)
        if !admin, signedBy == nil {
            guard let token = request.query["ckAPIToken"], !token.isEmpty else {
                throw ServiceError(.authenticationFailed, "missing ckAPIToken")
            }
            guard Secret.equal(token, settings.apiToken) else {
                throw ServiceError(.authenticationFailed, "the API token is not valid for this container")
            }
        }
        guard path.container == settings.container else {
            throw ServiceError(.notFound, "unknown container \(path.container)")
        }
        guard let environment = ServerEnvironment(rawValue: path.environment) else {
            throw ServiceError(.notFound, "unknown environment \(path.environment) (development or production)")
        }
        guard let operation = path.operation else {
            throw ServiceError.badRequest("unknown operation \(path.operationName)")
        }
        if operation.method == "POST", request.method != "POST" {
            throw ServiceError.badRequest("\(operation.rawValue) needs POST with a JSON body")
        }
        if operation.method == "GET", request.method != "GET", request.method != "POST" {
            throw ServiceError.badRequest("\(operation.rawValue) needs GET")
        }

        let decision = faults.decide(operation: operation.rawValue)
        if decision.latencyMs > 0 { usleep(UInt32(decision.latencyMs) * 1000) }
        if let error = decision.error { throw error }

        var caller = Caller(admin: admin, signedBy: signedBy, user: nil, environment: environment)
        if let token = request.query["ckWebAuthToken"], !token.isEmpty {
            caller.user = try withStore { try $0.user(token: token) }
        }
        if path.scope == .private || operation == .usersCurrent, caller.user == nil {
            throw ServiceError(
                .authenticationRequired, "this needs a valid ckWebAuthToken (sign in first)",
                redirectURL: settings.baseURL + "/signin")
        }
        var response = try perform(operation, scope: path.scope, caller: caller, body: request.body)
        response.truncate = decision.truncate
        response.drop = decision.drop
        return response
    }

    private func perform(
        _ operation: CloudOperation, scope: DatabaseScope, caller: Caller, body: Data
    ) throws -> ServerResponse {
        switch operation {
        case .recordsQuery: return try query(try CloudService.decodeBody(body), scope: scope, caller: caller)
        case .recordsLookup: return try lookup(try CloudService.decodeBody(body), scope: scope, caller: caller)
        case .recordsModify: return try modify(try CloudService.decodeBody(body), scope: scope, caller: caller)
        case .zonesList: return try listZones(scope: scope, caller: caller)
        case .zonesModify: return try modifyZones(try CloudService.decodeBody(body), scope: scope, caller: caller)
        case .changesZone: return try changes(try CloudService.decodeBody(body), scope: scope, caller: caller)
        case .usersCurrent:
            return ServerResponse(
                status: 200, body: CloudService.encode(CurrentUser(userRecordName: caller.user!.recordName)))
        }
    }

    /// Decodes a JSON body, turning every decoding failure into a `BAD_REQUEST` that says what
    /// was wrong (never a crash, never the body itself).
    static func decodeBody<T: Decodable>(_ body: Data) throws(ServiceError) -> T {
        guard !body.isEmpty else { throw .badRequest("the request body is empty; send JSON") }
        do {
            return try JSONDecoder().decode(T.self, from: body)
        } catch let error as DecodingError {
            switch error {
            case .dataCorrupted(let context) where context.codingPath.isEmpty:
                throw .badRequest("malformed JSON body")
            case .dataCorrupted(let context):
                throw .badRequest("invalid value at \(path(context.codingPath)): \(context.debugDescription)")
            case .keyNotFound(let key, let context):
                throw .badRequest("missing key \(path(context.codingPath + [key]))")
            case .typeMismatch(_, let context), .valueNotFound(_, let context):
                throw .badRequest("wrong type at \(path(context.codingPath))")
            @unknown default:
                throw .badRequest("invalid JSON body")
            }
        } catch {
            throw .badRequest("invalid JSON body")
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }
}

extension Secret {
    /// Compares without an early exit, so response time does not leak how much of a token matched.
    static func equal(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8)
        let y = Array(b.utf8)
        var difference = UInt8(x.count == y.count ? 0 : 1)
        for i in 0..<min(x.count, y.count) { difference |= x[i] ^ y[i] }
        return difference == 0
    }
}
