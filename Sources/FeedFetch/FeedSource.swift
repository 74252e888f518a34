import Foundation

/// Where a feed's bytes come from: a recorded file, or the league's http(s) endpoint.
public enum FeedSource: Sendable, Hashable, CustomStringConvertible {
    case file(String)
    case url(URL)

    /// `http://…` and `https://…` are URLs; text without a scheme is a file path; any other
    /// scheme (`ftp:`, `file:` included, which a path says plainly) is refused.
    public init(_ text: String) throws {
        if let colon = text.firstIndex(of: ":"), text[..<colon].allSatisfy({ $0.isLetter }),
            text[colon...].hasPrefix("://")
        {
            let scheme = text[..<colon].lowercased()
            guard scheme == "http" || scheme == "https", let url = URL(string: text), url.host != nil else {
                throw FeedFetchError.unsupportedSource(text)
            }
            self = .url(url)
        } else {
            guard !text.isEmpty else { throw FeedFetchError.unsupportedSource(text) }
            self = .file(text)
        }
    }

    public var description: String {
        switch self {
        case .file(let path): return path
        case .url(let url): return url.absoluteString
        }
    }
}

/// What a fetch brought back.
public enum FeedFetchResult: Sendable, Hashable {
    /// New bytes (a file is always read anew).
    case fetched(Data)
    /// The server answered 304 to the remembered ETag / Last-Modified: nothing to read.
    case unchanged
}

/// A server's validators for one URL, sent back as `If-None-Match` / `If-Modified-Since`.
/// Codable so the publisher can keep them between runs.
public struct FeedValidators: Sendable, Hashable, Codable {
    public var etag: String?
    public var lastModified: String?

    public init(etag: String? = nil, lastModified: String? = nil) {
        self.etag = etag
        self.lastModified = lastModified
    }
}
