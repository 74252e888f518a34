import Foundation

/// Where a successful sign-in sends the browser. CloudKit takes it from the API token's
/// settings; `trips-cloud` serves native command-line clients, so the sign-in URL carries it
/// (`/signin?callback=…`) — and then only to this machine's loopback (http, an explicit port), where
/// the client that opened the page listens. Anything else could hand a user's token to another
/// site, so it is refused.
struct SignInCallback: Sendable, Hashable {
    let url: String

    enum Refusal: Error, Hashable, CustomStringConvertible {
        case missing
        case notLoopback(String)

        var description: String {
            switch self {
            case .missing:
                return "This page has no callback. Open it from `trips login`, which adds where to return."
            case .notLoopback(let given):
                return "The callback \(given) is refused: a token is sent only to http://127.0.0.1, "
                    + "http://[::1] or http://localhost with a port, where `trips login` listens."
            }
        }
    }

    private static let uriCharacters = CharacterSet(
        charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~:/?#[]@!$&'()*+,;=%")

    static let loopbackHosts: Set<String> = ["127.0.0.1", "::1", "[::1]", "localhost"]

    init(_ given: String?) throws(Refusal) {
        guard let given, !given.isEmpty else { throw .missing }
        // RFC 3986's characters only (no whitespace, controls, quotes or angle brackets): the URL
        // goes into a Location header as it is.
        guard given.unicodeScalars.allSatisfy(SignInCallback.uriCharacters.contains),
            let parts = URLComponents(string: given), parts.scheme?.lowercased() == "http",
            let host = parts.host?.lowercased(), SignInCallback.loopbackHosts.contains(host),
            let port = parts.port, (1...65535).contains(port), parts.user == nil, parts.password == nil,
            parts.fragment == nil
        else { throw .notLoopback(given) }
        url = given
    }

    /// The callback with the new token added to its query, as CloudKit adds `ckWebAuthToken`.
    func redirect(token: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        let encoded = token.addingPercentEncoding(withAllowedCharacters: allowed) ?? token
        return url + (url.contains("?") ? "&" : "?") + "ckWebAuthToken=" + encoded
    }
}
