@_spi(_Unicode) import Swift

/// How user input is compared with names: case-, accent- and punctuation-insensitive, so
/// "montréal", "Montreal" and "MONTREAL" meet, and "St. Louis" equals "st louis".
public enum SearchKey {
    /// Lowercased, diacritics removed, every run of non-alphanumerics turned into one space, trimmed.
    ///
    /// Folds as Foundation's `folding(options: [.caseInsensitive, .diacriticInsensitive,
    /// .widthInsensitive])` does, without Foundation: the canonical decomposition without its
    /// nonspacing marks, full-width ASCII as ASCII, then lowercased.
    public static func normalize(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        for decomposed in text._nfd {
            let properties = decomposed.properties
            if properties.generalCategory == .nonspacingMark { continue }
            let scalar = narrow(decomposed)
            if isAlphanumeric(scalar) {
                if pendingSpace && !out.isEmpty { out.append(" ") }
                pendingSpace = false
                if scalar.properties.changesWhenLowercased {
                    out += scalar.properties.lowercaseMapping
                } else {
                    out.unicodeScalars.append(scalar)
                }
            } else if scalar != "'" && scalar != "’" {
                pendingSpace = true
            }
        }
        return out
    }

    /// Full-width ASCII forms (U+FF01–U+FF5E) as their ASCII counterparts.
    private static func narrow(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        guard (0xFF01...0xFF5E).contains(scalar.value) else { return scalar }
        return Unicode.Scalar(scalar.value - 0xFEE0) ?? scalar
    }

    /// Foundation's `CharacterSet.alphanumerics`: letters, marks and numbers.
    private static func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
            return true
        default:
            return false
        }
    }
}
