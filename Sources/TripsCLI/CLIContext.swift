import FoundationEssentials
import Glibc
import OutputText
import SyncHealth
import TripsModel
import TripsStore
import TripsZones

/// Where a command line continues in another process.
package enum HandOff: Sendable, Equatable {
    /// `trips-sync`, which links the HTTP client: `sync`, and `login` (it checks the token).
    case sync
}

/// Everything a command needs from the outside world, injected so tests can pin it:
/// environment, streams, terminal facts, "now", and where the store and bundle live.
package final class CLIContext {
    package let environment: [String: String]
    package let stdout: Output
    package let stderr: Output
    package let stdinIsTerminal: Bool
    package let stdoutIsTerminal: Bool
    package let stderrIsTerminal: Bool
    /// The current instant; `TRIPS_NOW` (ISO-8601) pins it for tests and demos.
    package let now: Date
    /// How wide tables may be (`TerminalWidth`); 80 unless the process says otherwise.
    package var columns = TerminalWidth.fallback
    package var noColorFlag = false
    package var verbose = false
    package var storeLocation: StoreLocation
    /// Set by a command that another executable must run (`trips sync` → `trips-sync`);
    /// `TripsCommandLine.main` execs it once the command line has been checked.
    package var handOff: HandOff?
    package let bundleLocator: BundleLocator
    /// Whether the machine is online, for `trips sync status` (tests pin it).
    package var networkStatus: () -> NetworkStatus = { NetworkStateFiles().status }
    /// Reads one line of user input (nil at end of input).
    package var readLine: () -> String? = { Swift.readLine(strippingNewline: true) }

    package init(
        environment: [String: String], stdout: Output, stderr: Output, stdinIsTerminal: Bool, stdoutIsTerminal: Bool,
        stderrIsTerminal: Bool, now: Date, storeLocation: StoreLocation, bundleLocator: BundleLocator
    ) {
        self.environment = environment
        self.stdout = stdout
        self.stderr = stderr
        self.stdinIsTerminal = stdinIsTerminal
        self.stdoutIsTerminal = stdoutIsTerminal
        self.stderrIsTerminal = stderrIsTerminal
        self.now = now
        self.storeLocation = storeLocation
        self.bundleLocator = bundleLocator
    }

    /// The real process: fd 0/1/2, the process environment and clock.
    package static func process() -> CLIContext {
        let environment = ProcessInfo.processInfo.environment
        // An instant, or a day (`2026-11-26`: its noon UTC, that date across the Americas and Europe).
        let now =
            environment["TRIPS_NOW"].flatMap {
                ISO8601.parse($0)
                    ?? CalendarDay(iso: $0).map {
                        Date(timeIntervalSince1970: $0.start(in: .utc).timeIntervalSince1970 + 43_200)
                    }
            } ?? Date()
        let context = CLIContext(
            environment: environment, stdout: Output(descriptor: 1), stderr: Output(descriptor: 2),
            stdinIsTerminal: isatty(0) == 1, stdoutIsTerminal: isatty(1) == 1, stderrIsTerminal: isatty(2) == 1,
            now: now, storeLocation: StoreLocation(explicitPath: nil, environment: environment),
            bundleLocator: BundleLocator(environment: environment))
        context.columns = TerminalWidth.columns(
            environment: environment, descriptor: 1, isTerminal: context.stdoutIsTerminal)
        return context
    }

    /// Colour for stdout: a terminal, no NO_COLOR (any value), no --no-color, TERM not "dumb".
    package var style: Style {
        Style(enabled: stdoutIsTerminal && colorAllowed)
    }

    package var errorStyle: Style {
        Style(enabled: stderrIsTerminal && colorAllowed)
    }

    private var colorAllowed: Bool {
        !noColorFlag && environment["NO_COLOR"].map(\.isEmpty) ?? true && environment["TERM"] != "dumb"
    }

    /// The user's own zone (TZ), for "today" and `--tz local`.
    package var localZone: ZoneInfo {
        ZoneDatabase.system.local(environment: environment)
    }

    private var openedStore: CanonicalStore?

    /// Held while the store is open, so `trips reset` never swaps it under this run (`StoreUseLock`).
    private var storeUse: StoreUseLock?

    /// How long a run waits for a reset to finish swapping the store in (a second or so).
    static let resetSwapWait = Duration.seconds(30)

    /// The store, opened (and bootstrapped from the bundle on first use) once per run, after
    /// recovering what an interrupted `trips reset` left beside it.
    package func store() throws -> CanonicalStore {
        if let openedStore { return openedStore }
        recoverResetLeftovers()
        let lockExisted = FileManager.default.fileExists(atPath: storeLocation.useLockPath)
        storeUse = try StoreUseLock.shared(
            at: storeLocation.useLockPath, store: storeLocation.storePath, within: Self.resetSwapWait)
        let store: CanonicalStore
        do {
            store = try CanonicalStore.openBootstrapped(at: storeLocation, bundle: bundleLocator)
        } catch {
            // A file trips refuses (another program's database) is left as it was found: without
            // a lock file beside it. No reset swaps a store trips refuses, so none is needed.
            storeUse = nil
            if !lockExisted { unlink(storeLocation.useLockPath) }
            throw error
        }
        // A command reads a few hundred pages at most: a small page cache keeps the process small.
        try? store.database.execute("PRAGMA cache_size = -256")
        if verbose { stderr.line("store: \(storeLocation.storePath)".terminalSafe) }
        openedStore = store
        return store
    }

    /// Ends the run's use of the store: what a writing command changed moves from the WAL into
    /// the store file. Best effort — if another process keeps the WAL busy, the changes stay
    /// safe in it and the next writing command folds them in.
    package func finishStore() {
        try? openedStore?.checkpointIfWritten()
    }

    /// Closes the store (e.g. before `trips reset` replaces it).
    package func closeStore() {
        openedStore = nil
        openedProvider = nil
        storeUse = nil
    }

    /// What an interrupted reset left is recovered, with a line on stderr for each thing done —
    /// only when no reset or sync holds the sync lock (a running reset's build is no leftover).
    private func recoverResetLeftovers() {
        guard ResetLeftovers.present(storeLocation),
            let lock = try? SyncLock.acquire(at: storeLocation.lockPath)
        else { return }
        defer { lock.release() }
        for note in ResetLeftovers.recover(storeLocation) { stderr.line(note.terminalSafe) }
    }

    private var openedProvider: DataProvider?

    /// One provider per run, so its team/stadium caches are read once whatever asks.
    package func provider() throws -> DataProvider {
        if let openedProvider { return openedProvider }
        let provider = DataProvider(store: try store())
        openedProvider = provider
        return provider
    }
}
