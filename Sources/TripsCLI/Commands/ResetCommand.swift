import ArgumentParsing
import FoundationEssentials
import Glibc
import InputText
import TripsModel
import TripsStore

/// `trips reset`: replace the local store with one rebuilt from the bundled data — the fix for
/// a damaged store. Asks first on a terminal; elsewhere it needs `--yes`. Only a trips store
/// (damaged or not) is replaced, and the old one is kept as `<store>.bak` until the new one is
/// complete, so a failed or interrupted rebuild never leaves the user with nothing. The user's
/// own data (saved trips, favourites, visits) is carried into the new store unless
/// `--discard-my-data` says otherwise; if it cannot be carried, the backup stays.
struct ResetCommand: TripsCommand {
    enum Options {
        static let yes = Option<Bool>.flag("yes", short: "y", "Do not ask for confirmation")
        static let discardMyData = Option<Bool>.flag(
            "discard-my-data", "Also delete your saved trips, favourites and visits (kept otherwise)")
    }

    static let spec = TripsCommandSpec(
        name: "reset", summary: "Rebuild the local store from the bundled data (asks for confirmation)",
        discussion: """
            Replaces the store file with the bundled snapshot, imported again; the old store is
            kept as STORE.bak until the new one is complete. Refuses a file that is not a trips
            store. Synced changes are fetched again by the next `trips sync`. Your saved trips,
            favourites and visits are kept, with their pending changes, unless you give
            --discard-my-data; the prompt names what exists only on this device.
            """,
        options: [Options.yes, Options.discardMyData],
        action: action)

    var confirmed: Bool
    var discardMyData: Bool

    init(_ arguments: ParsedArguments, context: CLIContext) throws {
        confirmed = try arguments.read(Options.yes)
        discardMyData = try arguments.read(Options.discardMyData)
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
        context.closeStore()
        let inventory = Self.inventory(at: path)
        if !confirmed {
            guard context.stdinIsTerminal else {
                throw InputError.refused("refusing to reset \(path) without confirmation — run `trips reset --yes`")
            }
            context.stdout.write(
                "This replaces \(path.terminalSafe) with a store rebuilt from the bundled data. "
                    + userDataNote(inventory) + "Continue? [y/N] ")
            context.stdout.flush()
            guard let answer = context.readLine() else { throw Interrupted() }
            guard ["y", "yes"].contains(answer.trimmed.lowercased()) else {
                context.stdout.line("Nothing changed.")
                return
            }
        }
        let bundle = try context.bundleLocator.locate()  // fail before moving anything
        let backup = path + ".bak"
        try Self.move(path, to: backup)
        let games: Int
        let store: CanonicalStore
        do {
            store = try CanonicalStore.openBootstrapped(
                at: context.storeLocation, bundle: BundleLocator(environment: ["TRIPS_DATA": bundle.path]))
            try store.checkpointIfWritten()
            games = try store.liveCount(.game)
        } catch {
            try? Self.remove(path)
            try? Self.move(backup, to: path)
            throw error
        }
        context.stdout.line("Rebuilt \(path.terminalSafe) from the bundled data (\(games) games).")
        if !discardMyData, inventory?.isEmpty != true {
            do {
                try store.adoptUserData(from: backup)
                try store.checkpointIfWritten()
            } catch {
                // The store works again (what reset is for); the user's own data stays in the
                // backup, which is therefore kept.
                context.stderr.line(
                    "note: your saved trips, favourites and visits could not be read from the old store (\(error)); it is kept as \(backup.terminalSafe)"
                )
                return
            }
            if let kept = inventory.flatMap({ UserDataInventory.phrase($0.live) }) {
                context.stdout.line("Kept your \(kept).")
            }
        }
        try? Self.remove(backup)
    }

    /// What the user has in the store at `path`; nil when it cannot be read (a damaged store).
    private static func inventory(at path: String) -> UserDataInventory? {
        guard case .tripsStore? = try? StoreFileKind.of(path: path),
            let database = try? CanonicalStore(location: .file(path))
        else { return nil }
        return try? database.userDataInventory()
    }

    /// The prompt's sentence about the user's own data.
    private func userDataNote(_ inventory: UserDataInventory?) -> String {
        guard let inventory else {
            return discardMyData
                ? "Your saved trips, favourites and visits in it are deleted. "
                : "Your saved trips, favourites and visits are carried over if they can be read. "
        }
        guard let live = UserDataInventory.phrase(inventory.live) else { return "" }
        let onlyHere = UserDataInventory.phrase(inventory.onlyHere).map { only in
            let count = inventory.onlyHere.values.reduce(0, +)
            return " (\(only) \(count == 1 ? "exists" : "exist") only on this device)"
        }
        return discardMyData
            ? "Your \(live) are deleted\(onlyHere ?? ""). "
            : "Your \(live) are kept\(onlyHere ?? ""). "
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
