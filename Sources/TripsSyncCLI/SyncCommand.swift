import ArgumentParsing
import CloudKitClient
import Foundation
import OutputText
import TripsCLI
import TripsModel
import TripsRender
import TripsStore
import TripsSync

/// `trips sync`: the delta pull of the canonical records from the cloud (DESIGN §6, §8).
/// Parses, takes the one-sync lock, runs `CanonicalSync` under signal/time-limit cancellation,
/// prints the summary.
struct SyncCommand: TripsCommand {
    static let spec = SyncOptions.spec(action: action)

    var options: SyncOptions

    init(_ arguments: ParsedArguments, context: CLIContext) throws {
        options = try SyncOptions(arguments)
    }

    @MainActor
    func run(_ context: CLIContext) async throws {
        let settings = try SyncSettings.load(
            configPath: context.storeLocation.configPath, environment: context.environment)
        // No cloud configured: the leagues' own feeds (a fan needs no server to run).
        // --sport and --season pick what to read from the feeds: they mean the feeds.
        let narrowed = !options.sports.isEmpty || options.season != nil
        let source = narrowed ? .feeds : try settings.source(asked: options.source)

        // Watch for Ctrl-C and the time limit from the start: the lock and a first-run bundle
        // import come before the pull, and a signal then must still end in a clean exit 130.
        let interruption = SyncInterruption()
        let running = RunningSync()
        interruption.watch(timeLimit: options.timeLimit) { running.cancel?() }
        defer { interruption.stop() }

        if source == .feeds {
            try context.storeLocation.createFolder()
            let feeds = FeedsSyncRun(context: context, options: options, interruption: interruption)
            let setCancel = { (cancel: @escaping @MainActor () -> Void) in
                running.cancel = cancel
                if interruption.reason != nil { cancel() }
            }
            if options.watchInterval != nil {
                let every = options.askedInterval ?? SyncOptions.defaultFeedsWatchInterval
                return try await FeedsWatchRun(feeds: feeds, interval: every).run(setCancel: setCancel)
            }
            return try await feeds.run(setCancel: setCancel)
        }
        let configuration = try settings.cloudConfiguration()
        let configured = try settings.syncOptions()
        let pull = CanonicalSyncOptions(
            pageSize: options.pageSize ?? configured.pageSize,
            overlapMs: options.overlapSeconds.map { Int64($0) * 1000 } ?? configured.overlapMs,
            full: options.full, cloudIdentity: SyncSettings.identity(of: configuration))
        try context.storeLocation.createFolder()
        if let interval = options.watchInterval {
            try await watch(every: interval, configuration, pull: pull, context, interruption, running)
        }
        try await pullOnce(configuration, pull: pull, context, interruption: interruption, running: running)
    }

    /// `--watch`: syncs every `interval` until stopped; ends only by throwing (130 on a signal).
    @MainActor
    private func watch(
        every interval: Duration, _ configuration: CloudConfiguration, pull: CanonicalSyncOptions,
        _ context: CLIContext, _ interruption: SyncInterruption, _ running: RunningSync
    ) async throws {
        let watch = WatchRun(
            context: context, configuration: configuration, pull: pull, interval: interval, options: options)
        let task = Task { @MainActor in try await watch.run() }
        running.cancel = { task.cancel() }
        if interruption.reason != nil { task.cancel() }
        try await task.value
        throw SyncStopped.cancelled(reason: interruption.reason, changed: watch.changed, watching: true)
    }

    /// One pull of the canonical records, then the user's own data when signed in, under the
    /// one-sync lock; the summary, and the exit the run deserves.
    @MainActor
    private func pullOnce(
        _ configuration: CloudConfiguration, pull: CanonicalSyncOptions, _ context: CLIContext,
        interruption: SyncInterruption, running: RunningSync
    ) async throws {
        let lock = try SyncLock.acquire(at: context.storeLocation.lockPath)
        defer { lock.release() }
        let store = try context.store()
        if let reason = interruption.reason {
            throw SyncStopped.cancelled(reason: reason, changed: 0, watching: false)
        }
        let sync = CanonicalSync(
            store: store, source: CloudRecordSource(database: CloudDatabase(configuration: configuration)),
            options: pull, now: context.syncClock, progress: progress(context))
        let database = CloudDatabase(configuration: configuration)
        let userData = configuration.webAuthToken == nil ? nil : UserDataSync(store: store, database: database)
        let task = Task { @MainActor in await Self.pull(sync, then: userData) }
        running.cancel = { task.cancel() }
        let (result, user) = await task.value
        let waiting = user == nil ? try store.pendingUserChanges() : 0
        if !options.quiet {
            context.stdout.write(
                options.format == .json
                    ? SyncSummary.json(result, userData: user).rendered() + "\n"
                    : SyncSummary.table(result, style: context.style) + SyncSummary.userDataLine(user, waiting: waiting)
            )
        }
        TripChangeReport.run(context, store: store)
        if result.wasCancelled {
            throw SyncStopped.cancelled(reason: interruption.reason, changed: result.changed, watching: false)
        }
        if !result.errors.isEmpty { throw SyncStopped.failed(result.errors) }
        // The cloud answered: a wait an earlier throttle asked of watchers is over.
        try? store.setSyncNotBefore(nil)
    }

