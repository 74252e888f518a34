import ArgumentParsing
import FoundationEssentials
import Glibc
import InputText
import OutputText
import TripsModel
import TripsStore

/// `trips reset`: replace the local store with one rebuilt from the bundled data — the fix for
/// a damaged store. Asks first on a terminal; elsewhere it needs `--yes`. Only a trips store
/// (damaged or not) is replaced. The new store is built beside the old one, the user's own data
/// (saved trips, favourites, visits, with their unsynced changes) carried into it unless
/// `--discard-my-data` says otherwise, and only then renamed over the old one in one step: an
/// interruption at any moment leaves the old store as it was or the new one complete. If the
/// user's data cannot be carried, the old store is kept as `<store>.bak`.
struct ResetCommand: TripsCommand {
    enum Options {
        static let yes = Option<Bool>.flag("yes", short: "y", "Do not ask for confirmation")
        static let discardMyData = Option<Bool>.flag(
            "discard-my-data", "Also delete your saved trips, favourites and visits (kept otherwise)")
    }

    static let spec = TripsCommandSpec(
        name: "reset", summary: "Rebuild the local store from the bundled data (asks for confirmation)",
        discussion: """
            Builds a new store from the bundled snapshot beside the old one (STORE.reset-new),
            carries your saved trips, favourites and visits into it, with their pending changes,
            unless you give --discard-my-data, and only then puts it in the old one's place in one
            step: interrupted at any moment, it leaves the old store as it was. Refuses a file that
            is not a trips store, and waits for no sync: while one runs it changes nothing. If
            your data cannot be read from the old store, the old store is kept as STORE.bak. The
            next run of trips deletes what an interrupted reset left and carries over what only
            a STORE.bak holds. Synced changes are fetched again by the next `trips sync`; the
            prompt names what exists only on this device.
            """,
        options: [Options.yes, Options.discardMyData],
        action: action)

    var confirmed: Bool
    var discardMyData: Bool

    init(_ arguments: ParsedArguments, context: CLIContext) throws {
        confirmed = try arguments.read(Options.yes)
        discardMyData = try arguments.read(Options.discardMyData)
    }

    /// How long the swap waits for other trips processes to close the store.
    static let swapWait = Duration.seconds(30)

    func run(_ context: CLIContext) throws {
        let location = context.storeLocation
        let path = location.storePath
        if case .foreign(let reason) = try StoreFileKind.of(path: path) {
            throw InputError.refused(
                "refusing to reset \(path): it is not a trips store (\(reason)) — move it away or choose another --store"
            )
        }
        context.closeStore()
        guard try confirm(path, context) else {
            context.stdout.line("Nothing changed.")
            return
        }
        let bundle = try context.bundleLocator.locate()  // fail before building anything
        try location.createFolder()
        // No sync writes to the old store while the new one is built: its edits would be lost.
        let lock: SyncLock
        do {
            lock = try SyncLock.acquire(at: location.lockPath)
        } catch {
            throw SyncLockRefusal(error, retry: "trips reset")
        }
        defer { lock.release() }
        for note in ResetLeftovers.recover(location) { context.stderr.line(note.terminalSafe) }
        if StoreFiles.exists(location.backupPath) {
            context.stderr.line(
                "note: \(location.backupPath), left by an earlier `trips reset`, is kept: what it holds cannot be carried into \(path); delete it once you no longer need it"
                    .terminalSafe)
        }
        let swap: Swap
        do {
            swap = try replaceStore(location, bundle: bundle)
        } catch {
            try? StoreFiles.remove(location.resetBuildPath)
            throw error
        }
        say(swap, path: path, context)
    }

    /// `--yes`, or yes to the question on a terminal (which says what is kept); refused without
    /// either, since nothing else may stand in for the fan's consent.
    private func confirm(_ path: String, _ context: CLIContext) throws -> Bool {
        guard !confirmed else { return true }
        guard context.stdinIsTerminal else {
            throw InputError.refused("refusing to reset \(path) without confirmation — run `trips reset --yes`")
        }
        context.stdout.write(
            "This replaces \(path.terminalSafe) with a store rebuilt from the bundled data. "
                + userDataNote(Self.inventory(at: path)) + "Continue? [y/N] ")
        context.stdout.flush()
        guard let answer = context.readLine() else { throw Interrupted() }
        return ["y", "yes"].contains(answer.trimmed.lowercased())
    }

    /// What the rebuild did, and where the old store is kept when the user's data could not be
    /// carried.
    private func say(_ swap: Swap, path: String, _ context: CLIContext) {
        context.stdout.line("Rebuilt \(path.terminalSafe) from the bundled data (\(swap.games) games).")
        if let kept = swap.keptAs {
            let why = swap.carryError.map {
                "your saved trips, favourites and visits could not be read from the old store (\($0))"
            }
            context.stderr.line(
                "note: \(why ?? "the old store could not be read whole"); it is kept as \(kept)".terminalSafe)
        } else if swap.carried, let kept = swap.inventory.flatMap({ UserDataInventory.phrase($0.live) }) {
            context.stdout.line("Kept your \(kept).")
        }
    }

    /// What the swap did, for the messages.
    private struct Swap {
        var games: Int
        /// What the old store held, when it could be read.
        var inventory: UserDataInventory?
        var carried = false
        var carryError: (any Error)?
        /// Where the old store is kept, when it is.
        var keptAs: String?
    }

    /// Builds the new store beside the old one, carries the user's data into it, makes both
    /// self-contained and renames the new one over the old: each step leaves the old store whole.
    private func replaceStore(_ location: StoreLocation, bundle: URL) throws -> Swap {
        let path = location.storePath
        let build = location.resetBuildPath
        var swap = Swap(games: try Self.build(at: build, from: bundle))
        // The long part is done; from here to the rename no other trips has the store open.
        let use = try StoreUseLock.exclusive(at: location.useLockPath, store: path, within: Self.swapWait)
        defer { use.release() }
        let kind = try StoreFileKind.of(path: path)
        swap.inventory = Self.inventory(at: path)
        if !discardMyData, [.tripsStore, .damagedDatabase].contains(kind), swap.inventory?.isEmpty != true {
            do {
                try CanonicalStore(location: .file(build)).adoptUserData(from: path)
                swap.carried = true
            } catch {
                swap.carryError = error
            }
        }
        try StoreFiles.makeSelfContained(build)
        if kind != .absent {
            // Its WAL folded in and gone, so no companion of the old store pairs with the new file.
            var whole = true
            do {
                try StoreFiles.makeSelfContained(path)
            } catch let error as StoreError where error.kind == .temporary {
                throw error  // another program keeps it open: nothing changed, try again
            } catch {
                whole = false  // damaged: then its WAL goes with it into the backup
            }
            if swap.carryError != nil || (!whole && !discardMyData) {
                let backup = StoreFiles.unusedName(location.backupPath)
                try StoreFiles.keepCopy(of: path, as: backup)
                swap.keptAs = backup
            }
            try StoreFiles.removeCompanions(path)
        }
        try StoreFiles.replace(path, with: build)
        return swap
    }

    /// Builds a store from the bundle at `build` (from nothing: a leftover there is deleted) and
    /// closes it; answers its games.
    private static func build(at build: String, from bundle: URL) throws -> Int {
        try StoreFiles.remove(build)
        let store = try CanonicalStore.openBootstrapped(
            at: StoreLocation(storePath: build), bundle: BundleLocator(environment: ["TRIPS_DATA": bundle.path]))
        try store.checkpointIfWritten()
        return try store.liveCount(.game)
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
}
