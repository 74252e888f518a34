import CloudKitWeb

/// Why a cloud request failed, in words a user can act on. Never contains a token: the client
/// redacts server reasons and network messages before they get here.
public enum CloudError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The server refused the whole request with a CloudKit error (`THROTTLED`, `BAD_REQUEST`, …).
    case server(ErrorResponse, httpStatus: Int)
    /// No HTTP response: connection refused, DNS, timeout.
    case network(String)
    /// The cloud was reached but its answer broke off (connection dropped or reset mid-response,
    /// an empty reply): it is up, and asking again usually works.
    case incompleteAnswer(String)
    /// A non-success status without a CloudKit error body (a proxy page, an empty 502, …).
    case httpStatus(Int)
    /// A response that is not the JSON the protocol promises (truncated, garbled).
    case unparseableResponse(status: Int, detail: String)
    /// The request could not be made (bad configuration, unencodable body).
    case invalidRequest(String)
    /// A well-formed answer that breaks the protocol's rules (e.g. a repeated continuation marker).
    case protocolViolation(String)
    /// The task was cancelled while the request was in flight or waiting to retry.
    case cancelled

    /// Whether sending the same request again later can succeed: network errors, 5xx and
    /// garbled bodies, `THROTTLED`, `TRY_AGAIN_LATER`, `INTERNAL_ERROR`.
    public var isRetryable: Bool {
        switch self {
        case .server(let body, let status): return body.serverErrorCode.isTransient || status >= 500 || status == 429
        case .network, .incompleteAnswer, .unparseableResponse: return true
        case .httpStatus(let status): return status >= 500 || status == 429
        case .invalidRequest, .protocolViolation, .cancelled: return false
        }
    }

    /// The CloudKit error code, when the server sent one.
    public var serverErrorCode: ServerErrorCode? {
        if case .server(let body, _) = self { return body.serverErrorCode }
        return nil
    }

    /// The server's `retryAfter`, in seconds as sent.
    public var retryAfter: Double? {
        if case .server(let body, _) = self { return body.retryAfter }
        return nil
    }

    public var description: String {
        switch self {
        case .server(let body, let status):
            let reason = body.reason.map { ": \($0)" } ?? ""
            return "the cloud refused the request (\(body.serverErrorCode.rawValue), HTTP \(status))\(reason)"
                + CloudError.hint(for: body.serverErrorCode)
        case .network(let message):
            return "could not reach the cloud: \(message)"
        case .incompleteAnswer(let message):
            return "the cloud sent an incomplete answer: \(message)"
        case .httpStatus(let status):
            return "the cloud answered HTTP \(status) without a CloudKit error"
        case .unparseableResponse(let status, let detail):
            return "the cloud's answer (HTTP \(status)) could not be read: \(detail)"
        case .invalidRequest(let message):
            return "could not make the cloud request: \(message)"
        case .protocolViolation(let message):
            return "the cloud broke the protocol: \(message)"
        case .cancelled:
            return "cancelled"
        }
    }

    private static func hint(for code: ServerErrorCode) -> String {
        switch code {
        case .authenticationFailed: return " — check the API token or the server-to-server key"
        case .authenticationRequired: return " — sign in (a web auth token is needed)"
        case .accessDenied: return " — this credential may not do that"
        case .quotaExceeded: return " — the cloud storage quota is used up"
        default: return ""
        }
    }
}
