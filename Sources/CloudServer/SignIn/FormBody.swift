import Foundation

/// An `application/x-www-form-urlencoded` body (HTML's form submission): `name=value` pairs
/// joined by `&`, `+` for a space, other bytes percent-encoded as UTF-8. Unlike the request
/// target's query (where `+` stays, for tokens), here `+` is a space: browsers encode a typed
/// `+` as `%2B`.
struct FormBody: Sendable, Hashable {
    /// The first value of each name (a later repeat is ignored, as a form never sends one).
    private(set) var fields: [String: String] = [:]

    /// nil when a pair is not valid percent-encoded UTF-8: the body is refused, not guessed at.
    init?(_ body: Data) {
        guard let text = String(data: body, encoding: .utf8) else { return nil }
        for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = FormBody.decode(parts[0]), let value = FormBody.decode(parts.count > 1 ? parts[1] : "")
            else { return nil }
            if fields[name] == nil { fields[name] = value }
        }
    }

    subscript(name: String) -> String? { fields[name] }

    /// `+` → space, then `%XX` → bytes, read as UTF-8.
    static func decode(_ encoded: Substring) -> String? {
        String(encoded.replacingOccurrences(of: "+", with: " ")).removingPercentEncoding
    }

    /// Whether a `Content-Type` header names this encoding (parameters such as charset allowed).
    static func isFormEncoded(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let mediaType = contentType.prefix { $0 != ";" }
        return mediaType.trimmingCharacters(in: .whitespaces).lowercased() == "application/x-www-form-urlencoded"
    }
}
