import Foundation

/// Where the cloud is and how to authenticate: enough to build every request.
///
/// The tokens are secrets: `description` redacts them, and so does every error and log line
/// the client produces.
public struct CloudConfiguration: Sendable, Hashable, CustomStringConvertible {
    /// `https://api.apple-cloudkit.com`, or a `trips-cloud` server's URL.
    public var baseURL: URL
    /// `iCloud.com.example.trips`.
    public var container: String
    /// `development` or `production` (any name for `trips-cloud`).
    public var environment: String
    /// `ckAPIToken`, sent on every request.
    public var apiToken: String
    /// `ckWebAuthToken`, needed for the private database.
    public var webAuthToken: String?
    /// `trips-cloud`'s admin token (`X-Trips-Admin-Token`), for public-database writes.
    public var adminToken: String?

    public static let appleBaseURL = URL(string: "https://api.apple-cloudkit.com")!

    public init(
        baseURL: URL = CloudConfiguration.appleBaseURL, container: String, environment: String = "development",
        apiToken: String, webAuthToken: String? = nil, adminToken: String? = nil
    ) {
        self.baseURL = baseURL
        self.container = container
        self.environment = environment
        self.apiToken = apiToken
        self.webAuthToken = webAuthToken
        self.adminToken = adminToken
    }

    /// The non-empty secrets of this configuration, for redaction.
    public var secrets: [String] {
        [apiToken, webAuthToken, adminToken].compactMap { $0 }.filter { !$0.isEmpty }
    }

    /// Replaces every secret of this configuration in `text` (also percent-encoded) with a marker.
    public func redact(_ text: String) -> String {
        var out = text
        for secret in secrets.sorted(by: { $0.count > $1.count }) {
            out = out.replacingOccurrences(of: secret, with: "‹redacted›")
            if let encoded = secret.addingPercentEncoding(withAllowedCharacters: .urlQueryValueAllowed),
                encoded != secret
            {
                out = out.replacingOccurrences(of: encoded, with: "‹redacted›")
            }
        }
        return out
    }

    public var description: String {
        var parts = [
            "url: \(baseURL.absoluteString)", "container: \(container)", "environment: \(environment)",
            "apiToken: ‹redacted›",
        ]
        if webAuthToken != nil { parts.append("webAuthToken: ‹redacted›") }
        if adminToken != nil { parts.append("adminToken: ‹redacted›") }
        return "CloudConfiguration(" + parts.joined(separator: ", ") + ")"
    }
}

extension CharacterSet {
    /// Unreserved characters only (RFC 3986): tokens may contain `+`, `/` and `=`, which a query
    /// string must not carry raw.
    static let urlQueryValueAllowed = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
