/// How long a request's body is, or why the head does not say so unambiguously.
enum BodyLength: Hashable {
    case length(Int)
    /// Answer with this status and close: the bytes after the head cannot be trusted.
    case refused(status: Int, reason: String)
}

extension RequestHead {
    /// The body's length from `Content-Length`, refusing every framing a proxy in front of the
    /// server could read another way (request smuggling): two `Content-Length`s (even equal
    /// ones), a length that is not plain digits (`+5`, `-5`, `5 5`), and `Transfer-Encoding`
    /// beside `Content-Length`. Chunked bodies alone are not supported (411).
    var bodyLength: BodyLength {
        let length = headers["content-length"]
        if repeated.contains("content-length") {
            return .refused(status: 400, reason: "more than one Content-Length")
        }
        if let encoding = headers["transfer-encoding"] {
            if length != nil { return .refused(status: 400, reason: "Transfer-Encoding together with Content-Length") }
            if encoding.lowercased() != "identity" || repeated.contains("transfer-encoding") {
                return .refused(status: 411, reason: "chunked bodies are not supported; send Content-Length")
            }
        }
        guard let length else { return .length(0) }
        // At most 18 digits: always fits an Int, and far above any body limit.
        guard !length.isEmpty, length.utf8.count <= 18, length.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
            let value = Int(length)
        else {
            return .refused(status: 400, reason: "invalid Content-Length")
        }
        return .length(value)
    }
}