    /// -v: a line per page; on a terminal, a live line (which would overwrite those lines).
    @MainActor
    private func progress(_ context: CLIContext) -> ((SyncProgress) -> Void)? {
        if context.verbose {
            let log = SyncPageLog(output: context.stderr)
            return { log.show($0) }
        }
        guard !options.quiet && context.stderrIsTerminal else { return nil }
        let line = ProgressLine(output: context.stderr)
        return { line.show($0) }
    }

    /// The canonical pull, then (unless it was cancelled) the user data; the summary's time is
    /// the whole run's, the user-data sync included.
    @MainActor
    private static func pull(
        _ sync: CanonicalSync, then userData: UserDataSync?
    ) async -> (SyncResult, UserDataSyncResult?) {
        let clock = ContinuousClock()
        let started = clock.now
        var result = await sync.run()
        guard let userData, !result.wasCancelled, !Task.isCancelled else { return (result, nil) }
        let done = await userData.run()
        for failure in done.failures { result.add(failure) }
        let elapsed = started.duration(to: clock.now).components
        result.durationSeconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
        return (result, done)
    }
}

/// The work a sync is running now, for Ctrl-C and the time limit to cancel.
@MainActor
final class RunningSync {
    var cancel: (@MainActor () -> Void)?
}

extension CLIContext {
    /// The wall clock for the sync log: `TRIPS_NOW` pins it (tests), else the real time.
    var syncClock: @Sendable () -> Date {
        let pinned = environment["TRIPS_NOW"] != nil ? now : nil
        return { pinned ?? Date() }
    }
}

/// How a sync that did not succeed ends the process: 130 when cancelled (progress kept), 75
/// when only temporary trouble stopped it (network, throttling), 1 otherwise.
enum SyncStopped: Error, ExitCodeProviding {
    case cancelled(reason: SyncInterruption.Reason?, changed: Int, watching: Bool)
    case failed([SyncFailure])

    package var exitCode: Int32 {
        switch self {
        case .cancelled: return ExitStatus.interrupted
        case .failed(let errors): return errors.allSatisfy(\.isTemporary) ? ExitStatus.temporary : ExitStatus.failure
        }
    }

    var description: String {
        switch self {
        case .cancelled(let reason, let changed, true):
            return
                "sync watch stopped (\(reason?.description ?? "cancelled")) after \(changed) change\(changed == 1 ? "" : "s")"
        case .cancelled(let reason, let changed, false):
            return
                "sync cancelled (\(reason?.description ?? "cancelled")) after \(changed) change\(changed == 1 ? "" : "s"); "
                + "run `trips sync` again to resume"
        case .failed(let errors):
            return "sync failed: " + errors.map(\.description).joined(separator: "; ")
        }
    }
}

extension SyncLockError: ExitCodeProviding {
    package var exitCode: Int32 {
        if case .held = self { return ExitStatus.temporary }
        return ExitStatus.failure
    }
}

/// Missing or invalid cloud settings are the user's configuration to fix (`trips config set`),
/// not temporary trouble that a retry would cure: exit 2.
extension SyncSetupError: ExitCodeProviding {
    package var exitCode: Int32 { ExitStatus.usage }
}

/// The summary of a `SyncResult`: a short table, or JSON with stable key order.
enum SyncSummary {
    static func table(_ result: SyncResult, style: Style) -> String {
        var headers = [
            "TYPE", "STATUS", "PAGES", "APPLIED", "DEPRECATED", "UNCHANGED", "OLDER", "INCOMPATIBLE", "MALFORMED",
        ]
        // A plain sync reconciles too when the cloud's count says records were deleted there.
        let showsRemoved = result.full || result.types.contains { $0.reconciled > 0 }
        if showsRemoved { headers.append("REMOVED") }
        var table = TextTable(headers: headers, rightAligned: Set(2..<headers.count))
        for type in result.types {
            let c = type.counts
            var row =
                [type.recordType.rawValue, type.status.label]
                + [
                    type.pages, c.applied, c.deprecated, c.unchanged, c.skippedOlder, c.skippedIncompatible,
                    c.malformed,
                ].map(String.init)
            if showsRemoved { row.append(String(type.reconciled)) }
            table.add(row)
        }
        var out = table.render(style: style)
        for type in result.types {
            // The details quote what the server sent: escape them for the terminal.
            for detail in type.counts.malformedRecords {
                out += "malformed \(type.recordType.rawValue) \(detail.terminalSafe)\n"
            }
        }
        if !result.cloudReplaced.isEmpty {
            out += "The cloud's database was replaced since the last sync: re-read everything from it.\n"
        }
        if let unresolved = result.unresolvedGames, unresolved.count > 0 {
            let more = unresolved.count > unresolved.examples.count ? ", …" : ""
            out +=
                "\(unresolved.count) game\(unresolved.count == 1 ? "" : "s") wait for teams or stadiums not known yet: "
                + unresolved.examples.joined(separator: ", ").terminalSafe + more + "\n"
        }
        let seconds = String(format: "%.2f", result.durationSeconds)
        let changes = "\(result.changed) change\(result.changed == 1 ? "" : "s")"
        if result.wasCancelled {
            out += "Sync cancelled after \(seconds) s: \(changes) saved; the next sync resumes from here.\n"
        } else if !result.errors.isEmpty {
            out += "Sync failed after \(seconds) s (\(changes) saved).\n"
        } else {
            out += "Synced \(changes) in \(seconds) s.\n"
        }
        return out
    }

