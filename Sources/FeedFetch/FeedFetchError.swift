/// Why a feed could not be fetched; each case names the source.
public enum FeedFetchError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Neither a file path nor an http(s) URL.
    case unsupportedSource(String)
    case unreadableFile(path: String, reason: String)
    /// An answer that retrying cannot change (404, 403, …).
    case httpStatus(url: String, status: Int)
    /// Every attempt failed on 5xx, 429 or the network, or the policy's deadline came first.
    case gaveUp(url: String, attempts: Int, lastProblem: String)

    public var description: String {
        switch self {
        case .unsupportedSource(let text):
            return "\"\(text)\" is neither a file path nor an http(s) URL"
        case .unreadableFile(let path, let reason):
            return "cannot read the feed file \(path): \(reason)"
        case .httpStatus(let url, let status):
            return "\(url) answered HTTP \(status)"
        case .gaveUp(let url, let attempts, let lastProblem):
            return "\(url) failed \(attempts) time\(attempts == 1 ? "" : "s"), last with \(lastProblem); giving up"
        }
    }
}
