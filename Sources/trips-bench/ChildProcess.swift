import Foundation

/// Runs a program as a child process with stdout/stderr sent to /dev/null and answers its
/// wall time and peak RSS (from `wait4`'s rusage) — how `make bench` times cold starts.
enum ChildProcess {
    struct Run {
        var seconds: Double
        var maxRSSKilobytes: Int
        var status: Int32
    }

    static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) throws -> Run {
        var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let env = (environment ?? ProcessInfo.processInfo.environment).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in env { free(pointer) } }
        var pid: pid_t = 0
        let start = DispatchTime.now().uptimeNanoseconds
        let rc = posix_spawnp(&pid, executable, &actions, nil, argv, env)
        guard rc == 0 else { throw BenchError("cannot start \(executable): \(String(cString: strerror(rc)))") }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let exitCode = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return Run(seconds: seconds, maxRSSKilobytes: usage.ru_maxrss, status: exitCode)
    }

    /// Peak RSS in kilobytes of one run, as GNU time reports it (`%M`). `wait4`'s figure after
    /// `posix_spawn` is not the child's own: Linux keeps the largest RSS across `exec`, and a
    /// spawned child starts in this (large) process's memory.
    static func peakRSSKilobytes(_ executable: String, _ arguments: [String], environment: [String: String]? = nil)
        throws -> Int
    {
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("trips-bench-rss-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: report) }
        let r = try run("/usr/bin/time", ["-f", "%M", "-o", report, executable] + arguments, environment: environment)
        guard r.status == 0, let text = try? String(contentsOfFile: report, encoding: .utf8),
            let kilobytes = Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
        else { throw BenchError("/usr/bin/time \(executable) exited \(r.status)") }
        return kilobytes
    }

    /// Runs a program to the end and answers its standard output, failing if it fails.
    static func output(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) throws
        -> String
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [executable] + arguments
        if let environment { process.environment = environment }
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchError("\(executable) exited \(process.terminationStatus)")
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// Median wall time of `runs` runs (after `warmup`), failing if any run fails.
    static func median(
        _ executable: String, _ arguments: [String], runs: Int, warmup: Int = 3, environment: [String: String]? = nil
    ) throws -> (seconds: Double, maxRSSKilobytes: Int) {
        for _ in 0..<warmup { _ = try run(executable, arguments, environment: environment) }
        var samples: [Double] = []
        var rss = 0
        for _ in 0..<runs {
            let r = try run(executable, arguments, environment: environment)
            guard r.status == 0 else {
                throw BenchError("\(executable) \(arguments.joined(separator: " ")) exited \(r.status)")
            }
            samples.append(r.seconds)
            rss = max(rss, r.maxRSSKilobytes)
        }
        return (samples.sorted()[samples.count / 2], rss)
    }

    /// The median wall time of each command, run in turns (one run of each, then the next
    /// round): a ratio of two medians then compares runs made at the same moments, so a machine
    /// whose speed drifts during the benchmark (a shared VM) does not skew it.
    static func interleavedMedians(
        _ commands: [(executable: String, arguments: [String])], runs: Int, warmup: Int = 3,
        environment: [String: String]? = nil
    ) throws -> [Double] {
        var samples = Array(repeating: [Double](), count: commands.count)
        for round in 0..<(warmup + runs) {
            for (i, command) in commands.enumerated() {
                let r = try run(command.executable, command.arguments, environment: environment)
                guard r.status == 0 else {
                    throw BenchError(
                        "\(command.executable) \(command.arguments.joined(separator: " ")) exited \(r.status)")
                }
                if round >= warmup { samples[i].append(r.seconds) }
            }
        }
        return samples.map { $0.sorted()[$0.count / 2] }
    }
}

struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
