import OutputText
import Testing

/// What reaches a terminal: controls and bidi overrides are shown, never obeyed.
@Suite struct TerminalTextTests {
    @Test func escapeSequencesAndBellAreWrittenOutVisibly() {
        let hostile = "Evil\u{1B}]0;owned\u{07}Team \u{1B}[2J"
        let safe = hostile.terminalSafe
        #expect(safe == "Evil\\u{1B}]0;owned\\u{7}Team \\u{1B}[2J")
        #expect(!safe.unicodeScalars.contains(where: TerminalText.isUnsafe))
    }

    @Test func c1ControlsDeleteAndBidiOverridesAndIsolatesAreEscaped() {
        let text = "a\u{9B}31mb\u{7F}c\u{202E}txt.exe\u{2066}d\u{2069}e\u{85}"
        #expect(text.terminalSafe == "a\\u{9B}31mb\\u{7F}c\\u{202E}txt.exe\\u{2066}d\\u{2069}e\\u{85}")
    }

    @Test func lineBreaksAndTabsAreEscapedUnlessLineBreaksAreKept() {
        #expect("one\ntwo\tthree\r".terminalSafe == "one\\u{A}two\\u{9}three\\u{D}")
        #expect(TerminalText.escape("one\ntwo\u{1B}", keepingLineBreaks: true) == "one\ntwo\\u{1B}")
    }

    @Test func ordinaryTextIsUntouched() {
        for text in ["Montréal Canadiens", "Estadio Azteca · México", "19:15 CDT", "→ 😀 ⚾︎", "São Paulo — 2026", ""] {
            #expect(text.terminalSafe == text)
        }
    }
}
