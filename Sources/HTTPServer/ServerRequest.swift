import Foundation

/// A parsed HTTP/1.1 request: the server reads the whole (Content-Length) body before handling.
public struct ServerRequest: Sendable {
    public var method: String
    /// The path without the query string, exactly as sent (never percent-decoded): routing
    /// splits it on `/`, so an encoded `%2F` cannot make a new segment nor `%00` cut one short.
    public var path: String
    /// Query parameters, percent-decoded (`+` is kept: tokens may contain it).
    public var query: [String: String]
    /// Header names lowercased.
    public var headers: [String: String]
    public var body: Data

    public init(
        method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:],
        body: Data = Data()
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
    }

    /// Splits a request target (`/a/b?x=1&y=2`) into the raw path and decoded parameters.
    static func split(target: String) -> (path: String, query: [String: String]) {
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let path = String(parts[0])
        var query: [String: String] = [:]
        if parts.count > 1 {
            for pair in parts[1].split(separator: "&") {
                let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let key = String(kv[0]).removingPercentEncoding ?? String(kv[0])
                let value = kv.count > 1 ? (String(kv[1]).removingPercentEncoding ?? String(kv[1])) : ""
                query[key] = value
            }
        }
        return (path, query)
    }
}
