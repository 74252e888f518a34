/// How names from different sources are matched and turned into ids: one folding for every
/// matcher (the bundle's venue catalog, the team and venue directories of every road into the
/// store), built on `SearchKey` so a user's words and a source's names fold alike.
public enum NameKey {
    /// `SearchKey` without its spaces: case-, accent-, space- and punctuation-blind, so "Great
    /// American Ball Park" meets "Great American Ballpark", "Inter&Co Stadium" "Inter.co Stadium".
    public static func match(_ name: String) -> String {
        String(SearchKey.normalize(name).unicodeScalars.filter { $0 != " " })
    }

    /// A record-name fragment, ASCII only: "UNIQLO Field at Dodger Stadium" →
    /// `uniqlo_field_at_dodger_stadium`; a dot joins ("Crypto.com" → `cryptocom`). Empty when the
    /// name has no ASCII letter or digit, so callers supply their own fallback.
    public static func slug(_ name: String) -> String {
        var out = ""
        var pendingUnderscore = false
        for scalar in SearchKey.normalize(String(name.unicodeScalars.filter { $0 != "." })).unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                if pendingUnderscore && !out.isEmpty { out.append("_") }
                pendingUnderscore = false
                out.unicodeScalars.append(scalar)
            } else {
                pendingUnderscore = true
            }
        }
        return out
    }
}
