import Foundation

/// What the server sends back, plus how a fault plan wants it damaged.
public struct ServerResponse: Sendable {
    public var status: Int
    public var contentType: String
    public var body: Data
    /// Fault injection: send only half the body (with the full Content-Length), then close.
    public var truncate = false
    /// Fault injection: close the connection after a few bytes of the status line.
    public var drop = false
    /// Headers beyond Content-Type, Content-Length and Connection (a calendar's ETag …).
    public var headers: [(name: String, value: String)] = []

    public init(status: Int, contentType: String = "application/json", body: Data) {
        self.status = status
        self.contentType = contentType
        self.body = body
    }

    public static func text(_ status: Int, _ text: String) -> ServerResponse {
        ServerResponse(status: status, contentType: "text/plain; charset=utf-8", body: Data(text.utf8))
    }

    static func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 100: return "Continue"
        case 200: return "OK"
        case 303: return "See Other"
        case 304: return "Not Modified"
        case 400: return "Bad Request"
        case 401: return "Unauthorized"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 408: return "Request Timeout"
        case 409: return "Conflict"
        case 411: return "Length Required"
        case 412: return "Precondition Failed"
        case 413: return "Payload Too Large"
        case 421: return "Misdirected Request"
        case 429: return "Too Many Requests"
        case 431: return "Request Header Fields Too Large"
        case 500: return "Internal Server Error"
        case 501: return "Not Implemented"
        case 503: return "Service Unavailable"
        case 505: return "HTTP Version Not Supported"
        default: return "Status"
        }
    }
}
