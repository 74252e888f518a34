import FoundationEssentials

/// Text made safe for roff source: what a help text says must print as written, never act as a
/// request, an escape or a non-ASCII byte groff would guess the encoding of.
enum Roff {
    /// Text for a filled text line (no line breaks inside).
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\e"
            // `\-` is the minus sign: option names and commands copy and paste as typed.
            case "-": out += "\\-"
            case _ where scalar.isASCII: out.unicodeScalars.append(scalar)
            default: out += "\\[u" + hex(scalar.value) + "]"
            }
        }
        return out
    }

    /// Lines of source text: each escaped, leading blanks dropped, and a leading `.` or `'`
    /// (a request) defused with `\&`; a blank line starts a paragraph.
    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            return trimmed.isEmpty ? ".PP" : self.line(String(trimmed))
        }
    }

    /// One source line, escaped, with a leading `.` or `'` defused.
    static func line(_ text: String) -> String {
        let escaped = escape(text)
        return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
    }

    /// One argument of a macro (`.SS "trips config get KEY"`), quoted.
    static func argument(_ text: String) -> String {
        "\"" + escape(text).replacing("\"", with: "\\(dq") + "\""
    }

    /// `\fBtext\fR`, `\fItext\fR`.
    static func bold(_ text: String) -> String { "\\fB" + escape(text) + "\\fR" }
    static func italic(_ text: String) -> String { "\\fI" + escape(text) + "\\fR" }

    /// Upper-case hexadecimal of at least four digits, as groff's `\[uXXXX]` wants it.
    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
