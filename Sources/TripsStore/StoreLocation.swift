import FoundationEssentials
import Glibc
import TripsModel

/// Where the user's store lives (DESIGN §8): `--store PATH`, else `$TRIPS_HOME/trips.sqlite`,
/// with `TRIPS_HOME` defaulting to `$XDG_DATA_HOME/trips` or `~/.local/share/trips`.
/// Configuration and the sync lock sit beside the store.
public struct StoreLocation: Sendable, Hashable {
    public var storePath: String
    /// The store is where `TRIPS_HOME` (or its default) puts it, so its folder may be created.
    /// A folder the user named (`--store`) that does not exist is more likely a typo.
    public var isDefault: Bool

    /// A relative `path` (`--store fresh.sqlite`) is taken against the working directory, so
    /// the folder is never empty and every message names the absolute path.
    public init(storePath: String, isDefault: Bool = false) {
        self.storePath = StoreLocation.absolute(storePath)
        self.isDefault = isDefault
    }

    public init(explicitPath: String?, environment: [String: String] = ProcessInfo.processInfo.environment) {
        if let explicitPath, !explicitPath.isEmpty {
            self.init(storePath: explicitPath)
            return
        }
        self.init(storePath: PathText.appending(StoreLocation.home(environment), "trips.sqlite"), isDefault: true)
    }

    /// `path` with `~` expanded, against the working directory when relative, without `.` and `..`.
    static func absolute(_ path: String) -> String {
        let expanded =
            path.hasPrefix("~")
            ? PathText.expandingTilde(path, home: homeDirectory(ProcessInfo.processInfo.environment)) : path
        return PathText.standardized(expanded, in: FileManager.default.currentDirectoryPath)
    }

    /// The folder holding the store, its config and lock.
    public var directory: String { PathText.deletingLastComponent(storePath) }

    /// `config.json` beside the store (mode 0600: it may hold tokens).
    public var configPath: String { PathText.appending(directory, "config.json") }

    /// The file the one-sync-at-a-time lock is taken on.
    public var lockPath: String { storePath + ".sync-lock" }

    /// The file every process using the store locks shared, and `trips reset` exclusively to swap
    /// the store (`StoreUseLock`).
    public var useLockPath: String { storePath + ".use-lock" }

    /// The device's own feeds database (`trips sync` from the leagues' feeds): a public database
    /// seeded from the bundle, published into, then pulled from. Beside the store, so `--store`
    /// and TRIPS_HOME move it too.
    public var feedsDatabasePath: String { storePath + ".feeds" }

    /// Where `trips reset` builds the new store, beside the old one, before one rename swaps it in.
    public var resetBuildPath: String { storePath + ".reset-new" }

    /// Where `trips reset` keeps the old store when it cannot carry the user's data over (and
    /// where the earlier reset moved it before building the new one).
    public var backupPath: String { storePath + ".bak" }

    /// Creates the store's folder where that is ours to do: `TRIPS_HOME` (or its default) is made
    /// on first use, but a folder named with `--store` must exist.
    public func createFolder() throws(StoreError) {
        if !isDefault, !FileManager.default.fileExists(atPath: directory) {
            throw .missingFolder(path: storePath, folder: directory)
        }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw .notWritable(path: storePath, reason: "cannot create \(directory)")
        }
    }

    static func home(_ environment: [String: String]) -> String {
        if let home = environment["TRIPS_HOME"], !home.isEmpty { return home }
        if let xdg = environment["XDG_DATA_HOME"], !xdg.isEmpty {
            return PathText.appending(xdg, "trips")
        }
        return PathText.appending(homeDirectory(environment), ".local/share/trips")
    }

    /// `HOME`, else the user's entry in the password database (as `NSHomeDirectory()`).
    static func homeDirectory(_ environment: [String: String]) -> String {
        if let home = environment["HOME"], !home.isEmpty { return home }
        return FileManager.default.homeDirectoryForCurrentUser.path
    }
}

extension CanonicalStore {
    /// Opens the user's store, creating its folder, and — the first time — imports the
    /// bundled snapshot so everything works offline from the first run.
    public static func openBootstrapped(at location: StoreLocation, bundle: BundleLocator = BundleLocator()) throws
        -> CanonicalStore
    {
        if isReadOnlyForUs(location.storePath) { return try CanonicalStore(readOnlyAt: location.storePath) }
        try location.createFolder()
        try createPrivately(location.storePath)
        let store = try CanonicalStore(location: .file(location.storePath))
        if !store.hasImportedBundle {
            try store.importBundle(at: try bundle.locate(), onlyIfNeeded: true)
        }
        return store
    }

    /// Whether an existing store is one this process cannot write: the file is read-only to us, or
    /// its folder is and the WAL's `-wal`/`-shm` files cannot be made or written there.
    static func isReadOnlyForUs(_ path: String) -> Bool {
        guard access(path, F_OK) == 0 else { return false }
        if access(path, W_OK) != 0 { return true }
        let folder = PathText.deletingLastComponent(path)
        guard access(folder.isEmpty ? "." : folder, W_OK) != 0 else { return false }
        return !["-wal", "-shm"].allSatisfy { access(path + $0, W_OK) == 0 }
    }

    /// A new store file is created 0600 (SQLite would make it world-readable, and its
    /// `-wal`/`-shm` files copy the store's mode): it holds the user's synced data. SQLite
    /// takes an empty file as a new database.
    private static func createPrivately(_ path: String) throws(StoreError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if fd >= 0 {
            close(fd)
            return
        }
        if errno == EEXIST { return }
        throw StoreError.notWritable(path: path, reason: String(cString: strerror(errno)))
    }
}
