import CloudServerProcess
import Foundation
import TestSupport
import Testing

/// The built `trips` executable, run as a real process with a pinned environment: a private
/// `TRIPS_HOME`, the fixture bundle, no colour, and (optionally) a cloud.
struct TripsBinary {
    let executable: URL
    let home: URL
    var environment: [String: String]

    /// A fresh home folder; `cloud` sets the TRIPS_CLOUD_* variables.
    init(cloud: LiveCloud?, bundle: URL = FixtureBundle.directory) throws {
        executable = try CloudServerProcess.locateExecutable().deletingLastPathComponent().appendingPathComponent(
            "trips")
        home = FileManager.default.temporaryDirectory.appendingPathComponent("trips-home-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        environment = [
            "PATH": "/usr/bin:/bin", "HOME": home.path, "TRIPS_HOME": home.path, "TRIPS_DATA": bundle.path,
            "NO_COLOR": "1", "TZ": "UTC",
            // No test reaches the leagues' hosts: a sync from the feeds goes to a closed port unless
            // a test serves them.
            "TRIPS_FEEDS_URL": "http://127.0.0.1:9",
        ]
        if let cloud {
            environment["TRIPS_CLOUD_URL"] = cloud.server.url.absoluteString
            environment["TRIPS_CLOUD_CONTAINER"] = cloud.server.container
            environment["TRIPS_CLOUD_API_TOKEN"] = cloud.server.apiToken
        }
    }

    var storePath: String { home.appendingPathComponent("trips.sqlite").path }
    var lockPath: String { storePath + ".sync-lock" }
    var configPath: String { home.appendingPathComponent("config.json").path }

    func cleanUp() { try? FileManager.default.removeItem(at: home) }

    /// Deletes the store (and its WAL files): the next command bootstraps it again.
    func removeStore() throws {
        for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: storePath + suffix) {
            try FileManager.default.removeItem(atPath: storePath + suffix)
        }
    }

    /// How a run ended and what it wrote.
    typealias Outcome = WatchedProcess.Exit

    /// Runs `trips ARGS` to completion.
    func run(_ arguments: String...) async throws -> Outcome {
        try await start(arguments).exit()
    }

    /// Runs `trips ARGS` to completion with `input` on stdin (a pipe).
    func runWithInput(_ input: String, _ arguments: String...) async throws -> Outcome {
        try await start(arguments, input: .text(input)).exit()
    }

    /// Runs `trips ARGS` on a pseudo-terminal (`script`); answers everything it wrote there.
    func runOnTerminal(_ arguments: String...) async throws -> Outcome {
        let command = ([executable.path] + arguments).map {
            "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }
        return try await start(
            ["-qec", command.joined(separator: " "), "/dev/null"], program: URL(fileURLWithPath: "/usr/bin/script")
        )
        .exit()
    }

    /// Starts `trips ARGS` (or another program) without waiting; it is killed if the test ends
    /// (or a wait on it times out) while it runs.
    func start(_ arguments: [String], program: URL? = nil, input: WatchedProcess.Input = .none) throws
        -> WatchedProcess
    {
        try WatchedProcess(program ?? executable, arguments, environment: environment, input: input)
    }

    /// Waits until `running` holds the sync lock (its pid is in the lock file): true, or false
    /// when it exited first. Fails after `allowed` (a sync that never takes the lock).
    func waitForLock(held running: WatchedProcess, within allowed: Duration = .seconds(60)) async throws -> Bool {
        let pid = String(running.pid)
        return try await running.poll("pid \(pid) in the sync lock \(lockPath)", within: allowed) { isRunning in
            let text = try? String(contentsOfFile: lockPath, encoding: .utf8)
            if text?.trimmingCharacters(in: .whitespacesAndNewlines) == pid { return true }
            return isRunning ? nil : false
        }
    }
}
