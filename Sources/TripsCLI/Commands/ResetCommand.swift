import ArgumentParsing
import FoundationEssentials
import Glibc
import InputText
import TripsModel
import TripsStore

/// `trips reset`: replace the local store with one rebuilt from the bundled data — the fix for
/// a damaged store. Asks first on a terminal; elsewhere it needs `--yes`. Only a trips store
/// (damaged or not) is replaced, and the old one is kept as `<store>.bak` until the new one is
/// complete, so a failed or interrupted rebuild never leaves the user with nothing.
struct ResetCommand: TripsCommand {
    enum Options {
        static let yes = Option<Bool>.flag("yes", short: "y", "Do not ask for confirmation")
    }

    static let spec = TripsCommandSpec(
        name: "reset", summary: "Rebuild the local store from the bundled data (asks for confirmation)",
        discussion: """
            Replaces the store file with the bundled snapshot, imported again; the old store is
            kept as STORE.bak until the new one is complete. Refuses a file that is not a trips
            store. Synced changes are fetched again by the next `trips sync`.
            """,
        options: [Options.yes],
        action: action)

    var confirmed: Bool

    init(_ arguments: ParsedArguments, context: CLIContext) throws {
        confirmed = try arguments.read(Options.yes)
    }

    /// The store's companion files: SQLite finds a database's WAL and journal by these suffixes.
    static let companions = ["", "-wal", "-shm", "-journal"]

    func run(_ context: CLIContext) throws {
        let path = context.storeLocation.storePath
        if case .foreign(let reason) = try StoreFileKind.of(path: path) {
            throw InputError.refused(
                "refusing to reset \(path): it is not a trips store (\(reason)) — move it away or choose another --store"
            )
        }
        if !confirmed {
            guard context.stdinIsTerminal else {
                throw InputError.refused("refusing to reset \(path) without confirmation — run `trips reset --yes`")
            }
            context.stdout.write(
                "This replaces \(path.terminalSafe) with a store rebuilt from the bundled data. Continue? [y/N] ")
            context.stdout.flush()
            guard let answer = context.readLine() else { throw Interrupted() }
            guard ["y", "yes"].contains(answer.trimmed.lowercased()) else {
                context.stdout.line("Nothing changed.")
                return
            }
        }
        context.closeStore()
        let bundle = try context.bundleLocator.locate()  // fail before moving anything
        let backup = path + ".bak"
        try Self.move(path, to: backup)
        let games: Int
        do {
            let store = try CanonicalStore.openBootstrapped(
                at: context.storeLocation, bundle: BundleLocator(environment: ["TRIPS_DATA": bundle.path]))
            try store.checkpointIfWritten()
            games = try store.liveCount(.game)
        } catch {
            try? Self.remove(path)
            try? Self.move(backup, to: path)
            throw error
        }
        try? Self.remove(backup)
        context.stdout.line("Rebuilt \(path.terminalSafe) from the bundled data (\(games) games).")
    }

    /// Renames a database and its companion files (`a` → `b`, `a-wal` → `b-wal`, …), replacing
    /// what is at the destination.
    private static func move(_ source: String, to destination: String) throws {
        try Self.remove(destination)
        for suffix in companions where FileManager.default.fileExists(atPath: source + suffix) {
            guard rename(source + suffix, destination + suffix) == 0 else {
                throw StoreError.notWritable(
                    path: source + suffix, reason: "cannot rename it: \(String(cString: strerror(errno)))")
            }
        }
    }

    private static func remove(_ database: String) throws {
        for suffix in companions where FileManager.default.fileExists(atPath: database + suffix) {
            guard unlink(database + suffix) == 0 else {
                throw StoreError.notWritable(path: database + suffix, reason: "cannot delete it")
            }
        }
    }
}
