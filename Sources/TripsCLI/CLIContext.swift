import Foundation
import TripsStore

/// Everything a command needs from the outside world, injected so tests can pin it:
/// environment, streams, terminal facts, "now", and where the store and bundle live.
final class CLIContext {
    let environment: [String: String]
    let stdout: Output
    let stderr: Output
    let stdinIsTerminal: Bool
    let stdoutIsTerminal: Bool
    let stderrIsTerminal: Bool
    /// The current instant; `TRIPS_NOW` (ISO-8601) pins it for tests and demos.
    let now: Date
    var noColorFlag = false
    var verbose = false
    var storeLocation: StoreLocation
    let bundleLocator: BundleLocator
    /// Reads one line of user input (nil at end of input).
    var readLine: () -> String? = { Swift.readLine(strippingNewline: true) }

    init(
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
    static func process() -> CLIContext {
        let environment = ProcessInfo.processInfo.environment
        let now = environment["TRIPS_NOW"].flatMap { ISO8601DateFormatter().date(from: $0) } ?? Date()
        return CLIContext(
            environment: environment, stdout: Output(descriptor: 1), stderr: Output(descriptor: 2),
            stdinIsTerminal: isatty(0) == 1, stdoutIsTerminal: isatty(1) == 1, stderrIsTerminal: isatty(2) == 1,
            now: now, storeLocation: StoreLocation(explicitPath: nil, environment: environment),
            bundleLocator: BundleLocator(environment: environment))
    }

    /// Colour for stdout: a terminal, no NO_COLOR (any value), no --no-color, TERM not "dumb".
    var style: Style {
        Style(enabled: stdoutIsTerminal && colorAllowed)
    }

    var errorStyle: Style {
        Style(enabled: stderrIsTerminal && colorAllowed)
    }

    private var colorAllowed: Bool {
        !noColorFlag && environment["NO_COLOR"].map(\.isEmpty) ?? true && environment["TERM"] != "dumb"
    }

    /// The user's own zone (TZ), for "today" and `--tz local`.
    var localTimeZone: TimeZone {
        environment["TZ"].flatMap { TimeZone(identifier: $0.hasPrefix(":") ? String($0.dropFirst()) : $0) }
            ?? TimeZone.current
    }

    private var openedStore: CanonicalStore?

    /// The store, opened (and bootstrapped from the bundle on first use) once per run.
    func store() throws -> CanonicalStore {
        if let openedStore { return openedStore }
        let store = try CanonicalStore.openBootstrapped(at: storeLocation, bundle: bundleLocator)
        openedStore = store
        return store
    }

    /// Closes the store (e.g. before `trips reset` deletes it).
    func closeStore() { openedStore = nil }

    func provider() throws -> DataProvider { DataProvider(store: try store()) }
}
