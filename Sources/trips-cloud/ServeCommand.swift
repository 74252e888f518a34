import CloudKitWeb
import CloudServer
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `trips-cloud serve …`: parse, start, announce, serve until terminated.
enum ServeCommand {
    static let options: Set<String> = [
        "--host", "--port", "--db", "--data", "--container", "--api-token", "--admin-token", "--page-limit",
        "--max-body-bytes", "--error-rate", "--error-code", "--retry-after", "--throttle-every", "--latency-ms",
        "--truncate-rate", "--drop-rate", "--clock-offset-ms", "--index-lag-ms", "--fault-operations", "--fault-seed",
        "--faults",
    ]
    static let flags: Set<String> = ["--no-data", "--quiet", "--exit-with-stdin"]

    static func parse(_ a: Arguments) throws(CloudUsageError) -> ServeOptions {
        guard a.positional.isEmpty else { throw CloudUsageError("serve takes no arguments: \(a.positional[0])") }
        var o = ServeOptions()
        o.host = a.value("--host") ?? o.host
        o.port = UInt16(try a.int("--port", in: 0...65535) ?? 0)
        o.databasePath = a.value("--db")
        o.dataDirectory = a.value("--data")
        o.noData = a.has("--no-data")
        if o.noData && o.dataDirectory != nil { throw CloudUsageError("--data and --no-data exclude each other") }
        o.container = a.value("--container") ?? o.container
        o.apiToken = a.value("--api-token")
        o.adminToken = a.value("--admin-token")
        for token in [o.apiToken, o.adminToken].compactMap({ $0 }) where token.isEmpty {
            throw CloudUsageError("tokens cannot be empty")
        }
        o.pageLimit = try a.int("--page-limit", in: 1...10_000) ?? o.pageLimit
        o.limits.maxBodyBytes = try a.int("--max-body-bytes", in: 1024...(1 << 30)) ?? o.limits.maxBodyBytes
        o.quiet = a.has("--quiet")
        o.faults = try faults(a)
        return o
    }

    private static func faults(_ a: Arguments) throws(CloudUsageError) -> FaultPlan {
        var plan = FaultPlan()
        if let json = a.value("--faults") {
            do {
                plan = try JSONDecoder().decode(FaultPlan.self, from: Data(json.utf8))
            } catch {
                throw CloudUsageError("--faults is not a valid fault plan: \(error)")
            }
        }
        plan.errorRate = try a.double("--error-rate", in: 0...1) ?? plan.errorRate
        if let code = a.value("--error-code") {
            plan.errorCode = ServerErrorCode(rawValue: code)
            guard ServerErrorCode.documented.contains(plan.errorCode) else {
                throw CloudUsageError("--error-code \(code) is not a CloudKit error code")
            }
        }
        plan.retryAfter = try a.double("--retry-after", in: 0...86_400) ?? plan.retryAfter
        plan.throttleEvery = try a.int("--throttle-every", in: 0...1_000_000) ?? plan.throttleEvery
        plan.latencyMs = try a.int("--latency-ms", in: 0...60_000) ?? plan.latencyMs
        plan.truncateRate = try a.double("--truncate-rate", in: 0...1) ?? plan.truncateRate
        plan.dropRate = try a.double("--drop-rate", in: 0...1) ?? plan.dropRate
        plan.clockOffsetMs = Int64(try a.int("--clock-offset-ms") ?? Int(plan.clockOffsetMs))
        plan.indexLagMs = Int64(try a.int("--index-lag-ms", in: 0...Int.max) ?? Int(plan.indexLagMs))
        if let list = a.value("--fault-operations") {
            plan.operations = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        }
        if let seed = a.value("--fault-seed") {
            guard let value = UInt64(seed) else { throw CloudUsageError("--fault-seed needs a whole number") }
            plan.seed = value
        }
        if let problem = plan.validationProblem() { throw CloudUsageError(problem) }
        return plan
    }

    /// Starts the server and never returns: it exits 0 on SIGINT/SIGTERM, or at stdin EOF
    /// with `--exit-with-stdin`.
    static func run(_ a: Arguments) throws -> Never {
        let options = try parse(a)
        // Block the stop signals before any thread of ours exists (threads inherit the mask);
        // the main thread then waits for them with sigwait. No handler can race the
        // announcement: a parent may send SIGTERM the moment it has read it.
        var stopSignals = sigset_t()
        sigemptyset(&stopSignals)
        sigaddset(&stopSignals, SIGINT)
        sigaddset(&stopSignals, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &stopSignals, nil)

        let log: (@Sendable (String) -> Void)? = options.quiet ? nil : { @Sendable line in Stderr.line(line) }
        let instance = try CloudServerInstance(options, log: log)
        instance.start()
        if let report = instance.seedReport {
            let types = report.recordsByType.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
            Stderr.line("seeded \(report.total) records (\(types.joined(separator: ", ")))")
            if report.skipped > 0 { Stderr.line("skipped \(report.skipped) unreadable records") }
            for mismatch in report.countMismatches { Stderr.line("warning: \(mismatch)") }
        }
        print(instance.announcement)
        fflush(nil)
        if a.has("--exit-with-stdin") {
            // The parent holds our stdin; when it goes away (even by SIGKILL), so do we.
            // Started after the announcement, so an early EOF cannot cut it off.
            Thread {
                var byte: UInt8 = 0
                while read(STDIN_FILENO, &byte, 1) > 0 {}
                exit(0)
            }.start()
        }

        var received: Int32 = 0
        sigwait(&stopSignals, &received)
        instance.stop()
        exit(0)
    }
}
