import CloudServerProcess
import Foundation
import Testing

@testable import TripsCLI

/// Every example a fan is shown — in each command's `--help` and in the README's tour — runs
/// against the bundled data, exits 0 and shows something (issue 9 item 13). The commands are
/// read from the command specs, so a new command's examples are covered as soon as it exists.
@Suite struct CommandExamplesTests {
    /// An example as shown, and the command line it runs.
    struct Example: CustomStringConvertible, Sendable {
        var text: String
        var arguments: [String]
        var description: String { text }
    }

    static func helpExamples(_ command: TripsCommandSpec = TripsCommandLine.root) -> [Example] {
        command.examples.map { Example(text: $0, arguments: words($0)) }
            + command.subcommands.flatMap { helpExamples($0) }
    }

    /// The commands of the README's "A short tour" block (comments dropped).
    static func readmeTourExamples() throws -> [Example] {
        let readme = try String(contentsOf: TripsProcess.root.appendingPathComponent("README.md"), encoding: .utf8)
        let tour = try #require(readme.components(separatedBy: "## A short tour").dropFirst().first)
        let block = try #require(tour.components(separatedBy: "```").dropFirst().first)
        return block.split(separator: "\n").compactMap { line in
            let command = line.components(separatedBy: "  #")[0].trimmingCharacters(in: .whitespaces)
            return command.hasPrefix("trips ") ? Example(text: command, arguments: words(command)) : nil
        }
    }

    /// Shell words: spaces separate, double quotes group; the leading `trips` is dropped.
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quoted = false
        var inWord = false
        for character in text {
            if character == "\"" {
                quoted.toggle()
                inWord = true
            } else if character == " " && !quoted {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else {
                current.append(character)
                inWord = true
            }
        }
        if inWord { words.append(current) }
        return Array(words.dropFirst())
    }

