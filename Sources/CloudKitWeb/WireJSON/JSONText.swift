/// Writing JSON text by hand on hot paths: the server splices query pages from stored field
/// JSON instead of decoding and re-encoding; the CLI writes its ordered JSON documents.
public enum JSONText {
    /// `text` as a JSON string literal, quotes included. Besides what JSON requires (quote,
    /// backslash, U+0000–U+001F), DEL, the C1 controls, bidi overrides and isolates and the
    /// line/paragraph separators are written as `\uXXXX`: the value is the same, but JSON
    /// printed on a terminal or pasted into a script cannot be hijacked by them.
    public static func quote(_ text: String) -> String {
        var out = ""
        appendQuoted(text, to: &out)
        return out
    }

    /// `quote(text)` appended to `out` as UTF-8 (long documents are written as bytes).
    public static func appendQuoted(_ text: String, to out: inout [UInt8]) {
        if text.utf8.contains(where: needsEscape) {
            out.append(contentsOf: quote(text).utf8)
            return
        }
        out.append(0x22)
        out.append(contentsOf: text.utf8)
        out.append(0x22)
    }

    /// Every character `quote` escapes starts with one of these bytes.
    private static func needsEscape(_ unit: UInt8) -> Bool {
        unit < 0x20 || unit == 0x22 || unit == 0x5C || unit == 0x7F || unit == 0xC2 || unit == 0xE2
    }

    /// `quote(text)` appended to `out`, without a string of its own.
    public static func appendQuoted(_ text: String, to out: inout String) {
        out += "\""
        guard text.utf8.contains(where: needsEscape) else {
            out += text
            out += "\""
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if needsUnicodeEscape(scalar) {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }

    private static func needsUnicodeEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}
