import ArgumentParsing
import CloudKitWeb
import CloudServer
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `trips-cloud serve …`: parse, start, announce, serve until terminated.
enum ServeCommand {
    enum Options {
        static let host = Option<String?>.value("host", "HOST", "Address to listen on (default 127.0.0.1)")
        static let port = Option<Int?>.int("port", "PORT", in: 0...65535, "Port (default 0: any free port)")
        static let db = Option<String?>.value("db", "PATH", "The database file (default: in memory)")
        static let data = Option<String?>.value("data", "DIR", "Seed a new database from this bundle (default Data/)")
        static let noData = Option<Bool>.flag("no-data", "Start empty")
        static let container = Option<String?>.value("container", "NAME", "Container id (default iCloud.trips.local)")
        static let pageLimit = Option<Int?>.int("page-limit", "N", in: 1...10_000, "Records per response, at most")
        static let maxBodyBytes = Option<Int?>.int(
            "max-body-bytes", "N", in: 1024...(1 << 30), "Largest request body accepted (default 4194304)")
        static let headerTimeout = Option<Double?>.number(
            "header-timeout", "S", in: 0.1...3600, "Seconds a request head may take (default 10)")
        static let maxConnections = Option<Int?>.int(
            "max-connections", "N", in: 1...100_000, "Connections held at once (default 512)")
        static let maxPerAddress = Option<Int?>.int(
            "max-connections-per-address", "N", in: 1...100_000, "Connections one client address may hold (default 64)")
        static let quiet = Option<Bool>.flag("quiet", "No request log on stderr")
        static let faults = Option<String?>.value("faults", "JSON", "A whole fault plan as JSON")
        static let errorRate = Option<Double?>.number(
            "error-rate", "R", in: 0...1, "Fail this share of requests (with --error-code)")
        static let errorCode = Option<String?>.value("error-code", "CODE", "The CloudKit error code of failures")
        static let retryAfter = Option<Double?>.number(
            "retry-after", "S", in: 0...86_400, "retryAfter seconds sent with throttling")
        static let throttleEvery = Option<Int?>.int(
            "throttle-every", "N", in: 0...1_000_000, "Throttle every Nth request")
        static let latencyMs = Option<Int?>.int("latency-ms", "MS", in: 0...60_000, "Delay every response")
        static let truncateRate = Option<Double?>.number(
            "truncate-rate", "R", in: 0...1, "Cut this share of responses short")
        static let dropRate = Option<Double?>.number("drop-rate", "R", in: 0...1, "Drop this share of connections")
        static let clockOffsetMs = Option<Int?>.int(
            "clock-offset-ms", "MS", in: -(1 << 40)...(1 << 40), "Skew the server's clock")
        static let indexLagMs = Option<Int?>.int(
            "index-lag-ms", "MS", in: 0...Int(Int32.max), "Queries see changes this much later")
        static let faultOperations = Option<String?>.value(
            "fault-operations", "OP,OP", "Only these operations fail (e.g. records/query)")
        static let faultSeed = Option<Int?>.int("fault-seed", "N", in: 0...Int.max, "Seed of the fault dice")
        static let exitWithStdin = Option<Bool>.flag("exit-with-stdin", "Exit when standard input closes")
        static let adminWrites = Option<Bool>.flag(
            "admin-writes", "Development only: the admin token may write the public database too")
        static let makeKey = Option<String?>.value(
            "make-key", "PATH", "Make and register a server-to-server key; its private PEM goes to PATH")
    }

    static let spec = CommandSpec<Void>(
        name: "serve", summary: "Serve the CloudKit Web Services API",
        discussion: """
            Prints one JSON line (url, container, tokens — not an admin token you supplied; keyID
            with --make-key) on stdout once it accepts connections; logs one line per request on
            stderr. Tokens are random unless read from a file or the environment (never argv).
            A new database is seeded from Data/ keeping the bundle's timestamps and change tags.
            Without --db it lives in memory.
            """,
        options: [
            Options.host, Options.port, Options.db, Options.data, Options.noData, Options.container,
        ] + TokenSource.api.options + TokenSource.admin.options + [
            Options.pageLimit, Options.maxBodyBytes, Options.headerTimeout,
            Options.maxConnections, Options.maxPerAddress,
            Options.quiet, Options.faults,
            Options.errorRate, Options.errorCode, Options.retryAfter, Options.throttleEvery, Options.latencyMs,
            Options.truncateRate, Options.dropRate, Options.clockOffsetMs, Options.indexLagMs,
            Options.faultOperations, Options.faultSeed, Options.exitWithStdin, Options.makeKey, Options.adminWrites,
        ],
        examples: ["trips-cloud serve --port 8080 --db cloud.sqlite", "trips-cloud serve --drop-rate 0.1 --quiet"],
        action: { arguments, _ in try run(arguments) })

