/// Text that is safe to print on a terminal: every character that could drive the terminal
/// instead of being shown is written out visibly as `\u{1B}`.
///
/// Team names, statuses and server error reasons come from the cloud, so they may carry
/// escape sequences (retitle the window, clear the screen, fake a prompt) or bidi overrides
/// (make `evil.exe` read as `exe.live`). Escaping them where human-readable text is produced —
/// tables, messages, errors, the stored last error — shows what is really there; machine
/// formats (JSON, CSV, iCalendar) keep the value and encode it by their own rules instead.
public enum TerminalText {
    /// `text` with C0 and C1 controls, DEL and bidi embeddings, overrides and isolates written
    /// as `\u{…}`. With `keepingLineBreaks`, `\n` stays (for multi-line blocks); tabs never do.
    public static func escape(_ text: String, keepingLineBreaks: Bool = false) -> String {
        func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
            isUnsafe(scalar) && !(keepingLineBreaks && scalar == "\n")
        }
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if needsEscape(scalar) {
                out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// Controls (U+0000–U+001F, U+007F–U+009F) and the bidi formatting characters that
    /// reorder what follows them (U+202A–U+202E, U+2066–U+2069).
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}

extension String {
    /// This text escaped for a terminal (see `TerminalText`).
    public var terminalSafe: String { TerminalText.escape(self) }
}
