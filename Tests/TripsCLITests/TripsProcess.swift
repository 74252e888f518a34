import Foundation

/// Runs the built `trips` binary as a real process with a pinned environment: its own store,
/// the repository's `Data/`, `TZ`, "now" and no colour — so output is reproducible.
struct TripsProcess {
    struct Result {
        var stdout: String
        var stderr: String
        var status: Int32
    }

    /// The repository root (holds `Data/`).
    static let root: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url
    }()

    /// The folder with the built executables (beside the test bundle).
    static let binaries: URL = {
        let exe =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var url = URL(fileURLWithPath: exe)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.isExecutableFile(atPath: url.appendingPathComponent("trips").path) { return url }
        }
        return root.appendingPathComponent(".build/debug")
    }()

    var store: String
    var environment: [String: String]

    /// A process environment with a store in a fresh temporary folder.
    init(store: String? = nil, extraEnvironment: [String: String] = [:]) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("trips-cli-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        self.store = store ?? dir.appendingPathComponent("trips.sqlite").path
        environment = [
            "PATH": "/usr/bin:/bin", "HOME": dir.path, "TRIPS_HOME": dir.path,
            "TRIPS_DATA": Self.root.appendingPathComponent("Data").path,
            "TZ": "America/Chicago", "TRIPS_NOW": "2026-11-22T15:00:00Z", "LANG": "C.UTF-8",
        ].merging(extraEnvironment) { _, new in new }
    }

    /// Runs `trips` with `arguments` (after `--store`), feeding `input` on stdin, in `directory`
    /// (default: the test's own).
    func run(_ arguments: [String], input: String = "", withStore: Bool = true, directory: URL? = nil) throws -> Result
    {
        try Self.execute(
            Self.binaries.appendingPathComponent("trips"), (withStore ? ["--store", store] : []) + arguments,
            environment: environment, input: input, directory: directory)
    }

    /// Runs any program (a shell, groff) to the end with `input` on stdin.
    static func execute(
        _ executable: URL, _ arguments: [String], environment: [String: String], input: String = "",
        directory: URL? = nil
    ) throws -> Result {
        let process = Process()
        process.executableURL = executable
        if let directory { process.currentDirectoryURL = directory }
        process.arguments = arguments
        process.environment = environment
        let out = Pipe()
        let err = Pipe()
        let inp = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = inp
        try process.run()
        inp.fileHandleForWriting.write(Data(input.utf8))
        try inp.fileHandleForWriting.close()
        // Read both pipes to the end before waiting, so a large output cannot block the child.
        let group = DispatchGroup()
        nonisolated(unsafe) var errData = Data()
        group.enter()
        DispatchQueue.global().async {
            errData = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(
            stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData, as: UTF8.self),
            status: process.terminationStatus)
    }

    /// A store bootstrapped once from `Data/` and shared (read-only) by the golden tests.
    static let shared: TripsProcess = {
        let p = TripsProcess()
        _ = try? p.run(["teams", "--sport", "mlb"])
        return p
    }()
}

/// Compares output with a checked-in file under `Golden/`. `TRIPS_UPDATE_GOLDEN=1` rewrites the files.
enum Golden {
    static func check(_ actual: String, _ name: String) -> (matches: Bool, expected: String) {
        let url = TripsProcess.root.appendingPathComponent("Tests/TripsCLITests/Golden/\(name)")
        if ProcessInfo.processInfo.environment["TRIPS_UPDATE_GOLDEN"] == "1" {
            try? Data(actual.utf8).write(to: url)
            return (true, actual)
        }
        let expected = (try? String(contentsOf: url, encoding: .utf8)) ?? "<missing golden file \(name)>"
        return (expected == actual, expected)
    }
}
