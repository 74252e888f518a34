import CloudKitWeb
import Foundation
import TripsModel
import TripsStore

/// The `trips` program: parses the command line, runs one command, maps any error to an exit
/// code and a one-line message. `main.swift` only calls `TripsCommandLine.main()`.
public enum TripsCommandLine {
    /// A command's handler: parsed arguments in, output through the context.
    package typealias Handler = @MainActor (ParsedArguments, CLIContext) async throws -> Void

    static let root = CommandSpec(
        name: "trips", summary: "Plan trips around games — whole seasons offline, synced from the cloud.",
        usage: "<command> [options]",
        subcommands: [
            GamesCommand.spec, TeamsCommand.spec, StadiumsCommand.spec, SeasonsCommand.spec, PlanCommand.spec,
            ExportCommand.spec,
            ResetCommand.spec, SyncCommandSpec.spec, ConfigCommand.spec, DebugCommand.spec,
        ])

    static let handlers: [String: Handler] = [
        "games": { try GamesCommand.run($0, $1) },
        "teams": { try TeamsCommand.run($0, $1) },
        "stadiums": { try StadiumsCommand.run($0, $1) },
        "seasons": { try SeasonsCommand.run($0, $1) },
        "plan": { try PlanCommand.run($0, $1) },
        "export": { try ExportCommand.run($0, $1) },
        "reset": { try ResetCommand.run($0, $1) },
        "sync": { _, context in try SyncDelegation.execute(context: context) },
        "config get": { try ConfigCommand.get($0, $1) },
        "config set": { try ConfigCommand.set($0, $1) },
        "config unset": { try ConfigCommand.unset($0, $1) },
        "config list": { try ConfigCommand.list($0, $1) },
        "debug checksum": { try DebugCommand.checksum($0, $1) },
    ]

    /// Runs the real process and exits with the command's status.
    @MainActor
    public static func main() async -> Never {
        await main(overrides: [:])
    }

    /// The process entry point with some handlers replaced: `trips-sync` runs the same command
    /// line with the real `sync` handler.
    @MainActor
    package static func main(overrides: [String: Handler]) async -> Never {
        unblockInterruptSignals()
        let context = CLIContext.process()
        let status = await run(Array(CommandLine.arguments.dropFirst()), context: context, overrides: overrides)
        context.finishStore()
        context.stdout.flush()
        context.stderr.flush()
        exit(status)
    }

    /// Runs one command line against a context; answers the exit status.
    @MainActor
    static func run(_ arguments: [String], context: CLIContext, overrides: [String: Handler] = [:]) async -> Int32 {
        let handlers = self.handlers.merging(overrides) { _, override in override }
        let parser = ArgumentParser(root: root)
        do {
            let args = try parser.parse(arguments)
            context.noColorFlag = args.has("no-color")
            context.verbose = args.has("verbose")
            if let store = args.value("store") { context.storeLocation = StoreLocation(storePath: store) }
            if args.has("version") {
                context.stdout.line("trips \(TripsVersion.number)")
                if context.verbose { context.stdout.write(Credits.text(context)) }
                return ExitStatus.ok
            }
            let command = parser.command(at: args.commandPath)
            if args.has("help") || arguments.isEmpty {
                context.stdout.write(HelpText.render(command, path: args.commandPath))
                return ExitStatus.ok
            }
            // A command group (`trips debug`) or options alone (`trips --verbose`) name nothing to run.
            guard let handler = handlers[args.commandPath.joined(separator: " ")] else {
                throw args.error(.missingCommand(among: command.subcommands.map(\.name)))
            }
            try await handler(args, context)
            return ExitStatus.ok
        } catch {
            let report = ExitStatus.report(error)
            // Messages echo user input, names from the store and server reasons: hide anything
            // credential-shaped and escape what a terminal would obey.
            let message = SecretRedaction.redact(report.message).terminalSafe
            context.stderr.line("trips: " + context.errorStyle.red(message))
            if let detail = report.detail { context.stderr.line(TerminalText.escape(detail, keepingLineBreaks: true)) }
            return report.code
        }
    }
}

/// A parent may start us with signals blocked (threads of test runners and daemons block
/// them, and the mask is inherited across exec); Ctrl-C and SIGTERM must still reach us.
func unblockInterruptSignals() {
    var set = sigset_t()
    sigemptyset(&set)
    for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] { sigaddset(&set, signal) }
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
}

/// `trips --version --verbose`: where the data comes from and whom to credit.
enum Credits {
    static func text(_ context: CLIContext) -> String {
        guard let directory = try? context.bundleLocator.locate(),
            let notice = try? String(contentsOf: directory.appendingPathComponent("NOTICE"), encoding: .utf8)
        else { return "bundled data: not found\n" }
        return "bundled data: \(directory.path)\n\n" + notice
    }
}
