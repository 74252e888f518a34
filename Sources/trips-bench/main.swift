import Foundation

// In-process benchmarks for `make bench` (cold-process timings are taken by Tests/Benchmarks/run.sh).
// Usage: trips-bench ROOT BINARIES [suite …]; each suite prints tab-separated rows.
let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    FileHandle.standardError.write(Data("usage: trips-bench ROOT BINARIES [suite …]\n".utf8))
    exit(2)
}
let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("trips-bench-\(getpid())")
try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: scratch) }
let context = BenchContext(
    root: URL(fileURLWithPath: arguments[1]), binaries: URL(fileURLWithPath: arguments[2]), scratch: scratch)
let suites: [String: @Sendable (BenchContext) async throws -> [BenchRow]] = [
    "cloud": { try await CloudBench.run($0) },
    "cli": { try CLIBench.run($0) },
    "feeds": { try FeedsBench.run($0) },
    "import": { try ImportBench.run($0) },
    "planner": { try PlannerBench.run($0) },
    "publish": { try await PublishBench.run($0) },
    "tours": { try TourBench.run($0) },
    "seasons": { try SeasonBench.run($0) },
    "sync": { try await SyncBench.run($0) },
    "watch": { try await WatchBench.run($0) },
    "userdata": { try await UserDataBench.run($0) },
]
let wanted = arguments.count > 3 ? Array(arguments.dropFirst(3)) : suites.keys.sorted()
for name in wanted {
    guard let suite = suites[name] else {
        FileHandle.standardError.write(Data("unknown suite \(name)\n".utf8))
        exit(2)
    }
    printRows(try await suite(context))
}
