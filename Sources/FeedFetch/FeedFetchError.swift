import Foundation

/// Why a feed could not be fetched; each case names the source.
public enum FeedFetchError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Neither a file path nor an http(s) URL.
    case unsupportedSource(String)
    case unreadableFile(path: String, reason: String)
    /// An answer that retrying cannot change (404, 403, …).
    case httpStatus(url: String, status: Int)
    /// Every attempt failed on 5xx, 429 or the network, or the retry policy's deadline came first.
    case gaveUp(url: String, attempts: Int, lastProblem: String)
    /// The whole fetch outlasted the policy's deadline (a server that drips, or stalls).
    case deadline(url: String, seconds: Double)
    /// The host refused the connection or could not be found, twice: it is down, not busy.
    case unreachable(url: String, reason: String)

    /// Trouble that a later try may not meet: the host busy, slow or down.
    public var isTemporary: Bool {
        switch self {
        case .gaveUp, .deadline, .unreachable: return true
        case .unsupportedSource, .unreadableFile, .httpStatus: return false
        }
    }

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
        case .deadline(let url, let seconds):
            return "\(url) did not finish within \(Self.seconds(seconds))"
        case .unreachable(let url, let reason):
            let host = URLComponents(string: url).map { ($0.host ?? url) + ($0.port.map { ":\($0)" } ?? "") } ?? url
            return "\(host): host unreachable (\(reason))"
        }
    }

    /// "60 s", "2.5 s".
    static func seconds(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? "\(Int(value)) s" : "\(value) s"
    }
}
