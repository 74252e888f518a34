import CloudKitClient
import Foundation
import SyncHealth
import TripsCLI
import TripsModel
import TripsStore
import TripsSync

/// `trips sync --watch`: a `SyncWatcher` on the real network monitor and clock, pulling with the
/// same options as a single `trips sync`, one line per event on stdout.
@MainActor
final class WatchRun {
    private let context: CLIContext
    private let configuration: CloudConfiguration
    private let pull: CanonicalSyncOptions
    private let intervalMs: Int64
    private let options: SyncOptions
    /// Changes saved by all tries so far (for the last words when the watch is stopped).
    private(set) var changed = 0

    init(
        context: CLIContext, configuration: CloudConfiguration, pull: CanonicalSyncOptions, interval: Duration,
        options: SyncOptions
    ) {
        self.context = context
        self.configuration = configuration
        self.pull = pull
        let parts = interval.components
        intervalMs = max(1, parts.seconds * 1000 + parts.attoseconds / 1_000_000_000_000_000)
        self.options = options
    }

    /// Requests inside one try give up well within the interval: the watcher is the retry loop,
    /// and a long wait the cloud asks for (`retryAfter`) becomes its "not before".
    static func retryPolicy(intervalMs: Int64) -> RetryPolicy {
        let half = Double(intervalMs) / 2000
        return RetryPolicy(
            maxAttempts: 3, deadline: min(120, half), baseDelay: min(0.5, half / 4), maxDelay: min(30, half / 2),
            maxRetryAfter: min(300, half), stopsOnLongRetryAfter: true)
    }

    func run() async throws {
        let store = try openStore()
        let database = CloudDatabase(
            configuration: configuration, retryPolicy: Self.retryPolicy(intervalMs: intervalMs))
        let probe = CloudDatabase(configuration: configuration, retryPolicy: .never)
        let lines = WatchLines(context: context, format: options.format, quiet: options.quiet)
        let lockPath = context.storeLocation.lockPath
        let pull = self.pull
        let context = self.context
        let configuration = self.configuration
        let watcher = SyncWatcher(
            policy: WatchSchedule.Policy(intervalMs: intervalMs), network: NetlinkNetworkMonitor(),
            clock: ContinuousWatchClock(), wallNowMs: { Self.wallNowMs() },
            cloud: SyncWatcher.Cloud(
                confirm: {
                    do {
                        _ = try await probe.listZones()
                        return nil
                    } catch {
                        return "\(error)"
                    }
                },
                sync: { _ in
                    await Self.syncOnce(
                        store: store, database: database, pull: pull, signedIn: configuration.webAuthToken != nil,
                        lockPath: lockPath, context: context)
                }),
            store: store,
            report: { [weak self] report in
                if case .attempt(let attempt) = report { self?.changed += attempt.result?.changed ?? 0 }
                lines.show(report)
            })
        try await watcher.run()
    }

    /// One attempt of the watcher: under the one-sync lock (held by another sync: a temporary
    /// failure, retried), the canonical pull and, signed in, the user's data; each folded into
    /// the store file, so a long-running watcher keeps the WAL small.
    @MainActor
    static func syncOnce(
        store: CanonicalStore, database: CloudDatabase, pull: CanonicalSyncOptions, signedIn: Bool, lockPath: String,
        context: CLIContext
    ) async -> SyncResult {
        let lock: SyncLock
        do {
            lock = try SyncLock.acquire(at: lockPath)
        } catch {
            var result = SyncResult(full: false)
            result.add(SyncFailure(recordType: nil, message: "\(error)", isTemporary: true, stopsSync: true))
            return result
        }
        defer { lock.release() }
        let sync = CanonicalSync(
            store: store, source: CloudRecordSource(database: database), options: pull, now: { Date() })
        var result = await sync.run()
        if signedIn {
            let user = await UserDataSync(store: store, database: database).run()
            for failure in user.failures { result.add(failure) }
        }
        TripChangeReport.run(context, store: store)
        context.finishStore()
        return result
    }

    /// The store, bootstrapped under the sync lock when it is free (a first run imports the
    /// bundle); when another sync holds it, that sync has made the store already.
    private func openStore() throws -> CanonicalStore {
        guard let lock = try? SyncLock.acquire(at: context.storeLocation.lockPath) else { return try context.store() }
        defer { lock.release() }
        return try context.store()
    }

    private static func wallNowMs() -> Int64 {
        Int64((Date().timeIntervalSince1970 * 1000).rounded())
    }
}
