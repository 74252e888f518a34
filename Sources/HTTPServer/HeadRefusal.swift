/// Why a request head (or its body) is refused (RFC 9112). Each one is answered with `status` and
/// `Connection: close`, and the connection closes: a head read one way here may be read another
/// way by a proxy in front, so nothing after it on the connection can be trusted (smuggling).
/// No description quotes the request's bytes: a refusal's reason goes into the log and the answer.
public enum HeadRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where in the head a control character was found.
    public enum Place: Sendable, Hashable, CustomStringConvertible {
        case requestLine
        case fieldName
        /// The value of the (lowercased) field named.
        case fieldValue(String)

        public var description: String {
            switch self {
            case .requestLine: return "the request line"
            case .fieldName: return "a header name"
            case .fieldValue(let name): return "the value of \(name)"
            }
        }
    }

    /// A CR not followed by LF: some parsers end a line there, others do not.
    case bareCR(at: Int)
    /// An LF not preceded by CR: the same ambiguity.
    case bareLF(at: Int)
    case nul(at: Int)
    /// A byte below 0x20 or 0x7F (HTAB is allowed in a header value only).
    case controlCharacter(UInt8, in: Place)
    /// Not `method SP target SP version` with exactly one space between.
    case malformedRequestLine
    case invalidMethod
    /// Not origin-form (`/path?query`) of visible ASCII.
    case invalidTarget
    /// Not `HTTP/DIGIT.DIGIT`.
    case malformedVersion
    /// A well-formed version other than 1.0 and 1.1.
    case unsupportedVersion(major: Int, minor: Int)
    /// A line starting with whitespace: obsolete line folding, or a header hidden in the previous one.
    case foldedLine
    case missingColon
    case invalidFieldName
    case whitespaceBeforeColon
    case missingHost
    case repeatedHost
    case invalidHost
    case repeatedContentLength
    case invalidContentLength
    case transferEncodingWithContentLength
    /// Chunked (or any other coding) bodies are not read.
    case unsupportedTransferEncoding
    case tooManyFields(limit: Int)
    case headTooLarge(limit: Int)
    case bodyTooLarge(length: Int, limit: Int)
    /// The head was not whole in time (slowloris).
    case headTimeout(seconds: Double)
    /// The body was not whole in time (`HTTPServer.Limits.bodySeconds`).
    case bodyTimeout(seconds: Double)
    /// The server already holds as many bytes of request bodies as it allows (503: retry).
    case bodiesOverBudget(limit: Int)

    /// The HTTP status that answers it: 4xx, or 505 for a version this server does not speak.
    public var status: Int {
        switch self {
        case .unsupportedVersion: return 505
        case .unsupportedTransferEncoding: return 411
        case .tooManyFields, .headTooLarge: return 431
        case .bodyTooLarge: return 413
        case .headTimeout, .bodyTimeout: return 408
        case .bodiesOverBudget: return 503
        default: return 400
        }
    }

    public var description: String {
        switch self {
        case .bareCR(let offset): return "a CR not followed by LF at byte \(offset) of the request head"
        case .bareLF(let offset): return "an LF not preceded by CR at byte \(offset) of the request head"
        case .nul(let offset): return "a NUL at byte \(offset) of the request head"
        case .controlCharacter(let byte, let place):
            return "a control character (0x\(LogText.hex(byte))) in \(place)"
        case .malformedRequestLine:
            return "the request line is not METHOD SP TARGET SP HTTP-VERSION with one space between each"
        case .invalidMethod: return "the method is not a token"
        case .invalidTarget: return "the request target is not a path of visible ASCII starting with /"
        case .malformedVersion: return "the HTTP version is not HTTP/1.1 or HTTP/1.0"
        case .unsupportedVersion(let major, let minor):
            return "HTTP/\(major).\(minor) is not supported; send HTTP/1.1 or HTTP/1.0"
        case .foldedLine: return "a header line starts with whitespace (obsolete line folding)"
        case .missingColon: return "a header line has no colon"
        case .invalidFieldName: return "a header name is not a token"
        case .whitespaceBeforeColon: return "whitespace between a header name and its colon"
        case .missingHost: return "an HTTP/1.1 request without Host"
        case .repeatedHost: return "more than one Host"
        case .invalidHost: return "the Host is not host[:port]"
        case .repeatedContentLength: return "more than one Content-Length"
        case .invalidContentLength: return "invalid Content-Length"
        case .transferEncodingWithContentLength: return "Transfer-Encoding together with Content-Length"
        case .unsupportedTransferEncoding: return "chunked bodies are not supported; send Content-Length"
        case .tooManyFields(let limit): return "more than \(limit) header fields"
        case .headTooLarge(let limit): return "request head exceeds \(limit) bytes"
        case .bodyTooLarge(let length, let limit):
            return "request body of \(length) bytes exceeds the limit of \(limit) bytes"
        case .headTimeout(let seconds): return "the request head did not arrive within \(seconds) s"
        case .bodyTimeout(let seconds):
            return "the request body did not arrive within \(String(format: "%.1f", seconds)) s"
        case .bodiesOverBudget(let limit):
            return "the server holds as many request bodies as it has room for (\(limit >> 20) MB); retry shortly"
        }
    }
}
