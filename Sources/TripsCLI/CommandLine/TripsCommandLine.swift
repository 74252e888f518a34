import ArgumentParsing
import FoundationEssentials
import Glibc
import OutputText
import TripsModel
import TripsRender
import TripsStore

/// The `trips` program: parses the command line, runs one command, maps any error to an exit
/// code and a one-line message. `main.swift` only calls `TripsCommandLine.main()`.
public enum TripsCommandLine {
    /// The whole command line as one tree: parsing, `--help` and dispatch all read it.
    package static let root = tree(commands)

    /// The commands of `trips`, in help order, each spec built only when a tree asks for it:
    /// building them all (typed options are generic values the runtime instantiates) is a fair
    /// part of a browse command's start-up.
    static let commands: [(name: String, spec: @Sendable () -> TripsCommandSpec)] = [
        ("games", { GamesCommand.spec }), ("teams", { TeamsCommand.spec }), ("stadiums", { StadiumsCommand.spec }),
        ("seasons", { SeasonsCommand.spec }), ("standings", { StandingsCommand.spec }), ("plan", { PlanCommand.spec }),
        ("export", { ExportCommand.spec }), ("saved", { SavedCommand.spec }), ("favorites", { FavoritesCommand.spec }),
        ("next", { NextCommand.spec }),
        ("visited", { VisitedCommand.spec }),
        ("login", { LoginCommand.login }), ("logout", { LoginCommand.logout }),
        ("reset", { ResetCommand.spec }), ("sync", { SyncHandOff.spec }), ("config", { ConfigCommand.spec }),
        ("debug", { DebugCommand.spec }), ("completions", { CompletionsCommand.spec }),
        ("man", { ManualCommand.spec }), ("__complete", { CompleteCommand.spec }),
    ]

    static func tree(_ commands: [(name: String, spec: @Sendable () -> TripsCommandSpec)]) -> TripsCommandSpec {
        TripsCommandSpec(
            name: "trips", summary: "Plan trips around games — whole seasons offline, synced from the cloud.",
            usage: "<command> [options]", subcommands: commands.map { $0.spec() })
    }

    /// The tree `arguments` needs when they name commands and ask for no help: only the commands
    /// named among them (a word that is an option's value costs one spec too much, never a
    /// wrong parse: a command it omits is one the line does not name). Nil: use `root`. A line
    /// this tree cannot parse or run is run again against `root`, so errors and suggestions are
    /// the whole tree's.
    static func tree(for arguments: [String]) -> TripsCommandSpec? {
        guard !arguments.isEmpty, !arguments.contains(where: { ["-h", "--help", "help"].contains($0) }) else {
            return nil
        }
        let words = Set(arguments)
        let named = commands.filter { words.contains($0.name) }
        return named.isEmpty ? nil : tree(named)
    }

    package static func parser(_ root: TripsCommandSpec = root) -> ArgumentParser<CLIContext> {
        ArgumentParser(root: root, globalOptions: GlobalOptions.all)
    }

    /// Runs the real process and exits with the command's status.
    @MainActor
    public static func main() async -> Never {
        await main(root: nil)
    }

    /// The process entry point for a tree: `trips-sync` passes `root` with the real `sync` (and
    /// its reading of the `arguments`); nil is `trips`'s own, built only as far as the command
    /// line needs (`tree(for:)`).
    /// A command that hands off (`trips sync` in `trips`) is exec'd here, after `run` returned,
    /// so `run` itself never leaves the process.
    @MainActor
    package static func main(root: TripsCommandSpec?, arguments: [String]? = nil) async -> Never {
        unblockInterruptSignals()
        let context = CLIContext.process()
        let arguments = arguments ?? Array(CommandLine.arguments.dropFirst())
        var status: Int32
        if let root {
            status = await run(arguments, context: context, root: root)
        } else if let small = tree(for: arguments) {
            status = await run(arguments, context: context, root: small, fallback: { Self.root })
        } else {
            status = await run(arguments, context: context, root: Self.root)
        }
        context.finishStore()
        if status == ExitStatus.ok, context.handOff != nil {
            // Returns only when the exec failed.
            status = report(SyncDelegation.execute(context: context), context: context)
        }
        context.stdout.flush()
        if let reason = context.stdout.writeFailure, status == ExitStatus.ok {
            status = report(FileWriter.WriteError.cannotWrite(path: "the output", reason: reason), context: context)
        }
        context.stderr.flush()
        exit(status)
    }

    /// Runs one command line against a context; answers the exit status.
    @MainActor
    /// With a `fallback`, a line `root` cannot parse, or that names no command to run, is run
    /// against `fallback` instead (see `tree(for:)`).
    package static func run(
        _ arguments: [String], context: CLIContext, root: TripsCommandSpec = root,
        fallback: (() -> TripsCommandSpec)? = nil
    ) async -> Int32 {
        let parser = parser(root)
        do {
            let args: ParsedArguments
            do {
                args = try parser.parse(arguments)
            } catch {
                guard let fallback else { throw error }
                return await run(arguments, context: context, root: fallback())
            }
            if let fallback, root.command(at: args.commandPath).action == nil {
                return await run(arguments, context: context, root: fallback())
            }
            if try applyGlobalOptions(args, context) { return ExitStatus.ok }
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

    /// `--no-color`, `--verbose` and `--store` set on the context; true when `--version` was
    /// asked and answered (nothing else runs).
    @MainActor
    private static func applyGlobalOptions(_ args: ParsedArguments, _ context: CLIContext) throws -> Bool {
        context.noColorFlag = try args.read(GlobalOptions.noColor)
        context.verbose = try args.read(GlobalOptions.verbose)
        if let store = try args.read(GlobalOptions.store) {
            context.storeLocation = StoreLocation(storePath: store)
        }
        guard try args.read(GlobalOptions.version) else { return false }
        context.stdout.line("trips \(TripsVersion.number)")
        if context.verbose { context.stdout.write(Credits.text(context)) }
        return true
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
