import Foundation
import Testing

/// Commands stay thin: a command reads its input, hands the work to the module that owns it
/// (planner, store, sync, publisher) and emits the answer — so no `run` of a command is longer
/// than 40 lines, and only the one output helper writes a rendering to a file.
@Suite struct ThinCommandTests {
    static let commandFolders = [
        "Sources/TripsCLI", "Sources/TripsSyncCLI", "Sources/trips-cloud", "Sources/trips", "Sources/trips-sync",
    ]
    static let maxRunLines = 40

    /// Each `func run…(` in `text` with its length in lines, braces counted from its first `{`
    /// (braces inside string literals count too: none of our `run`s has one).
    static func runs(in text: String) -> [(line: Int, lines: Int)] {
        let lines = text.components(separatedBy: "\n")
        var found: [(Int, Int)] = []
        for (start, line) in lines.enumerated()
        where line.range(of: #"\bfunc run\w*\s*[(<]"#, options: .regularExpression) != nil {
            var depth = 0
            var opened = false
            var end = start
            scan: for index in start..<lines.count {
                for character in lines[index] {
                    if character == "{" {
                        depth += 1
                        opened = true
                    } else if character == "}" {
                        depth -= 1
                    }
                }
                end = index
                if opened && depth == 0 { break scan }
            }
            found.append((start + 1, end - start + 1))
        }
        return found
    }

    static func swiftFiles(under folder: String) throws -> [(path: String, text: String)] {
        let root = PackageManifest.root.appendingPathComponent(folder)
        let paths = try #require(FileManager.default.enumerator(atPath: root.path)).compactMap { $0 as? String }
        return try paths.filter { $0.hasSuffix(".swift") }.sorted().map {
            ("\(folder)/\($0)", try String(contentsOf: root.appendingPathComponent($0), encoding: .utf8))
        }
    }

    @Test func noCommandsRunIsLongerThanFortyLines() throws {
        var checked = 0
        for folder in Self.commandFolders {
            for file in try Self.swiftFiles(under: folder) {
                for run in Self.runs(in: file.text) {
                    checked += 1
                    #expect(
                        run.lines <= Self.maxRunLines,
                        "\(file.path):\(run.line): a run of \(run.lines) lines; move its steps where they belong")
                }
            }
        }
        #expect(checked > 15)
    }

    @Test func onlyTheOutputHelperWritesARenderingToAFile() throws {
        var writers: [String] = []
        for folder in Self.commandFolders {
            for file in try Self.swiftFiles(under: folder) where file.text.contains("FileWriter.write(") {
                writers.append(file.path)
            }
        }
        #expect(writers == ["Sources/TripsCLI/Output/OutputDestination+Emit.swift"])
    }

    @Test func theMeasureCountsABodyFromItsSignatureToItsClosingBrace() {
        let text = """
            struct A {
                func run(_ x: Int) {
                    if x > 0 { print(x) }
                }
                func runLonger() async throws {
                }
            }
            """
        let runs = Self.runs(in: text)
        #expect(runs.map(\.line) == [2, 5])
        #expect(runs.map(\.lines) == [3, 2])
    }
}
