import CloudKitSigning
import Foundation
import OutputText

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
    /// `trips-cloud`'s admin token (`X-Trips-Admin-Token`): its fault and checksum endpoints,
    /// and public-database writes on a development server only.
    public var adminToken: String?
    /// A server-to-server key: every public-database request is signed with it, as CloudKit
    /// wants from a publisher (and then carries no API or web auth token).
    public var serverKey: ServerToServerKey?

    public static let appleBaseURL = URL(string: "https://api.apple-cloudkit.com")!

    public init(
        baseURL: URL = CloudConfiguration.appleBaseURL, container: String, environment: String = "development",
        apiToken: String, webAuthToken: String? = nil, adminToken: String? = nil, serverKey: ServerToServerKey? = nil
    ) {
        self.baseURL = baseURL
        self.container = container
        self.environment = environment
        self.apiToken = apiToken
        self.webAuthToken = webAuthToken
        self.adminToken = adminToken
        self.serverKey = serverKey
    }

    /// The non-empty secrets of this configuration, for redaction: the tokens, and the base
    /// URL's password when it is long enough to be matched on its own without hiding ordinary
    /// words (in URLs it is always hidden, see `SecretRedaction`).
    public var secrets: [String] {
        var secrets = [apiToken, webAuthToken, adminToken].compactMap { $0 }.filter { !$0.isEmpty }
        if let password = baseURL.password, password.count >= 6 { secrets.append(password) }
        return secrets
    }

    /// Replaces every secret of this configuration in `text` (in any case, also
    /// percent-encoded) and any credential-shaped value with a marker.
    public func redact(_ text: String) -> String {
        let encoded = secrets.compactMap { $0.addingPercentEncoding(withAllowedCharacters: .urlQueryValueAllowed) }
        return SecretRedaction.redact(text, secrets: secrets + encoded)
    }

    public var description: String {
        var parts = [
            "url: \(redact(baseURL.absoluteString))", "container: \(container)", "environment: \(environment)",
            "apiToken: \(SecretRedaction.marker)",
        ]
        if webAuthToken != nil { parts.append("webAuthToken: \(SecretRedaction.marker)") }
        if adminToken != nil { parts.append("adminToken: \(SecretRedaction.marker)") }
        if let serverKey { parts.append("serverKey: \(serverKey.keyID)") }
        return "CloudConfiguration(" + parts.joined(separator: ", ") + ")"
    }
}

extension CharacterSet {
    /// Unreserved characters only (RFC 3986): tokens may contain `+`, `/` and `=`, which a query
    /// string must not carry raw.
    static let urlQueryValueAllowed = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
