import ArgumentParsing
import CloudServerProcess
import Foundation
import Testing

@testable import TripsCLI

/// Every command's `--help` is read on an 80-column terminal: every line of it fits 80 columns
/// — prose, option tables, the usage line, and examples, which go on over several lines with the
/// shell's ` \` continuation and still read back as the command the spec gives.
@Suite struct HelpWidthTests {
    @Test func everyLineOfEveryCommandsHelpFitsEightyColumns() {
        let parser = TripsCommandLine.parser()
        var commands = 0
        for (path, _) in TripsCommandLine.root.visibleWalk() {
            commands += 1
            for line in parser.help(for: path).split(separator: "\n", omittingEmptySubsequences: false) {
                #expect(line.count <= 80, "trips \(path.joined(separator: " ")) --help: \(line.count) columns: \(line)")
            }
        }
        #expect(commands > 20)
    }

    /// The examples as help shows them, each continued line joined again: the spec's commands.
    static func examples(_ help: String) -> [String] {
        guard let start = help.range(of: "\nEXAMPLES:\n") else { return [] }
        var out: [String] = []
        var pending = ""
        for line in help[start.upperBound...].split(separator: "\n") {
            guard line.hasPrefix("  ") else { break }
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.hasSuffix(" \\") {
                pending += String(text.dropLast(2)) + " "
            } else {
                out.append(pending + text)
                pending = ""
            }
        }
        return out
    }

    @Test func aLongExampleGoesOnOverLinesAndReadsBackAsTheSameCommand() {
        let parser = TripsCommandLine.parser()
        var continued = 0
        for (path, command) in TripsCommandLine.root.visibleWalk() where !command.examples.isEmpty {
            let help = parser.help(for: path)
            #expect(Self.examples(help) == command.examples, "trips \(path.joined(separator: " ")) --help")
            continued += help.components(separatedBy: " \\\n").count - 1
        }
        #expect(continued > 3, "some examples are longer than a line")
    }

    /// `trips-cloud` and each of its commands, found from the COMMANDS of each help.
    @Test func everyLineOfTripsCloudsHelpFitsEightyColumns() async throws {
        let cloud = try CloudServerProcess.locateExecutable()
        var queue: [[String]] = [[]]
        var seen = 0
        while let path = queue.popLast() {
            let help = try await TripsProcess.execute(cloud, path + ["--help"], environment: [:])
            #expect(help.status == 0, "trips-cloud \(path) --help: \(help.stderr)")
            seen += 1
            var inCommands = false
            for line in help.stdout.split(separator: "\n", omittingEmptySubsequences: false) {
                #expect(line.count <= 80, "trips-cloud \(path.joined(separator: " ")) --help: \(line.count): \(line)")
                if line.hasSuffix(":") { inCommands = line == "COMMANDS:" }
                if inCommands, line.hasPrefix("  "), !line.hasPrefix("   "),
                    let name = line.split(separator: " ").first
                {
                    queue.append(path + [String(name)])
                }
            }
        }
        #expect(seen > 5, "trips-cloud's commands were walked")
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
