import Foundation

/// A child process given a deadline: a build that hangs fails the test instead of blocking it.
/// Output goes to a file, so a chatty child never blocks on a full pipe.
struct BoundedProcess {
    struct Result {
        var status: Int32
        var output: String
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs `arguments` (the first found on PATH) in `directory`; past `seconds` it is stopped
    /// (SIGTERM, then SIGKILL) and `Failure` is thrown.
    static func run(_ arguments: [String], in directory: URL, seconds: Double) async throws -> Result {
        let log = directory.appendingPathComponent("process-output.txt")
        guard FileManager.default.createFile(atPath: log.path, contents: nil) else {
            throw Failure(description: "cannot write \(log.path)")
        }
        let handle = try FileHandle(forWritingTo: log)
        defer { try? handle.close() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = ContinuousClock.now + .seconds(seconds)
        while process.isRunning, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(100))
        }
        if process.isRunning {
            process.terminate()
            let grace = ContinuousClock.now + .seconds(5)
            while process.isRunning, ContinuousClock.now < grace { try? await Task.sleep(for: .milliseconds(100)) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            throw Failure(description: "\(arguments.joined(separator: " ")) ran over \(Int(seconds)) s; stopped")
        }
        process.waitUntilExit()
        let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        return Result(status: process.terminationStatus, output: output)
    }
}
