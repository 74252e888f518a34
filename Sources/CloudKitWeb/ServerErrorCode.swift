/// The `serverErrorCode` strings of CloudKit Web Services, with the HTTP status each comes with.
///
/// Codes this build does not know are kept as `.unknown` so a newer server never makes a
/// response undecodable.
public enum ServerErrorCode: Sendable, Hashable {
    case accessDenied
    case atomicError
    case authenticationFailed
    case authenticationRequired
    case badRequest
    case conflict
    case exists
    case internalError
    case notFound
    case quotaExceeded
    case throttled
    case tryAgainLater
    case validatingReferenceError
    case zoneNotFound
    case unknown(String)

    /// Every code the protocol documents (not `.unknown`).
    public static let documented: [ServerErrorCode] = [
        .accessDenied, .atomicError, .authenticationFailed, .authenticationRequired, .badRequest, .conflict,
        .exists, .internalError, .notFound, .quotaExceeded, .throttled, .tryAgainLater,
        .validatingReferenceError, .zoneNotFound,
    ]

    public init(rawValue: String) {
        switch rawValue {
        case "ACCESS_DENIED": self = .accessDenied
        case "ATOMIC_ERROR": self = .atomicError
        case "AUTHENTICATION_FAILED": self = .authenticationFailed
        case "AUTHENTICATION_REQUIRED": self = .authenticationRequired
        case "BAD_REQUEST": self = .badRequest
        case "CONFLICT": self = .conflict
        case "EXISTS": self = .exists
        case "INTERNAL_ERROR": self = .internalError
        case "NOT_FOUND": self = .notFound
        case "QUOTA_EXCEEDED": self = .quotaExceeded
        case "THROTTLED": self = .throttled
        case "TRY_AGAIN_LATER": self = .tryAgainLater
        case "VALIDATING_REFERENCE_ERROR": self = .validatingReferenceError
        case "ZONE_NOT_FOUND": self = .zoneNotFound
        default: self = .unknown(rawValue)
        }
    }

    public var rawValue: String {
        switch self {
        case .accessDenied: return "ACCESS_DENIED"
        case .atomicError: return "ATOMIC_ERROR"
        case .authenticationFailed: return "AUTHENTICATION_FAILED"
        case .authenticationRequired: return "AUTHENTICATION_REQUIRED"
        case .badRequest: return "BAD_REQUEST"
        case .conflict: return "CONFLICT"
        case .exists: return "EXISTS"
        case .internalError: return "INTERNAL_ERROR"
        case .notFound: return "NOT_FOUND"
        case .quotaExceeded: return "QUOTA_EXCEEDED"
        case .throttled: return "THROTTLED"
        case .tryAgainLater: return "TRY_AGAIN_LATER"
        case .validatingReferenceError: return "VALIDATING_REFERENCE_ERROR"
        case .zoneNotFound: return "ZONE_NOT_FOUND"
        case .unknown(let raw): return raw
        }
    }

    /// The HTTP status that accompanies the code when the whole request fails (Apple's table).
    public var httpStatus: Int {
        switch self {
        case .accessDenied: return 403
        case .atomicError, .badRequest: return 400
        case .authenticationFailed: return 401
        case .authenticationRequired: return 421
        case .conflict, .exists: return 409
        case .internalError, .unknown: return 500
        case .notFound, .zoneNotFound: return 404
        case .quotaExceeded: return 413
        case .throttled: return 429
        case .tryAgainLater: return 503
        case .validatingReferenceError: return 412
        }
    }

    /// Whether waiting and sending the same request again can succeed.
    public var isTransient: Bool {
        switch self {
        case .throttled, .tryAgainLater, .internalError: return true
        default: return false
        }
    }
}

extension ServerErrorCode: Codable {
    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(rawValue)
    }
}

extension ServerErrorCode: CustomStringConvertible {
    public var description: String { rawValue }
}
