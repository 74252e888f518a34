import Foundation
import Synchronization

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
/// `@unchecked Sendable`: `stopped` is atomic; `Process` and `Pipe` are only used to
/// signal and wait, which are thread-safe.
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
    /// The server's stderr (one line per request).
    public let logURL: URL
    /// A private scratch folder, removed by `stop()`.
    public let directory: URL
    public let executable: URL

    private let process: Process
    private let lifeline: Pipe
    private let stopped = Atomic(false)
    /// Signalled once, by the termination handler, when the server has exited and been reaped.
    private let exited: DispatchSemaphore

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
        _ = FileManager.default.createFile(atPath: logURL.path, contents: nil)

        let keyURL = directory.appendingPathComponent("harness-key.pem")
        var arguments = [
            "serve", "--port", "0", "--db", databaseURL.path, "--exit-with-stdin", "--make-key", keyURL.path,
        ]
        if let data { arguments += ["--data", data.path] } else { arguments.append("--no-data") }
        if let pageLimit { arguments += ["--page-limit", String(pageLimit)] }
        arguments += extraArguments

        let stdout = Pipe.closedOnExec()
        let lifeline = Pipe.closedOnExec()
        let process = child(
            binary, arguments, stdin: lifeline, stdout: stdout, stderr: try FileHandle(forWritingTo: logURL))
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        do {
            try process.run()
        } catch {
            try? FileManager.default.removeItem(at: directory)
            throw CloudServerProcessError.didNotStart(reason: "\(error)", log: "")
        }

        let line: String?
        do {
            line = try await firstLine(of: stdout.fileHandleForReading, process: process, timeout: timeout)
        } catch {
            line = nil
        }
        guard let line, let announcement = try? JSONDecoder().decode(Announcement.self, from: Data(line.utf8)),
            let url = URL(string: announcement.url), announcement.keyID != nil
        else {
            kill(process.processIdentifier, SIGKILL)
            _ = exited.wait(timeout: .now() + 5)
            let log = (try? String(contentsOf: logURL, encoding: .utf8)) ?? ""
            try? FileManager.default.removeItem(at: directory)
            throw CloudServerProcessError.didNotStart(
                reason: "no JSON line on stdout (exit status \(process.terminationStatus))", log: log)
        }
        return CloudServerProcess(
            url: url, announcement: announcement, privateKey: keyURL, databaseURL: databaseURL, logURL: logURL,
            directory: directory, executable: binary, process: process, lifeline: lifeline, exited: exited)
    }

    private struct Announcement: Decodable {
        var url: String
        var container: String
        var apiToken: String
        var adminToken: String
        var keyID: String?
    }

    private init(
        url: URL, announcement: Announcement, privateKey: URL, databaseURL: URL, logURL: URL,
        directory: URL, executable: URL, process: Process, lifeline: Pipe, exited: DispatchSemaphore
    ) {
        self.url = url
        container = announcement.container
        apiToken = announcement.apiToken
        adminToken = announcement.adminToken
        serverKeyID = announcement.keyID ?? ""
        serverPrivateKey = privateKey
        self.databaseURL = databaseURL
        self.logURL = logURL
        self.directory = directory
        self.executable = executable
        self.process = process
        self.lifeline = lifeline
        self.exited = exited
    }

    deinit { stop() }

    /// The process id, e.g. to check it is gone after `stop()`.
    public var processIdentifier: Int32 { process.processIdentifier }

    public var isRunning: Bool { process.isRunning }

    /// Stops the server (SIGTERM, then SIGKILL after 5 s), waits for it to be reaped (at most 5 s
    /// more) and removes the scratch folder. Safe to call more than once. Synchronous (it runs in
    /// `deinit` and in `defer`), but never waits past its deadlines.
    public func stop() {
        guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
        try? lifeline.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
        if exited.wait(timeout: .now() + 5) == .timedOut {
            kill(process.processIdentifier, SIGKILL)
            _ = exited.wait(timeout: .now() + 5)
        }
        try? FileManager.default.removeItem(at: directory)
    }

    /// What the server has logged so far.
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
    /// seconds: then the command is killed (its pipes close, so the reads end) and this throws.
    public static func run(_ executable: URL, _ arguments: [String], timeout: TimeInterval = 120) throws
        -> CloudToolResult
    {
        let out = Pipe.closedOnExec()
        let err = Pipe.closedOnExec()
        let process = child(executable, arguments, stdin: FileHandle.nullDevice, stdout: out, stderr: err)
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        let pid = process.processIdentifier
        let killed = AnswerFlag()
        let watchdog = DispatchWorkItem {
            killed.set()
            kill(pid, SIGKILL)
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
        defer { watchdog.cancel() }
        // Read both pipes concurrently so neither fills up and blocks the child.
        let errData = LockedData()
        let finished = DispatchSemaphore(value: 0)
        Thread {
            errData.set(err.fileHandleForReading.readDataToEndOfFile())
            finished.signal()
        }.start()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let ended = exited.wait(timeout: .now() + timeout + 5)
        _ = finished.wait(timeout: .now() + 5)
        guard ended == .success, !killed.isSet else {
            throw CloudServerProcessError.commandFailed(
                arguments: arguments, status: -1, stderr: "did not finish within \(timeout) s (killed)")
        }
        return CloudToolResult(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData.value, as: UTF8.self))
    }

    /// `trips-cloud` with `arguments`, its standard streams connected, not yet started.
    private static func child(_ executable: URL, _ arguments: [String], stdin: Any, stdout: Any, stderr: Any) -> Process
    {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        return process
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

    /// Reads up to the first newline, giving up (and killing the process) after `timeout`.
    /// The reader thread disarms the watchdog the moment the line is in: on a loaded machine the
    /// awaiting task may resume much later, and a watchdog still armed then would kill a
    /// server that announced itself in time.
    private static func firstLine(of handle: FileHandle, process: Process, timeout: TimeInterval) async throws
        -> String?
    {
        let pid = process.processIdentifier
        let answered = AnswerFlag()
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
            if !answered.isSet { kill(pid, SIGKILL) }
        }
        return await withCheckedContinuation { (continuation: CheckedContinuation<String?, Never>) in
            Thread {
                var bytes: [UInt8] = []
                while true {
                    let chunk = handle.readData(ofLength: 1)
                    guard let byte = chunk.first else {
                        answered.set()
                        return continuation.resume(returning: nil)
                    }
                    if byte == UInt8(ascii: "\n") {
                        answered.set()
                        return continuation.resume(returning: String(decoding: bytes, as: UTF8.self))
                    }
                    bytes.append(byte)
                }
            }.start()
        }
    }
}

/// Set once by a reader thread or a watchdog, read by the other (`@unchecked Sendable`: `value` only under `lock`).
private final class AnswerFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    func set() { lock.withLock { value = true } }

    var isSet: Bool { lock.withLock { value } }
}

/// A Data value handed from a reader thread (`@unchecked Sendable`: `data` only under `lock`).
private final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()

    func set(_ value: Data) { lock.withLock { data = value } }

    var value: Data { lock.withLock { data } }
}

extension Pipe {
    /// A pipe whose descriptors close on exec: a child that another thread spawns meanwhile
    /// must not inherit them (its copy of a write end would hold our reader's end of file back
    /// until it exits). The child meant to have them gets them by dup2, which clears the flag.
    fileprivate static func closedOnExec() -> Pipe {
        let pipe = Pipe()
        for fd in [pipe.fileHandleForReading.fileDescriptor, pipe.fileHandleForWriting.fileDescriptor] {
            _ = fcntl(fd, F_SETFD, fcntl(fd, F_GETFD) | FD_CLOEXEC)
        }
        return pipe
    }
}
