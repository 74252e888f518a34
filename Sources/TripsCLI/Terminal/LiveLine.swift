/// One line of stderr on a terminal, rewritten in place while long work runs and erased before
/// the answer prints; quiet for the first half second, so quick answers never flicker.
final class LiveLine {
    private let output: Output
    private var shown = false
    private var last = ""

    init(output: Output) { self.output = output }

    /// Shows `text` once `seconds` of work have passed (and only when it changed).
    func show(_ text: String, after seconds: Double) {
        guard seconds >= 0.5, text != last else { return }
        output.write("\r\u{1B}[2K" + text)
        output.flush()
        last = text
        shown = true
    }

    /// Erases the line, if one was shown.
    func clear() {
        guard shown else { return }
        output.write("\r\u{1B}[2K")
        output.flush()
        shown = false
        last = ""
    }
}
