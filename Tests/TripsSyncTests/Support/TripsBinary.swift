import CloudServerProcess
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

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

    struct Outcome {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs `trips ARGS` to completion.
    func run(_ arguments: String...) throws -> Outcome {
        let process = try start(arguments)
        return process.wait()
    }

    /// Runs `trips ARGS` to completion with `input` on stdin (a pipe).
    func runWithInput(_ input: String, _ arguments: String...) throws -> Outcome {
        let inputFile = home.appendingPathComponent("in-\(UUID().uuidString)")
        try Data(input.utf8).write(to: inputFile)
        defer { try? FileManager.default.removeItem(at: inputFile) }
        return try start(arguments, standardInput: FileHandle(forReadingFrom: inputFile)).wait()
    }

    /// Runs `trips ARGS` on a pseudo-terminal (`script`); answers everything it wrote there.
    func runOnTerminal(_ arguments: String...) throws -> Outcome {
        let command = ([executable.path] + arguments).map {
            "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }
        return try start(
            ["-qec", command.joined(separator: " "), "/dev/null"], program: URL(fileURLWithPath: "/usr/bin/script")
        )
        .wait()
    }

    /// Starts `trips ARGS` (or another program) without waiting.
    func start(_ arguments: [String], program: URL? = nil, standardInput: FileHandle = .nullDevice) throws -> Running {
        let process = Process()
        process.executableURL = program ?? executable
        process.arguments = arguments
        process.environment = environment
        let out = home.appendingPathComponent("out-\(UUID().uuidString)")
        let err = home.appendingPathComponent("err-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        process.standardInput = standardInput
        try process.run()
        return Running(process: process, out: out, err: err)
    }

    /// A started `trips`; its output goes to files so a killed process cannot block a pipe.
    struct Running {
        let process: Process
        let out: URL
        let err: URL

        var pid: Int32 { process.processIdentifier }

        func signal(_ number: Int32) { kill(process.processIdentifier, number) }

        func wait() -> Outcome {
            process.waitUntilExit()
            let stdout = (try? String(contentsOf: out, encoding: .utf8)) ?? ""
            let stderr = (try? String(contentsOf: err, encoding: .utf8)) ?? ""
            try? FileManager.default.removeItem(at: out)
            try? FileManager.default.removeItem(at: err)
            return Outcome(status: process.terminationStatus, stdout: stdout, stderr: stderr)
        }
    }

    /// Waits until this process holds the sync lock (its pid is in the lock file), or it exits.
    func waitForLock(held running: Running) -> Bool {
        let pid = String(running.pid)
        while running.process.isRunning {
            if let text = try? String(contentsOfFile: lockPath, encoding: .utf8),
                text.trimmingCharacters(in: .whitespacesAndNewlines) == pid
            {
                return true
            }
            usleep(1_000)
        }
        return false
    }
}
