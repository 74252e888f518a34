import CloudKitWeb
import Foundation
import Testing

/// JSON keeps every value exactly, but never carries raw controls or bidi overrides.
@Suite struct JSONTextEscapingTests {
    @Test func controlsDeleteC1AndBidiCharactersAreUnicodeEscapedAndRoundTrip() throws {
        let value = "Evil\u{1B}]0;owned\u{07} \u{7F}\u{9B}2J \u{202E}gnp.exe\u{2069} \u{2028}é·—"
        let quoted = JSONText.quote(value)
        #expect(quoted == "\"Evil\\u001b]0;owned\\u0007 \\u007f\\u009b2J \\u202egnp.exe\\u2069 \\u2028é·—\"")
        let decoded = try JSONDecoder().decode(String.self, from: Data(quoted.utf8))
        #expect(decoded == value)
    }

    @Test func plainTextStaysAsItIs() {
        #expect(JSONText.quote("Montréal · 19:15 — ok") == "\"Montréal · 19:15 — ok\"")
    }
}
