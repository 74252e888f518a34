import ArgumentParsing
import Foundation
import Testing

@testable import TripsCLI

/// The generated completion scripts (issue 14 item 3): each passes its shell's syntax check,
/// every visible command and option of the tree completes (the tree is walked, so a command
/// added without completions fails here), and bash — driven as readline drives it, through
/// COMP_WORDS — completes `trips ga` and, from the store, `trips games --team HO`.
@Suite struct CompletionScriptTests {
    static let syntaxChecks: [Shell: [String]] = [
        .bash: ["/bin/bash", "-n"], .zsh: ["/usr/bin/zsh", "-n"], .fish: ["/usr/bin/fish", "--no-execute"],
    ]

    /// `trips completions SHELL`, saved to a temporary file.
    static func script(_ shell: Shell) async throws -> (text: String, file: URL) {
        let result = try await TripsProcess.shared.run(["completions", shell.rawValue], withStore: false)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("trips-completion-\(UUID())")
        try Data(result.stdout.utf8).write(to: file)
        return (result.stdout, file)
    }

    /// Runs a shell script with the built `trips` first on PATH and the shared store's home.
    static func shell(_ program: String, _ script: String) async throws -> TripsProcess.Result {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("trips-driver-\(UUID())")
        try Data(script.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        var environment = TripsProcess.shared.environment
        environment["PATH"] = TripsProcess.binaries.path + ":/usr/bin:/bin"
        return try await TripsProcess.execute(URL(fileURLWithPath: program), [file.path], environment: environment)
    }

    /// `'word'` for a bash or fish command line.
    static func quoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }

    /// What bash's completion function puts in COMPREPLY for each command line, given as
    /// readline splits it (`--team=HO` is `--team`, `=`, `HO`); the last word is being typed.
    static func bashCompletions(_ lines: [[String]]) async throws -> [[String]] {
        let script = try await script(.bash).file
        var driver = "source \(quoted(script.path))\n"
        for words in lines {
            driver += "COMP_WORDS=(\(words.map(quoted).joined(separator: " "))) COMP_CWORD=\(words.count - 1)\n"
            driver += "COMPREPLY=(); _trips; printf '%s\\t' \"${COMPREPLY[@]}\"; echo\n"
        }
        let result = try await shell("/bin/bash", driver)
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        let answers = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map {
            $0.split(separator: "\t").map(String.init)
        }
        #expect(answers.count == lines.count)
        return answers
    }

    @Test(arguments: Shell.allCases)
    func theScriptPassesItsShellsSyntaxCheck(_ shell: Shell) async throws {
        let script = try await Self.script(shell).file
        defer { try? FileManager.default.removeItem(at: script) }
        let check = try #require(Self.syntaxChecks[shell])
        let result = try await TripsProcess.execute(
            URL(fileURLWithPath: check[0]), Array(check.dropFirst()) + [script.path],
            environment: ["PATH": "/usr/bin:/bin"])
        #expect(result.status == 0, "\(shell): \(result.stderr)")
        #expect(result.stderr.isEmpty, "\(shell): \(result.stderr)")
    }

    @Test func aMissingOrUnknownShellIsAUsageError() async throws {
        let missing = try await TripsProcess.shared.run(["completions"], withStore: false)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("missing SHELL: bash, zsh or fish"))
        let unknown = try await TripsProcess.shared.run(["completions", "tcsh"], withStore: false)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("invalid value 'tcsh' for SHELL: expected bash, zsh or fish"))
        #expect(unknown.stdout.isEmpty)
    }

    @Test func bashCompletesACommandAndATeamFromTheStore() async throws {
        let answers = try await Self.bashCompletions([
            ["trips", "ga"],
            ["trips", "games", "--team", "HO"],
            ["trips", "games", "--team", "=", "HO"],
            ["trips", "--store", TripsProcess.shared.store, "games", "--sport", "nhl", "--team", "BO"],
            ["trips", "games", "--stadium", "Madison"],
            ["trips", "games", "--stadium", "\"Madison"],
            ["trips", "games", "--format", "j"],
            ["trips", "config", "get", "cloud.u"],
            ["trips", "games", "--sport", "nhl,ml"],
        ])
        #expect(answers[0] == ["games"])
        #expect(answers[1].contains("HOU"))
        #expect(answers[2].contains("HOU"))
        #expect(answers[3] == ["BOS"])
        #expect(answers[4] == [#"Madison\ Square\ Garden"#])
        #expect(answers[5] == ["Madison Square Garden"])
        #expect(answers[6] == ["json"])
        #expect(answers[7] == ["cloud.url"])
        #expect(answers[8] == ["nhl,mlb", "nhl,mls"])
    }

    /// Every visible command: its parent offers its name, and `--` offers exactly its options.
    @Test func bashCompletesEveryCommandAndOptionOfTheTree() async throws {
        let parser = TripsCommandLine.parser()
        let commands = TripsCommandLine.root.visibleWalk()
        let answers = try await Self.bashCompletions(
            commands.flatMap { path, _ in [["trips"] + path + [""], ["trips"] + path + ["--"]] })
        for (index, (path, command)) in commands.enumerated() {
            let offered = answers[2 * index]
            for sub in command.visibleSubcommands {
                #expect(offered.contains(sub.name), "trips \(path.joined(separator: " ")) does not offer \(sub.name)")
            }
            let options = (command.options + parser.globalOptions).map { "--\($0.name)" }
            #expect(answers[2 * index + 1] == options, "trips \(path.joined(separator: " ")) --")
        }
        #expect(!answers[0].contains(CompleteCommand.spec.name))
    }

    @Test func fishCompletesEveryCommandAndOptionOfTheTree() async throws {
        let script = try await Self.script(.fish).file
        let commands = TripsCommandLine.root.visibleWalk()
        var driver = "source \(Self.quoted(script.path))\n"
        for (path, _) in commands {
            let line = (["trips"] + path).joined(separator: " ")
            driver +=
                "complete -C \(Self.quoted(line + " ")); echo '##'; complete -C \(Self.quoted(line + " --")); echo '##'\n"
        }
        driver += "complete -C 'trips games --team HO'\n"
        let result = try await Self.shell("/usr/bin/fish", driver)
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        let blocks = result.stdout.components(separatedBy: "##\n").map { block in
            block.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
        }
        try #require(blocks.count == 2 * commands.count + 1)
        for (index, (path, command)) in commands.enumerated() {
            for sub in command.visibleSubcommands {
                #expect(blocks[2 * index].contains(sub.name), "fish: trips \(path) does not offer \(sub.name)")
            }
            for option in command.options {
                #expect(blocks[2 * index + 1].contains("--\(option.name)"), "fish: trips \(path) --\(option.name)")
            }
        }
        #expect(blocks.last == ["HOU"])
    }

    /// zsh has no batch mode for completion: each command's entry in the script lists its
    /// subcommands and options.
    @Test func theZshScriptDescribesEveryCommandAndOption() async throws {
        let text = try await Self.script(.zsh).text
        for (path, command) in TripsCommandLine.root.visibleWalk() {
            let label = "    '\(path.joined(separator: " "))') "
            let entry = try #require(
                text.components(separatedBy: label).dropFirst().first?.components(separatedBy: ";;").first,
                "zsh: no entry for trips \(path)")
            for sub in command.visibleSubcommands {
                #expect(entry.contains("'\(sub.name):"), "zsh: \(path) \(sub.name)")
            }
            for option in command.options {
                #expect(entry.contains("'--\(option.name):"), "zsh: \(path) \(option.name)")
            }
        }
        #expect(!text.contains("'\(CompleteCommand.spec.name)"))
    }
}
