import ArgumentParsing
import CloudKitWeb
import Foundation
import TripsModel
import TripsStore

/// The `trips` program: parses the command line, runs one command, maps any error to an exit
/// code and a one-line message. `main.swift` only calls `TripsCommandLine.main()`.
public enum TripsCommandLine {
    /// The whole command line as one tree: parsing, `--help` and dispatch all read it.
    package static let root = TripsCommandSpec(
        name: "trips", summary: "Plan trips around games — whole seasons offline, synced from the cloud.",
        usage: "<command> [options]",
        subcommands: [
            GamesCommand.spec, TeamsCommand.spec, StadiumsCommand.spec, SeasonsCommand.spec, PlanCommand.spec,
            ExportCommand.spec,
            SavedCommand.spec, FavoritesCommand.spec, VisitedCommand.spec, LoginCommand.login, LoginCommand.logout,
            ResetCommand.spec, SyncHandOff.spec, ConfigCommand.spec, DebugCommand.spec, CompletionsCommand.spec,
            ManualCommand.spec, CompleteCommand.spec,
        ])

    package static func parser(_ root: TripsCommandSpec = root) -> ArgumentParser<CLIContext> {
        ArgumentParser(root: root, globalOptions: GlobalOptions.all)
    }

    /// Runs the real process and exits with the command's status.
    @MainActor
    public static func main() async -> Never {
        await main(root: root)
    }

    /// The process entry point for a tree: `trips-sync` passes `root` with the real `sync`.
    /// A command that hands off (`trips sync` in `trips`) is exec'd here, after `run` returned,
    /// so `run` itself never leaves the process.
    @MainActor
    package static func main(root: TripsCommandSpec) async -> Never {
        unblockInterruptSignals()
        let context = CLIContext.process()
        var status = await run(Array(CommandLine.arguments.dropFirst()), context: context, root: root)
        context.finishStore()
        if status == ExitStatus.ok, context.handOff != nil {
            // Returns only when the exec failed.
            status = report(SyncDelegation.execute(context: context), context: context)
        }
        context.stdout.flush()
        context.stderr.flush()
        exit(status)
    }

    /// Runs one command line against a context; answers the exit status.
    @MainActor
    package static func run(_ arguments: [String], context: CLIContext, root: TripsCommandSpec = root) async -> Int32 {
        let parser = parser(root)
        do {
            let args = try parser.parse(arguments)
            context.noColorFlag = try args.read(GlobalOptions.noColor)
            context.verbose = try args.read(GlobalOptions.verbose)
            if let store = try args.read(GlobalOptions.store) {
                context.storeLocation = StoreLocation(storePath: store)
            }
            if try args.read(GlobalOptions.version) {
                context.stdout.line("trips \(TripsVersion.number)")
                if context.verbose { context.stdout.write(Credits.text(context)) }
                return ExitStatus.ok
            }
            let command = root.command(at: args.commandPath)
            if try args.read(GlobalOptions.help) || arguments.isEmpty {
                context.stdout.write(parser.help(for: args.commandPath))
                return ExitStatus.ok
            }
            // A command group (`trips debug`) or options alone (`trips --verbose`) name nothing to run.
            guard let action = command.action else {
                throw args.error(.missingCommand(among: command.visibleSubcommands.map(\.name)))
            }
            try await action(args, context)
            return ExitStatus.ok
        } catch {
            return report(error, context: context)
        }
    }

    /// The error's one line on stderr (and its detail, e.g. the usage); answers its exit status.
    private static func report(_ error: any Error, context: CLIContext) -> Int32 {
        let report = ExitStatus.report(error)
        // Messages echo user input, names from the store and server reasons: hide anything
        // credential-shaped and escape what a terminal would obey.
        let message = SecretRedaction.redact(report.message).terminalSafe
        context.stderr.line("trips: " + context.errorStyle.red(message))
        if let detail = report.detail { context.stderr.line(TerminalText.escape(detail, keepingLineBreaks: true)) }
        return report.code
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
