/// ANSI styling that switches itself off: only on a terminal, never with NO_COLOR or --no-color.
package struct Style: Sendable {
    package var enabled: Bool

    package func bold(_ text: String) -> String { wrap(text, "1") }
    package func dim(_ text: String) -> String { wrap(text, "2") }
    package func red(_ text: String) -> String { wrap(text, "31") }
    package func green(_ text: String) -> String { wrap(text, "32") }
    package func yellow(_ text: String) -> String { wrap(text, "33") }

    private func wrap(_ text: String, _ code: String) -> String {
        enabled && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
