import Glibc
import InputText

/// How wide a table may be: `COLUMNS` when set, else the width of the terminal stdout is, else
/// 80. Output to a pipe or a file fits 80 columns too — it is mostly read on a terminal (`less`,
/// an editor) — and `--wide` (or `--format csv`/`json`) gives every column whatever the width.
enum TerminalWidth {
    /// Without `COLUMNS` or a terminal to ask.
    static let fallback = 80
    /// Narrower than this a table cannot be laid out: a smaller `COLUMNS` is ignored.
    static let smallest = 20

    static func columns(environment: [String: String], descriptor: Int32, isTerminal: Bool) -> Int {
        if let text = environment["COLUMNS"], let columns = Int(text.trimmed), columns >= smallest {
            return columns
        }
        var size = winsize()
        if isTerminal, ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, Int(size.ws_col) >= smallest {
            return Int(size.ws_col)
        }
        return fallback
    }
}
