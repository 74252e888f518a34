import ArgumentParsing
import Foundation
import Testing
import TripsStore

@testable import TripsCLI

/// The command line's contract with its commands: each command reads exactly the options it
/// declares (a declared option that is never read, or a read one that is not declared, fails
/// here), every command with options is a checked type, and `sync` is checked in process
/// before the hand-off to `trips-sync`.
@Suite struct CommandLineContractTests {
    static let commands: [any TripsCommand.Type] = [
        GamesCommand.self, TeamsCommand.self, StadiumsCommand.self, SeasonsCommand.self, StandingsCommand.self,
        PlanCommand.self,
        ExportCommand.self, ResetCommand.self, SyncHandOff.self, SyncStatusCommand.self, ChecksumCommand.self,
        VacuumCommand.self, CompletionsCommand.self, ManualCommand.self, CompleteCommand.self,
        VisitedAddCommand.self, VisitedListCommand.self, SavedExportCommand.self, FavoritesAddCommand.self,
        FavoritesRemoveCommand.self, LoginHandOff.self, SavedReplanCommand.self, NextCommand.self,
    ]

    /// What a command needs on its command line to get through `init` (export must know a format,
    /// completions a shell).
    static let required: [String: [String]] = ["export": ["--format", "json"], "completions": ["bash"]]

    @MainActor
    static func context() async -> (CLIContext, Output, Output) {
        let shared = await TripsProcess.shared.whenBootstrapped()
        let stdout = Output()
        let stderr = Output()
        let data = TripsProcess.root.appendingPathComponent("Data").path
        let context = CLIContext(
            environment: ["TZ": "America/Chicago", "TRIPS_DATA": data], stdout: stdout, stderr: stderr,
            stdinIsTerminal: false, stdoutIsTerminal: false, stderrIsTerminal: false,
            now: Date(timeIntervalSince1970: 1_795_000_000),
            storeLocation: StoreLocation(storePath: shared.store),
            bundleLocator: BundleLocator(environment: ["TRIPS_DATA": data]))
        return (context, stdout, stderr)
    }

    static func path(of type: any TripsCommand.Type) -> [String]? {
        TripsCommandLine.root.walk().first {
            $0.command.name == type.spec.name && $0.command.summary == type.spec.summary
        }?.path
    }

    @MainActor
    @Test(arguments: commands.map { CommandName(type: $0) })
    func aCommandReadsExactlyTheOptionsItDeclares(_ command: CommandName) async throws {
        let path = try #require(Self.path(of: command.type), "\(command) is not in the command tree")
        var arguments = try TripsCommandLine.parser().parse(path + (Self.required[command.type.spec.name] ?? []))
        let log = OptionReadLog()
        arguments.readLog = log
        _ = try await command.type.init(arguments, context: Self.context().0)
        let declared = Set(command.type.spec.options.map(\.name))
        #expect(declared.subtracting(log.names).isEmpty, "declared but never read: \(declared.subtracting(log.names))")
        #expect(log.names.subtracting(declared).isEmpty, "read but not declared: \(log.names.subtracting(declared))")
    }

    /// `--help` lists each option once (plan once listed --time-limit and --explain twice).
    @Test func noCommandDeclaresAnOptionTwice() async {
        for (path, command) in TripsCommandLine.root.walk() {
            let names = command.options.map(\.name)
            #expect(Set(names).count == names.count, "trips \(path.joined(separator: " ")) repeats an option: \(names)")
        }
    }

    @Test func everyCommandWithOptionsIsACheckedType() async {
        let checked = Set(Self.commands.compactMap(Self.path(of:)))
        for (path, command) in TripsCommandLine.root.walk() where command.action != nil && !command.options.isEmpty {
            #expect(checked.contains(path), "trips \(path.joined(separator: " ")) has options but no contract test")
        }
    }

    @MainActor
    @Test func syncIsCheckedInProcessAndOnlyThenHandedOff() async {
        let (bad, _, badErr) = await Self.context()
        #expect(await TripsCommandLine.run(["sync", "--page-size", "0"], context: bad) == ExitStatus.usage)
        #expect(bad.handOff == nil)
        #expect(badErr.captured.contains("invalid value '0' for --page-size"))

        let (good, stdout, _) = await Self.context()
        #expect(await TripsCommandLine.run(["sync", "--full", "--format", "json"], context: good) == ExitStatus.ok)
        #expect(good.handOff == .sync)
        #expect(stdout.captured.isEmpty)

        let (help, helpOut, _) = await Self.context()
        #expect(await TripsCommandLine.run(["sync", "--help"], context: help) == ExitStatus.ok)
        #expect(help.handOff == nil)
        #expect(helpOut.captured.contains("--time-limit SECONDS"))
    }

    /// A command type as a test argument, named for the report.
    struct CommandName: CustomStringConvertible, Sendable {
        var type: any TripsCommand.Type
        var description: String { type.spec.name }
    }
}
