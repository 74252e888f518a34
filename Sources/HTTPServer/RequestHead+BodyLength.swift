extension RequestHead {
    /// The body's length from `Content-Length`, refusing every framing a proxy in front of the
    /// server could read another way (request smuggling): two `Content-Length`s (even equal
    /// ones), a length that is not plain digits (`+5`, `-5`, `5 5`), and `Transfer-Encoding`
    /// beside `Content-Length`. Chunked bodies alone are not supported (411).
    public func bodyLength() throws(HeadRefusal) -> Int {
        let length = headers["content-length"]
        if repeated.contains("content-length") { throw .repeatedContentLength }
        if let encoding = headers["transfer-encoding"] {
            if length != nil { throw .transferEncodingWithContentLength }
            if encoding.lowercased() != "identity" || repeated.contains("transfer-encoding") {
                throw .unsupportedTransferEncoding
            }
        }
        guard let length else { return 0 }
        // At most 18 digits: always fits an Int, and far above any body limit.
        guard !length.isEmpty, length.utf8.count <= 18, length.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
            let value = Int(length)
        else { throw .invalidContentLength }
        return value
    }
}
