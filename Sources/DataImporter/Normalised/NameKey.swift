import Foundation

/// How names from different sources are matched and turned into ids.
enum NameKey {
    /// Case-, accent-, space- and punctuation-blind: "Great American Ball Park" meets
    /// "Great American Ballpark", "Inter&Co Stadium" meets "Inter.co Stadium".
    static func match(_ name: String) -> String {
        String(folded(name).unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) })
    }

    /// A record-name fragment: "UNIQLO Field at Dodger Stadium" → `uniqlo_field_at_dodger_stadium`.
    static func slug(_ name: String) -> String {
        var out = ""
        var pendingUnderscore = false
        for scalar in folded(name).unicodeScalars {
            if scalar.isASCII && CharacterSet.alphanumerics.contains(scalar) {
                if pendingUnderscore && !out.isEmpty { out.append("_") }
                pendingUnderscore = false
                out.unicodeScalars.append(scalar)
            } else if scalar != "'" && scalar != "’" && scalar != "." {
                pendingUnderscore = true
            }
        }
        return out
    }

    static func folded(_ name: String) -> String {
        name.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }
}
