import TripsCLI

/// `trips-sync`: the `trips` command line with the real `sync` handler, in the executable that
/// links the HTTP client. Users run it as `trips sync`.
public enum SyncCommandLine {
    @MainActor
    public static func main() async -> Never {
        await TripsCommandLine.main(root: root)
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
