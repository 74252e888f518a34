import CloudKitWeb

/// A refusal of the whole request, rendered as a CloudKit error body with its HTTP status.
public struct ServiceError: Error, Sendable, Hashable, CustomStringConvertible {
    public var code: ServerErrorCode
    public var reason: String
    public var retryAfter: Double?
    public var redirectURL: String?
    /// An HTTP status other than the code's usual one (413 for an oversized body).
    public var httpStatus: Int?

    public init(
        _ code: ServerErrorCode, _ reason: String, retryAfter: Double? = nil, redirectURL: String? = nil,
        httpStatus: Int? = nil
    ) {
        self.code = code
        self.reason = reason
        self.retryAfter = retryAfter
        self.redirectURL = redirectURL
        self.httpStatus = httpStatus
    }

    public static func badRequest(_ reason: String) -> ServiceError { ServiceError(.badRequest, reason) }

    public var status: Int { httpStatus ?? code.httpStatus }

    public var description: String { "\(code.rawValue): \(reason)" }

    func body(uuid: String) -> ErrorResponse {
        ErrorResponse(
            serverErrorCode: code, reason: reason, uuid: uuid, retryAfter: retryAfter, redirectURL: redirectURL)
    }
}
