import TripsRender

extension CLIContext {
    /// A note on stderr, "note: …" wrapped to the terminal's columns with its later lines
    /// indented under the text, and made terminal-safe (it may carry names a feed sent).
    func note(_ text: String) {
        let words = ("note: " + text).split(separator: " ").map(String.init)
        for (n, line) in TextWrap.lines(words, separator: " ", first: TextWrap.columns, rest: TextWrap.columns - 6)
            .enumerated()
        {
            stderr.line((n == 0 ? line : "      " + line).terminalSafe)
        }
    }
}
