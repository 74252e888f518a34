import Foundation
import Synchronization
import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Why a `trips-cloud` process could not be started or used.
public enum CloudServerProcessError: Error, Sendable, CustomStringConvertible {
    case executableNotFound(searched: [String])
    case didNotStart(reason: String, log: String)
    case commandFailed(arguments: [String], status: Int32, stderr: String)

    public var description: String {
        switch self {
        case .executableNotFound(let searched):
            return
                "no built trips-cloud found (looked in: \(searched.joined(separator: ", "))); build it or set TRIPS_CLOUD_BINARY"
        case .didNotStart(let reason, let log):
            return "trips-cloud did not start: \(reason)" + (log.isEmpty ? "" : "\n--- server log ---\n\(log)")
        case .commandFailed(let arguments, let status, let stderr):
            return "trips-cloud \(arguments.first ?? "") exited \(status): \(stderr)"
        }
    }
}

/// The result of running a `trips-cloud` command to completion.
public struct CloudToolResult: Sendable, Hashable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
}

/// A `trips-cloud serve` running as a real child process on a free loopback port, for tests,
/// benchmarks and demos. It is always stopped: by `stop()`, by `deinit`, and — should this
/// process die without either — by the server itself, which exits when its stdin (a pipe held
/// here) reaches end of file. So no server outlives the test run that started it.
///
/// The child is a `WatchedProcess` (posix_spawn, reaped by a thread of its own): Foundation's
/// `Process` learns of exits on one manager thread and stalled tests' waits for a minute under
/// the full suite. `@unchecked Sendable`: `stopped` is atomic, `child` is thread-safe.
public final class CloudServerProcess: @unchecked Sendable {
    /// `http://127.0.0.1:PORT`.
    public let url: URL
    public let container: String
    public let apiToken: String
    public let adminToken: String
    /// The server-to-server key the server made and registered at start (`serve --make-key`):
    /// tests and benchmarks write public records signed with it, as a publisher writes to
    /// CloudKit. Its private PEM file lies in `directory`.
    public let serverKeyID: String
    public let serverPrivateKey: URL
    /// The server's SQLite file (inside `directory` unless given).
    public let databaseURL: URL
    /// The server's stderr (one line per request), written by the server itself.
    public let logURL: URL
    /// A private scratch folder, removed by `stop()`.
    public let directory: URL
    public let executable: URL

    private let child: WatchedProcess
    private let stopped = Atomic(false)

    /// Starts `trips-cloud serve --port 0` and waits for its JSON line.
    ///
    /// - Parameters:
    ///   - data: the `Data/` folder to seed the public database from; nil starts it empty
    ///     (`--no-data`). `CloudServerProcess.repositoryData` is the repository's bundle.
    ///   - pageLimit: `--page-limit` (records per query page).
    ///   - extraArguments: more `serve` flags (fault injection, tokens, `--container` …).
    ///   - database: the SQLite file; default a new one in a scratch folder.
    ///   - executable: default the `trips-cloud` built beside the running executable.
    public static func start(
        data: URL? = nil, pageLimit: Int? = nil, extraArguments: [String] = [], database: URL? = nil,
        executable: URL? = nil, timeout: TimeInterval = 60
    ) async throws -> CloudServerProcess {
        let binary = try executable ?? locateExecutable()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "trips-cloud-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let databaseURL = database ?? directory.appendingPathComponent("cloud.sqlite")

        let logURL = directory.appendingPathComponent("server.log")
        let keyURL = directory.appendingPathComponent("harness-key.pem")
        var arguments = [
            "serve", "--port", "0", "--db", databaseURL.path, "--exit-with-stdin", "--make-key", keyURL.path,
        ]
        if let data { arguments += ["--data", data.path] } else { arguments.append("--no-data") }
        if let pageLimit { arguments += ["--page-limit", String(pageLimit)] }
        arguments += extraArguments

        let child: WatchedProcess
        do {
            child = try WatchedProcess(binary, arguments, input: .open, errorFile: logURL)
        } catch {
            try? FileManager.default.removeItem(at: directory)
            throw CloudServerProcessError.didNotStart(reason: "\(error)", log: "")
        }
        let line: String
        do {
            line = try await child.nextLine("its JSON line", within: .seconds(timeout))
        } catch {
            child.kill()
            _ = try? await child.exit(within: .seconds(5))
            let log = (try? String(contentsOf: logURL, encoding: .utf8)) ?? ""
            try? FileManager.default.removeItem(at: directory)
            throw CloudServerProcessError.didNotStart(reason: "no JSON line on stdout: \(error)", log: log)
        }
        guard let announcement = try? JSONDecoder().decode(Announcement.self, from: Data(line.utf8)),
            let url = URL(string: announcement.url), announcement.keyID != nil
        else {
            child.kill()
            try? FileManager.default.removeItem(at: directory)
            let log = (try? String(contentsOf: logURL, encoding: .utf8)) ?? ""
            throw CloudServerProcessError.didNotStart(reason: "not its JSON line: \(line)", log: log)
        }
        return CloudServerProcess(
            url: url, announcement: announcement, privateKey: keyURL, databaseURL: databaseURL, logURL: logURL,
            directory: directory, executable: binary, child: child)
    }