    static func parse(_ a: ParsedArguments) throws -> ServeOptions {
        var o = ServeOptions()
        o.host = try a.read(Options.host) ?? o.host
        o.port = UInt16(try a.read(Options.port) ?? 0)
        o.databasePath = try a.read(Options.db)
        o.dataDirectory = try a.read(Options.data)
        o.noData = try a.read(Options.noData)
        o.container = try a.read(Options.container) ?? o.container
        for source in [TokenSource.api, .admin] where try a.read(Options.exitWithStdin) && a.read(source.file) == "-" {
            throw CloudUsageError("--exit-with-stdin watches standard input; give the \(source.title) in a file")
        }
        o.apiToken = try TokenSource.api.read(a)
        o.adminToken = try TokenSource.admin.read(a)
        o.pageLimit = try a.read(Options.pageLimit) ?? o.pageLimit
        o.limits.maxBodyBytes = try a.read(Options.maxBodyBytes) ?? o.limits.maxBodyBytes
        o.limits.headerTimeout = try a.read(Options.headerTimeout) ?? o.limits.headerTimeout
        o.limits.maxConnections = try a.read(Options.maxConnections) ?? o.limits.maxConnections
        o.limits.maxConnectionsPerAddress = try a.read(Options.maxPerAddress) ?? o.limits.maxConnectionsPerAddress
        o.quiet = try a.read(Options.quiet)
        o.makeKeyPath = try a.read(Options.makeKey)
        o.adminWrites = try a.read(Options.adminWrites)
        o.faults = try faults(a)
        if o.noData && o.dataDirectory != nil { throw CloudUsageError("--data and --no-data exclude each other") }
        for token in [o.apiToken, o.adminToken].compactMap({ $0 }) where token.isEmpty {
            throw CloudUsageError("tokens cannot be empty")
        }
        return o
    }

    private static func faults(_ a: ParsedArguments) throws -> FaultPlan {
        var plan = FaultPlan()
        if let json = try a.read(Options.faults) {
            do {
                plan = try JSONDecoder().decode(FaultPlan.self, from: Data(json.utf8))
            } catch {
                throw CloudUsageError("--faults is not a valid fault plan: \(error)")
            }
        }
        plan.errorRate = try a.read(Options.errorRate) ?? plan.errorRate
        if let code = try a.read(Options.errorCode) {
            plan.errorCode = ServerErrorCode(rawValue: code)
            guard ServerErrorCode.documented.contains(plan.errorCode) else {
                throw CloudUsageError("--error-code \(code) is not a CloudKit error code")
            }
        }
        plan.retryAfter = try a.read(Options.retryAfter) ?? plan.retryAfter
        plan.throttleEvery = try a.read(Options.throttleEvery) ?? plan.throttleEvery
        plan.latencyMs = try a.read(Options.latencyMs) ?? plan.latencyMs
        plan.truncateRate = try a.read(Options.truncateRate) ?? plan.truncateRate
        plan.dropRate = try a.read(Options.dropRate) ?? plan.dropRate
        plan.clockOffsetMs = try a.read(Options.clockOffsetMs).map(Int64.init) ?? plan.clockOffsetMs
        plan.indexLagMs = try a.read(Options.indexLagMs).map(Int64.init) ?? plan.indexLagMs
        if let list = try a.read(Options.faultOperations) {
            plan.operations = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        }
        if let seed = try a.read(Options.faultSeed) { plan.seed = UInt64(seed) }
        if let problem = plan.validationProblem() { throw CloudUsageError(problem) }
        return plan
    }

    /// What `--seed` loaded, by type, and what it could not.
    static func say(_ report: SeedReport) {
        let types = report.recordsByType.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
        Stderr.line("seeded \(report.total) records (\(types.joined(separator: ", ")))")
        if report.skipped > 0 { Stderr.line("skipped \(report.skipped) unreadable records") }
        for mismatch in report.countMismatches { Stderr.line("warning: \(mismatch)") }
    }

    /// Starts the server and never returns: it exits 0 on SIGINT/SIGTERM, or at stdin EOF
    /// with `--exit-with-stdin`.
    static func run(_ a: ParsedArguments) throws -> Never {
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
        if let report = instance.seedReport { say(report) }
        print(instance.announcement(suppliedAdminToken: options.adminToken != nil))
        fflush(nil)
        if try a.read(Options.exitWithStdin) {
            // The parent holds our stdin; when it goes away (even by SIGKILL), so do we.
            // Started after the announcement, so an early EOF cannot cut it off.
            Thread {
                var byte: UInt8 = 0
                while read(STDIN_FILENO, &byte, 1) > 0 {}
                // _exit, not exit: exit's handlers run here, beside a main thread in sigwait and
                // the server's threads, and were seen to hang now and then under load. Nothing
                // is lost: SQLite's WAL is durable without a close.
                fflush(nil)
                _exit(0)
            }.start()
        }

        var received: Int32 = 0
        sigwait(&stopSignals, &received)
        instance.stop()
        exit(0)
    }
}
