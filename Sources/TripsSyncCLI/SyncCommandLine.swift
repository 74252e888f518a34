import TripsCLI

/// `trips-sync`: the `trips` command line with the real `sync` handler, in the executable that
/// links the HTTP client. Users run it as `trips sync`.
public enum SyncCommandLine {
    @MainActor
    public static func main() async -> Never {
        await TripsCommandLine.main(root: root, arguments: commandLine(Array(CommandLine.arguments.dropFirst())))
    }

    /// `trips-sync` run by hand is `trips sync`: a line that names no command is `sync`'s (its
    /// help and usage errors say "trips sync", `trips-sync --watch` watches), and the bare
    /// program shows `trips sync --help` rather than all of `trips`. `trips` hands off its
    /// own `sync …` and `login …` lines unchanged.
    package static func commandLine(_ arguments: [String]) -> [String] {
        if arguments.isEmpty { return ["sync", "--help"] }
        let commands = Set(root.subcommands.map(\.name))
        return arguments.contains(where: commands.contains) ? arguments : ["sync"] + arguments
    }

    /// `trips`'s command tree with the real `sync` and `login` in place of the hand-offs.
    package static let root = TripsCommandLine.root.replacingAction(at: ["sync"], with: SyncCommand.action)
        .replacingAction(at: ["login"], with: LoginCheck.action)

    /// Runs one command line in process, `sync` included (for tests).
    @MainActor
    package static func run(_ arguments: [String], context: CLIContext) async -> Int32 {
        await TripsCommandLine.run(arguments, context: context, root: root)
    }
}