    private struct Announcement: Decodable {
        var url: String
        var container: String
        var apiToken: String
        /// Absent when the operator supplied it (`--admin-token-file`): `serve` never echoes it.
        var adminToken: String?
        var keyID: String?
    }

    private init(
        url: URL, announcement: Announcement, privateKey: URL, databaseURL: URL, logURL: URL, directory: URL,
        executable: URL, child: WatchedProcess
    ) {
        self.url = url
        container = announcement.container
        apiToken = announcement.apiToken
        adminToken = announcement.adminToken ?? ""
        serverKeyID = announcement.keyID ?? ""
        serverPrivateKey = privateKey
        self.databaseURL = databaseURL
        self.logURL = logURL
        self.directory = directory
        self.executable = executable
        self.child = child
    }

    deinit { stop() }

    /// The process id, e.g. to check it is gone after `stop()`.
    public var processIdentifier: Int32 { child.pid }

    public var isRunning: Bool { child.isRunning }

    /// Stops the server (SIGTERM, then SIGKILL after 5 s), waits for it to be reaped (at most 5 s
    /// more) and removes the scratch folder. Safe to call more than once. Synchronous (it runs in
    /// `deinit` and in `defer`), but never waits past its deadlines; the wait is on the child's
    /// own reaper thread, so it needs no pool thread to end.
    public func stop() {
        guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
        child.closeInput()
        if child.isRunning { child.signal(SIGTERM) }
        if (try? child.blockingExit(within: .seconds(5))) == nil {
            _ = try? child.blockingExit(within: .seconds(5))  // the first wait killed it
        }
        try? FileManager.default.removeItem(at: directory)
    }

    /// What the server has logged (its stderr, one line per request) so far.
    public var log: String { (try? String(contentsOf: logURL, encoding: .utf8)) ?? "" }

