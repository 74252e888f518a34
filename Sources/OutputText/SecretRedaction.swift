/// Hides credentials in text that is shown or stored: error messages, server reasons, log
/// lines, the sync state, `trips config`.
///
/// Matching ignores case because servers and proxies echo what they were sent in their own
/// way (`ckwebauthtoken=…` in lower case, a token upper-cased, `%2b` for `%2B`); a case-exact
/// match would let those through. Besides the secrets it is given, it always hides what the
/// protocol carries as credentials — the `ckAPIToken` and `ckWebAuthToken` query values, the
/// admin token header — and the password of any `scheme://user:password@host` URL.
public enum SecretRedaction {
    public static let marker = "‹redacted›"

    /// `text` with every one of `secrets` (in any case) and every credential-shaped value replaced by the marker.
    public static func redact(_ text: String, secrets: [String] = []) -> String {
        var out = text
        for secret in Set(secrets).filter({ !$0.isEmpty }).sorted(by: { $0.count > $1.count }) {
            out = replacingCaseInsensitive(secret, in: out)
        }
        for name in ["ckAPIToken=", "ckWebAuthToken=", "X-Trips-Admin-Token: ", "X-Trips-Admin-Token="] {
            out = redactingValues(after: name, in: out)
        }
        return redactingURLPasswords(in: out)
    }

    private static func replacingCaseInsensitive(_ secret: String, in text: String) -> String {
        rewriting(secret, in: text) { _, matchEnd, out in
            out.append(contentsOf: marker.unicodeScalars)
            return matchEnd
        }
    }

    /// Replaces the value after each (case-insensitive) `name`, up to a delimiter.
    private static func redactingValues(after name: String, in text: String) -> String {
        let length = name.unicodeScalars.count
        return rewriting(name, in: text) { scalars, matchEnd, out in
            out.append(contentsOf: scalars[(matchEnd - length)..<matchEnd])
            var end = matchEnd
            while end < scalars.count, !isDelimiter(scalars[end]) { end += 1 }
            if end > matchEnd { out.append(contentsOf: marker.unicodeScalars) }
            return end
        }
    }

    /// Copies `text`, letting `replace` write what stands for each (case-insensitive) match of
    /// `needle`; `replace` gets the scalars, the index just past the match and the output, and
    /// answers where copying resumes.
    private static func rewriting(
        _ needle: String, in text: String,
        _ replace: (_ scalars: [Unicode.Scalar], _ matchEnd: Int, _ out: inout String.UnicodeScalarView) -> Int
    ) -> String {
        let needle = Array(needle.unicodeScalars)
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var i = 0
        while i < scalars.count {
            if matches(needle, scalars, at: i) {
                i = replace(scalars, i + needle.count, &out)
            } else {
                out.append(scalars[i])
                i += 1
            }
        }
        return String(out)
    }

    /// Whether `needle` occurs in `scalars` at `index`, ignoring ASCII case (tokens, parameter
    /// names and percent escapes are ASCII).
    private static func matches(_ needle: [Unicode.Scalar], _ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        guard !needle.isEmpty, index + needle.count <= scalars.count else { return false }
        for k in 0..<needle.count where lower(needle[k]) != lower(scalars[index + k]) { return false }
        return true
    }

    /// `http://user:secret@host` → `http://user:‹redacted›@host`.
    private static func redactingURLPasswords(in text: String) -> String {
        guard text.contains("://") else { return text }
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var i = 0
        while i < scalars.count {
            out.append(scalars[i])
            guard scalars[i] == ":", i + 2 < scalars.count, scalars[i + 1] == "/", scalars[i + 2] == "/" else {
                i += 1
                continue
            }
            out.append(contentsOf: "//".unicodeScalars)
            i += 3
            // The authority runs to the first "/", "?", "#" or delimiter; userinfo ends at its last "@".
            var end = i
            while end < scalars.count, !isDelimiter(scalars[end]), !"/?#".unicodeScalars.contains(scalars[end]) {
                end += 1
            }
            let authority = scalars[i..<end]
            if let at = authority.lastIndex(of: "@"), let colon = authority[i..<at].firstIndex(of: ":") {
                out.append(contentsOf: scalars[i...colon])
                out.append(contentsOf: marker.unicodeScalars)
                out.append(contentsOf: scalars[at..<end])
            } else {
                out.append(contentsOf: authority)
            }
            i = end
        }
        return String(out)
    }

    private static func isDelimiter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace || "&\"'<>;),".unicodeScalars.contains(scalar)
    }

    private static func lower(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        (0x41...0x5A).contains(scalar.value) ? Unicode.Scalar(scalar.value + 0x20)! : scalar
    }
}
