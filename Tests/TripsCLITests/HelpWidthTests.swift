import ArgumentParsing
import Testing

@testable import TripsCLI

/// Every command's `--help` is read on an 80-column terminal: its prose (summary, discussion,
/// option and command tables) fits 80 columns. The usage line and the examples stay whole, to be
/// copied as one command each.
@Suite struct HelpWidthTests {
    @Test func everyCommandsHelpProseFitsEightyColumns() {
        let parser = TripsCommandLine.parser()
        var commands = 0
        for (path, command) in TripsCommandLine.root.visibleWalk() {
            commands += 1
            let help = parser.help(for: path)
            let kept = Set(command.examples.map { "  " + $0 })
            for line in help.split(separator: "\n", omittingEmptySubsequences: false)
            where !line.hasPrefix("USAGE:") && !kept.contains(String(line)) {
                #expect(line.count <= 80, "trips \(path.joined(separator: " ")) --help: \(line.count) columns: \(line)")
            }
        }
        #expect(commands > 20)
    }

    @Test func anOptionsHelpWrapsUnderItsOwnColumnWithNoWordLost() throws {
        let parser = TripsCommandLine.parser()
        let help = parser.help(for: ["plan"])
        let lines = help.split(separator: "\n").map(String.init)
        let start = try #require(lines.firstIndex { $0.hasPrefix("  --max-drive-hours H") })
        let column = try #require(lines[start].range(of: "Most hours")).lowerBound.utf16Offset(in: lines[start])
        #expect(
            lines[start + 1].prefix(column).allSatisfy { $0 == " " }, "continued under the text: \(lines[start + 1])")
        let spec = try #require(PlanCommand.spec.options.first { $0.name == "max-drive-hours" })
        var text = lines[start].dropFirst(column).description
        var next = start + 1
        while next < lines.count, lines[next].prefix(column).allSatisfy({ $0 == " " }), lines[next].count > column {
            text += " " + lines[next].dropFirst(column)
            next += 1
        }
        #expect(text == spec.help)
    }
}