    /// Adds a user to the server's database; answers the web auth token.
    public func addUser(_ name: String) throws -> String {
        let result = try run(addUserArguments(name))
        guard result.status == 0 else {
            throw CloudServerProcessError.commandFailed(
                arguments: ["user", "add"], status: result.status, stderr: result.stderr)
        }
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Runs an admin command against this server over HTTP (`trips-cloud admin … --url …`),
    /// signed with the server key.
    public func admin(_ arguments: [String]) throws -> CloudToolResult {
        try run(adminArguments(arguments))
    }

    /// The `trips-cloud` arguments of an admin command against this server, signed with the
    /// server key (for callers that run the executable themselves, e.g. awaiting it in a test).
    public func adminArguments(_ arguments: [String]) -> [String] {
        ["admin"] + arguments + [
            "--url", url.absoluteString, "--key-id", serverKeyID, "--private-key", serverPrivateKey.path,
            "--container", container,
        ]
    }

    /// The `trips-cloud` arguments that add a user to this server's database.
    public func addUserArguments(_ name: String) -> [String] { ["user", "add", name, "--db", databaseURL.path] }

    /// Runs `trips-cloud` with these arguments to completion.
    public func run(_ arguments: [String]) throws -> CloudToolResult {
        try CloudServerProcess.run(executable, arguments)
    }

    /// Runs `trips-cloud` to completion, blocking the calling thread — but for at most `timeout`
    /// seconds: then the command is killed and this throws. The child is reaped by a thread of
    /// its own, so the wait never depends on another pool thread.
    public static func run(_ executable: URL, _ arguments: [String], timeout: TimeInterval = 120) throws
        -> CloudToolResult
    {
        let child = try WatchedProcess(executable, arguments)
        do {
            let exit = try child.blockingExit(within: .seconds(timeout))
            return CloudToolResult(status: exit.status, stdout: exit.stdout, stderr: exit.stderr)
        } catch {
            throw CloudServerProcessError.commandFailed(
                arguments: arguments, status: -1, stderr: "did not finish within \(timeout) s (killed)")
        }
    }

    // MARK: The same, awaited (async callers hold no pool thread while the command runs)

    /// `addUser` for async callers.
    public func addUser(_ name: String) async throws -> String {
        let result = try await run(addUserArguments(name))
        guard result.status == 0 else {
            throw CloudServerProcessError.commandFailed(
                arguments: ["user", "add"], status: result.status, stderr: result.stderr)
        }
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// `admin` for async callers.
    public func admin(_ arguments: [String]) async throws -> CloudToolResult {
        try await run(adminArguments(arguments))
    }

    /// `run` for async callers.
    public func run(_ arguments: [String]) async throws -> CloudToolResult {
        try await CloudServerProcess.run(executable, arguments)
    }

    /// `run` for async callers: awaits the command's exit, at most `timeout` seconds.
    public static func run(_ executable: URL, _ arguments: [String], timeout: TimeInterval = 120) async throws
        -> CloudToolResult
    {
        let child = try WatchedProcess(executable, arguments)
        do {
            let exit = try await child.exit(within: .seconds(timeout))
            return CloudToolResult(status: exit.status, stdout: exit.stdout, stderr: exit.stderr)
        } catch {
            throw CloudServerProcessError.commandFailed(
                arguments: arguments, status: -1, stderr: "did not finish within \(timeout) s (killed)")
        }
    }

    // MARK: Finding things

    /// The repository's `Data/` bundle (development builds), or nil when it is missing.
    public static var repositoryData: URL? {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let data = root.appendingPathComponent("Data")
        return FileManager.default.fileExists(atPath: data.appendingPathComponent("manifest.json").path) ? data : nil
    }

    /// `$TRIPS_CLOUD_BINARY`, else `trips-cloud` beside the running executable (the test
    /// bundle or benchmark in `.build/<config>/`).
    public static func locateExecutable() throws -> URL {
        var candidates: [URL] = []
        if let explicit = ProcessInfo.processInfo.environment["TRIPS_CLOUD_BINARY"], !explicit.isEmpty {
            candidates.append(URL(fileURLWithPath: explicit))
        }
        for base in [Bundle.main.executableURL, URL(fileURLWithPath: CommandLine.arguments[0])].compactMap({ $0 }) {
            var folder = base.resolvingSymlinksInPath().deletingLastPathComponent()
            // An .xctest bundle directory (macOS) keeps its binary deeper inside.
            while folder.path.contains(".xctest") { folder = folder.deletingLastPathComponent() }
            candidates.append(folder.appendingPathComponent("trips-cloud"))
        }
        if let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) {
            return found
        }
        throw CloudServerProcessError.executableNotFound(searched: candidates.map(\.path))
    }
}
