import Foundation
import TestSupport

/// Runs the built `trips` binary as a real process with a pinned environment: its own store,
/// the repository's `Data/`, `TZ`, "now" and no colour — so output is reproducible.
struct TripsProcess {
    struct Result {
        var stdout: String
        var stderr: String
        var status: Int32

        init(stdout: String, stderr: String, status: Int32) {
            self.stdout = stdout
            self.stderr = stderr
            self.status = status
        }

        init(_ exit: WatchedProcess.Exit) {
            self.init(stdout: exit.stdout, stderr: exit.stderr, status: exit.status)
        }
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
    /// What must finish before this process's runs start (the shared store's bootstrap).
    private var bootstrap: Task<Void, Never>?

    /// A process environment with a store in a fresh temporary folder.
    init(store: String? = nil, extraEnvironment: [String: String] = [:]) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("trips-cli-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        self.store = store ?? dir.appendingPathComponent("trips.sqlite").path
        environment = [
            "PATH": "/usr/bin:/bin", "HOME": dir.path, "TRIPS_HOME": dir.path,
            "TRIPS_DATA": Self.root.appendingPathComponent("Data").path,
            "TZ": "America/Chicago", "TRIPS_NOW": "2026-11-22T15:00:00Z", "LANG": "C.UTF-8",
            "TRIPS_FEEDS_URL": "http://127.0.0.1:9",  // never the leagues' hosts
        ].merging(extraEnvironment) { _, new in new }
    }

    /// Runs `trips` with `arguments` (after `--store`), feeding `input` on stdin, in `directory`
    /// (default: the test's own); awaits its exit, holding no pool thread, at most
    /// `TripsProcess.allowed`.
    func run(_ arguments: [String], input: String = "", withStore: Bool = true, directory: URL? = nil) async throws
        -> Result
    {
        await bootstrap?.value
        return try await Self.execute(
            trips, (withStore ? ["--store", store] : []) + arguments, environment: environment, input: input,
            directory: directory)
    }

    private var trips: URL { Self.binaries.appendingPathComponent("trips") }

    /// How long one run may take before it is killed and the test fails (generous: the whole
    /// suite shares two cores).
    static let allowed = Duration.seconds(120)

    /// Runs any program (a shell, groff) to the end with `input` on stdin; awaited, with a deadline.
    static func execute(
        _ executable: URL, _ arguments: [String], environment: [String: String], input: String = "",
        directory: URL? = nil
    ) async throws -> Result {
        let child = try WatchedProcess(
            executable, arguments, environment: environment, directory: directory, input: .text(input))
        return Result(try await child.exit(within: allowed))
    }

    /// Runs a system tool (python3, sqlite3) with the test's own environment; awaited, with a
    /// deadline.
    static func tool(_ path: String, _ arguments: [String], input: String = "") async throws -> Result {
        try await execute(
            URL(fileURLWithPath: path), arguments, environment: ProcessInfo.processInfo.environment, input: input)
    }

    /// A store bootstrapped once from `Data/` and shared (read-only) by the golden tests.
    static let shared = bootstrapping(by: ["teams", "--sport", "mlb"])

    /// A process whose store a first command makes: every run awaits that command first, so
    /// tests sharing it never race to create the store.
    static func bootstrapping(by arguments: [String], then sql: String? = nil) -> TripsProcess {
        var process = TripsProcess()
        let first = process
        process.bootstrap = Task {
            _ = try? await first.run(arguments)
            // Then `sql` on the made store: a store lacking what the bundle has.
            if let sql { _ = try? await TripsProcess.tool("/usr/bin/sqlite3", [first.store, sql]) }
        }
        return process
    }

    /// This process once its store is made, for tests that open the store file themselves.
    func whenBootstrapped() async -> TripsProcess {
        await bootstrap?.value
        return self
    }
}

/// Compares output with a checked-in file under `Golden/`. `TRIPS_UPDATE_GOLDEN=1` rewrites the files.
enum Golden {
    static func check(_ actual: String, _ name: String) -> (matches: Bool, expected: String) {
        GoldenFile.check(actual, "Tests/TripsCLITests/Golden/\(name)")
    }
}
