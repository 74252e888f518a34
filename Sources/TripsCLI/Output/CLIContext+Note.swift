import TripsRender

extension CLIContext {
    /// A note on stderr, "note: …" wrapped to the terminal's columns with its later lines
    /// indented under the text, and made terminal-safe (it may carry names a feed sent).
    func note(_ text: String) {
        for line in TextWrap.hanging("note: " + text) { stderr.line(line.terminalSafe) }
    }
}
