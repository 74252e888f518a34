import CloudServerProcess
import Foundation
import TestSupport

/// Suite `watch`: `trips sync --watch` as a user runs it, against a local `trips-cloud`.
/// - CPU used while idle for 60 s after its first sync (target < 1 %): no polling loops.
/// - Time from a link coming back up to the sync it sets off, in a network namespace made for
///   the run (target 2.5–3.5 s: the 2.5 s debounce plus the monitor's settling), median of 5.
enum WatchBench {
    static let idleSeconds: UInt32 = 60

    static func run(_ context: BenchContext) async throws -> [BenchRow] {
        var rows = [try await idleCPU(context)]
        if NetworkNamespace.isAvailable {
            rows.append(try await linkUpToSync(context))
        } else {
            rows.append(
                BenchRow(
                    name: "watch: link up → sync start", median: .nan, unit: "s", target: "2.5–3.5 s",
                    note: "skipped: needs root and ip netns"))
        }
        return rows
    }

    private static func idleCPU(_ context: BenchContext) async throws -> BenchRow {
        let server = try await CloudServerProcess.start(
            data: context.dataDirectory, executable: context.binaries.appendingPathComponent("trips-cloud"))
        defer { server.stop() }
        let watcher = try Watcher(context, server: server, in: nil)
        defer { watcher.stop() }
        var log = watcher.log
        guard log.next(where: { $0["event"] == "sync" })?["status"] == "succeeded" else {
            throw BenchError("the watcher's first sync did not succeed")
        }
        let before = try cpuSeconds(of: watcher.process.processIdentifier)
        sleep(idleSeconds)
        let used = try cpuSeconds(of: watcher.process.processIdentifier) - before
        return BenchRow(
            name: "watch: CPU while idle for \(idleSeconds) s", median: used / Double(idleSeconds) * 100, unit: "%",
            target: "< 1 %", note: String(format: "%.0f ms of CPU", used * 1000))
    }

    private static func linkUpToSync(_ context: BenchContext) async throws -> BenchRow {
        let namespace = try NetworkNamespace()
        defer { namespace.delete() }
        try namespace.makeOnline()
        let server = try await CloudServerProcess.start(
            data: context.dataDirectory,
            executable: namespace.wrapper(
                for: context.binaries.appendingPathComponent("trips-cloud"), in: context.scratch))
        defer { server.stop() }
        let watcher = try Watcher(context, server: server, in: namespace)
        defer { watcher.stop() }
        var log = watcher.log
        guard log.next(where: { $0["event"] == "sync" }) != nil else { throw BenchError("no first sync") }
        var delays: [Double] = []
        for _ in 0..<5 {
            try namespace.goOffline()
            guard log.next(where: { $0["event"] == "network" && $0["status"] == "offline" }) != nil else {
                throw BenchError("the watcher did not see the link go down")
            }
            try namespace.goOnline()
            let up = Date()
            guard let sync = log.next(where: { $0["event"] == "sync" }), sync["trigger"] == "network",
                let started = sync.instant("startedAt")
            else { throw BenchError("the link's return set off no sync") }
            delays.append(started.timeIntervalSince(up))
        }
        delays.sort()
        return BenchRow(
            name: "watch: link up → sync start", median: delays[2], unit: "s", target: "2.5–3.5 s",
            note: String(format: "5 rounds, %.2f–%.2f s", delays[0], delays[4]))
    }

    /// User plus system CPU time of a process so far, from /proc/PID/stat.
    private static func cpuSeconds(of pid: Int32) throws -> Double {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        // Fields after the parenthesised command name: state is field 3, utime 14, stime 15.
        guard let close = stat.lastIndex(of: ")") else { throw BenchError("unreadable /proc/\(pid)/stat") }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else {
            throw BenchError("unreadable /proc/\(pid)/stat")
        }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// `trips sync --watch --interval 1h --format json` with a home of its own, stdout in a file;
    /// inside `namespace` when given.
    private struct Watcher {
        let process = Process()
        let log: JSONLineLog

        init(_ context: BenchContext, server: CloudServerProcess, in namespace: NetworkNamespace?) throws {
            let home = context.scratch.appendingPathComponent("watch-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
            let out = home.appendingPathComponent("watch.out")
            _ = FileManager.default.createFile(atPath: out.path, contents: nil)
            let trips = context.binaries.appendingPathComponent("trips").path
            let arguments = [trips, "sync", "--watch", "--interval", "1h", "--format", "json"]
            let words = namespace.map { $0.exec(trips, Array(arguments.dropFirst())) } ?? arguments
            process.executableURL = URL(fileURLWithPath: words[0])
            process.arguments = Array(words.dropFirst())
            process.environment = [
                "PATH": "/usr/bin:/bin", "HOME": home.path, "TRIPS_HOME": home.path,
                "TRIPS_DATA": context.dataDirectory.path, "NO_COLOR": "1", "TRIPS_CLOUD_URL": server.url.absoluteString,
                "TRIPS_CLOUD_CONTAINER": server.container, "TRIPS_CLOUD_API_TOKEN": server.apiToken,
            ]
            process.standardOutput = try FileHandle(forWritingTo: out)
            process.standardError = FileHandle.nullDevice
            try process.run()
            let process = process
            log = JSONLineLog(file: out, isRunning: { process.isRunning })
        }

        func stop() {
            guard process.isRunning else { return }
            process.terminate()
            process.waitUntilExit()
        }
    }
}