    @Test func theExampleListsAreFound() async throws {
        let help = Self.helpExamples().map(\.text)
        #expect(help.contains("trips games --sport mlb --team HOU"))
        #expect(help.contains { $0.hasPrefix("trips config set") })
        #expect(try Self.readmeTourExamples().count >= 10)
        #expect(
            Self.words(#"trips stadiums --near "Chicago, IL" --within 30"#) == [
                "stadiums", "--near", "Chicago, IL", "--within", "30",
            ])
    }

    /// The README says how to get the `trips` its tour runs and what `make test` needs, and
    /// names the test framework in use (issue 27 item 8).
    @Test func theReadmeSaysHowToRunItsTourAndItsTests() throws {
        let readme = try String(contentsOf: TripsProcess.root.appendingPathComponent("README.md"), encoding: .utf8)
        let makefile = try String(contentsOf: TripsProcess.root.appendingPathComponent("Makefile"), encoding: .utf8)
        let tour = try #require(readme.components(separatedBy: "## A short tour").dropFirst().first)
        let intro = try #require(tour.components(separatedBy: "```").first)
        #expect(intro.contains("make install PREFIX=~/.local"))
        #expect(intro.contains("`.build/release/trips`"))
        // The paths it names are the Makefile's: where `make build` puts trips, where tests read raw data.
        #expect(makefile.contains("BIN        := .build/release"))
        #expect(makefile.contains("RAW        ?= ../shared/data/raw"))
        let firstBlock = try #require(readme.components(separatedBy: "```").dropFirst().first)
        #expect(firstBlock.contains("make test") && readme.contains("`make test` reads the raw league files"))
        #expect(readme.contains("../shared/data/raw"))
        #expect(!readme.contains("XCTest"))
    }

    static var allExamples: [Example] {
        get throws { helpExamples() + (try readmeTourExamples()) }
    }

    /// A plan that saves nothing reads the store only: it needs no example before it, so each
    /// runs as a test case of its own (in parallel with the others, on a store of its own).
    static func standsAlone(_ example: Example) -> Bool {
        example.arguments.first == "plan" && !example.arguments.contains("--save")
    }

    static var standAloneExamples: [Example] { ((try? allExamples) ?? []).filter(standsAlone) }

    @Test(arguments: standAloneExamples)
    func everyPlanExampleThatSavesNothingRunsAndShowsSomething(_ example: Example) async throws {
        try await Self.check(example, in: TripsProcess())
    }

    @Test func everyOtherHelpAndReadmeExampleRunsAndShowsSomething() async throws {
        #expect(Self.standAloneExamples.count >= 10, "the plan examples are found")
        // One store for the rest, in order (a trip `plan --save` made is the one `saved` shows),
        // so `reset` acts on a store of its own; `config` examples get their own home, as they
        // point the cloud settings elsewhere.
        let trips = TripsProcess()
        let settings = TripsProcess()
        // `export --subscribe` prints the configured cloud's address (none is contacted).
        let subscriber = TripsProcess(extraEnvironment: ["TRIPS_CLOUD_URL": "http://127.0.0.1:8123"])
        for example in try Self.allExamples where example.arguments.first != "sync" && !Self.standsAlone(example) {
            let process =
                example.arguments.contains("--subscribe")
                ? subscriber : example.arguments.first == "config" ? settings : trips
            try await Self.check(example, in: process)
        }
    }

    @Test func everySyncExampleRunsAgainstALocalCloud() async throws {
        let examples = try Self.allExamples.filter { $0.arguments.first == "sync" }
        #expect(examples.count >= 2)
        // A fresh store first, so the cloud is started only once it is needed (and stays up briefly).
        let trips = TripsProcess()
        _ = try await trips.run(["teams", "--sport", "mlb"])
        let cloud = try await CloudServerProcess.start(data: TripsProcess.root.appendingPathComponent("Data"))
        defer { cloud.stop() }
        var synced = trips
        synced.environment.merge([
            "TRIPS_CLOUD_URL": cloud.url.absoluteString, "TRIPS_CLOUD_CONTAINER": cloud.container,
            "TRIPS_CLOUD_API_TOKEN": cloud.apiToken,
        ]) { _, new in new }
        for example in examples { try await Self.check(example, in: synced) }
    }

    /// Runs one example (in a scratch folder, for `--output`): exit 0 and something shown.
    static func check(_ example: Example, in process: TripsProcess) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("trips-example-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        if let name = example.arguments.firstIndex(of: "--drive-times").map({ example.arguments[$0 + 1] }) {
            // The examples' road times: the fixture matrix of the central ballparks.
            try FileManager.default.copyItem(
                at: TripsProcess.root.appendingPathComponent("Tests/TripsCLITests/DriveTimes/central.csv"),
                to: directory.appendingPathComponent(name))
        }
        if let answers = terminalAnswers[example.arguments] {
            // Asks on a terminal: answered like a fan would.
            let session = try await process.runOnTerminal(example.arguments, steps: answers.steps)
            #expect(session.status == 0, "\(example): \(session.transcript)")
            #expect(session.transcript.contains(answers.shows), "\(example): \(session.transcript)")
            return
        }
        if example.arguments.contains("--watch") {
            // A watcher runs until stopped: a time limit stops it (exit 130) after its first sync.
            let result = try await process.run(example.arguments + ["--time-limit", "2"], directory: directory)
            #expect(result.status == 130, "\(example): exit \(result.status): \(result.stderr)")
            #expect(result.stdout.contains("synced"), "\(example): \(result.stdout)")
            return
        }
        let result = try await process.run(example.arguments, directory: directory)
        #expect(result.status == 0, "\(example): exit \(result.status): \(result.stderr)")
        var shown = result.stdout
        if let name = example.arguments.firstIndex(of: "--output").map({ example.arguments[$0 + 1] }) {
            shown += (try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)) ?? ""
        }
        if !example.arguments.contains("--quiet") {
            #expect(!shown.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "\(example) shows nothing")
        }
        #expect(!shown.contains("no games match"), "\(example) finds no games")
        if let object = try? JSONSerialization.jsonObject(with: Data(shown.utf8)) as? [String: Any] {
            for key in ["games", "trips", "teams", "stadiums"] {
                if let list = object[key] as? [Any] { #expect(!list.isEmpty, "\(example) finds no \(key)") }
            }
        }
    }

    /// Examples that ask on a terminal: the answers to give, and what the run must show.
    static let terminalAnswers: [[String]: (steps: [[String]], shows: String)] = [
        ["plan"]: (
            [
                ["Trip (", ""], ["Sports (mlb, ", "mlb"], ["Dates (", "2026-06-01 3"], ["Start from (", "Chicago"],
                ["End at (", ""],
                ["Must-see teams (", ""], ["Max driving hours per day [6]: ", ""], ["How many options [3]: ", ""],
                ["Save this trip? (", ""],
            ], "Option 1"
        ),
        ["reset"]: ([["Continue? [y/N] ", "y"]], "Rebuilt "),
        ["config", "set", "cloud.apiToken", "-"]: (
            [["cloud.apiToken: ", "example-token"]], "cloud.apiToken = ‹redacted›"
        ),
    ]
}
