import Testing

@testable import ArgumentParsing

/// Help prose is re-wrapped to 80 columns whatever width its source lines have.
@Suite struct HelpTextTests {
    typealias Parser = ArgumentParser<Void>

    @Test func aDiscussionIsReflowedParagraphByParagraphWithNoWordLost() {
        let words = (1...60).map { "word\($0)" }
        let source =
            words[0..<30].joined(separator: " ") + "\n" + words[30..<40].joined(separator: " ")
            + "\n\n" + words[40...].joined(separator: " ")
        let text = Parser.reflow(source)
        let paragraphs = text.components(separatedBy: "\n\n")
        #expect(paragraphs.count == 2)
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= 80 })
        #expect(paragraphs[0].split(whereSeparator: \.isWhitespace).map(String.init) == Array(words[0..<40]))
        #expect(paragraphs[1].split(whereSeparator: \.isWhitespace).map(String.init) == Array(words[40...]))
    }

    @Test func aLineEndingInASlashJoinsTheNextWithoutASpace() {
        #expect(
            Parser.reflow("adds displayDate/displayTime/\ndisplayTimeZone; then")
                == "adds displayDate/displayTime/displayTimeZone; then")
    }

    @Test func anOptionsHelpHangsUnderItsTextAndALongWordStandsAlone() {
        let long = String(repeating: "x", count: 90)
        let lines = Parser.hanging("  --a N  ", "short words " + long + " end").split(separator: "\n").map(String.init)
        #expect(lines == ["  --a N  short words", "         " + long, "         end"])
    }
}
