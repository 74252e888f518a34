import Foundation
import InputText
import Testing

@Suite struct TrimmedTests {
    /// `trimmed` stands in for Foundation's `trimmingCharacters(in: .whitespacesAndNewlines)`.
    @Test(arguments: [" \t HOU \n", "   ", "a b", "", "\r\nline\r\n", "\u{00A0}nbsp\u{2003}"])
    func trimmedMatchesFoundation(text: String) {
        #expect(text.trimmed == text.trimmingCharacters(in: .whitespacesAndNewlines), "\(text.debugDescription)")
    }

    @Test func trimmedKeepsInnerWhiteSpace() {
        #expect(" \t HOU \n".trimmed == "HOU")
        #expect("a b".trimmed == "a b")
    }
}