    /// What the user-data sync did, or that edits wait for a sign-in.
    static func userDataLine(_ user: UserDataSyncResult?, waiting: Int) -> String {
        guard let user else {
            return waiting == 0
                ? ""
                : "\(waiting) change\(waiting == 1 ? "" : "s") to your saved trips, favourites or visits "
                    + "wait\(waiting == 1 ? "s" : "") for `trips login`.\n"
        }
        var line =
            user.switchedAccount
            ? "Signed in as another account: the previous account's trips, favourites and visits stay in its cloud.\n"
            : ""
        line += "User data: exported \(user.exported), imported \(user.imported), removed \(user.removed)"
        if user.conflicts > 0 { line += ", \(user.conflicts) conflict\(user.conflicts == 1 ? "" : "s") merged" }
        line += user.succeeded ? ".\n" : " (failed: see below).\n"
        return line + user.renamed.map { $0.notice.terminalSafe + "\n" }.joined()
    }

    static func json(_ result: SyncResult, userData: UserDataSyncResult? = nil) -> JSONDocument {
        let status = result.wasCancelled ? "cancelled" : result.errors.isEmpty ? "succeeded" : "failed"
        var pairs: [(String, JSONDocument)] = [
            ("status", .string(status)), ("full", .bool(result.full)),
            ("durationSeconds", .double((result.durationSeconds * 1000).rounded() / 1000)),
            ("changed", .int(result.changed)),
            ("types", .array(result.types.map(typeJSON))),
        ]
        if let unresolved = result.unresolvedGames {
            pairs.append(
                (
                    "unresolvedGames",
                    .object([
                        ("count", .int(unresolved.count)),
                        ("examples", .array(unresolved.examples.map(JSONDocument.string))),
                    ])
                ))
        }
        pairs.append(("cloudReplaced", .array(result.cloudReplaced.map { .string($0.rawValue) })))
        pairs.append(("errors", .array(result.errors.map { .string($0.description) })))
        if let userData {
            pairs.append(
                (
                    "userData",
                    .object([
                        ("exported", .int(userData.exported)), ("imported", .int(userData.imported)),
                        ("removed", .int(userData.removed)), ("conflicts", .int(userData.conflicts)),
                        ("errors", .array(userData.errors.map(JSONDocument.string))),
                    ])
                ))
        }
        return .object(pairs)
    }

    private static func typeJSON(_ type: TypeSyncResult) -> JSONDocument {
        let c = type.counts
        return .object([
            ("recordType", .string(type.recordType.rawValue)), ("status", .string(type.status.rawValue)),
            ("pages", .int(type.pages)), ("records", .int(type.records)), ("applied", .int(c.applied)),
            ("deprecated", .int(c.deprecated)), ("unchanged", .int(c.unchanged)),
            ("skippedOlder", .int(c.skippedOlder)),
            ("skippedIncompatible", .int(c.skippedIncompatible)), ("malformed", .int(c.malformed)),
            ("malformedRecords", .array(c.malformedRecords.map(JSONDocument.string))),
            ("reconciled", .int(type.reconciled)), ("watermark", type.watermarkMs.map { .int(Int($0)) } ?? .null),
            ("error", .string(type.error)),
        ])
    }
}

extension TypeSyncResult.Status {
    /// The table's STATUS cell.
    var label: String {
        switch self {
        case .completed: return "ok"
        case .cancelled: return "cancelled"
        case .failed: return "failed"
        case .notAttempted: return "skipped"
        }
    }
}

/// The live progress line on a terminal: one line per type, rewritten in place after each page.
final class ProgressLine {
    private let output: Output

    init(output: Output) {
        self.output = output
    }

    func show(_ progress: SyncProgress) {
        let pages = "\(progress.pages) page\(progress.pages == 1 ? "" : "s")"
        let text = "\(progress.recordType.rawValue): \(progress.records) records, \(pages), \(progress.changed) changed"
        output.write("\r\u{1B}[2K" + text + (progress.finished ? "\n" : ""))
        output.flush()
    }
}
