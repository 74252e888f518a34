import Foundation

/// Where the user's store lives (DESIGN §8): `--store PATH`, else `$TRIPS_HOME/trips.sqlite`,
/// with `TRIPS_HOME` defaulting to `$XDG_DATA_HOME/trips` or `~/.local/share/trips`.
/// Configuration and the sync lock sit beside the store.
public struct StoreLocation: Sendable, Hashable {
    public var storePath: String

    public init(storePath: String) {
        self.storePath = storePath
    }

    public init(explicitPath: String?, environment: [String: String] = ProcessInfo.processInfo.environment) {
        if let explicitPath, !explicitPath.isEmpty {
            storePath = explicitPath
            return
        }
        storePath = (StoreLocation.home(environment) as NSString).appendingPathComponent("trips.sqlite")
    }

    /// The folder holding the store, its config and lock.
    public var directory: String { (storePath as NSString).deletingLastPathComponent }

    /// `config.json` beside the store (mode 0600: it may hold tokens).
    public var configPath: String { (directory as NSString).appendingPathComponent("config.json") }

    /// The file the one-sync-at-a-time lock is taken on.
    public var lockPath: String { storePath + ".sync-lock" }

    static func home(_ environment: [String: String]) -> String {
        if let home = environment["TRIPS_HOME"], !home.isEmpty { return home }
        if let xdg = environment["XDG_DATA_HOME"], !xdg.isEmpty { return (xdg as NSString).appendingPathComponent("trips") }
        let user = environment["HOME"] ?? NSHomeDirectory()
        return (user as NSString).appendingPathComponent(".local/share/trips")
    }
}

extension CanonicalStore {
    /// Opens the user's store, creating its folder, and — the first time — imports the
    /// bundled snapshot so everything works offline from the first run.
    public static func openBootstrapped(at location: StoreLocation, bundle: BundleLocator = BundleLocator()) throws
        -> CanonicalStore
    {
        do {
            try FileManager.default.createDirectory(atPath: location.directory, withIntermediateDirectories: true)
        } catch {
            throw StoreError.notWritable(path: location.storePath, reason: "cannot create \(location.directory)")
        }
        let store = try CanonicalStore(location: .file(location.storePath))
        if !store.hasImportedBundle {
            try store.importBundle(at: try bundle.locate(), onlyIfNeeded: true)
        }
        return store
    }
}
