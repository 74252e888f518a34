import Foundation
import TripsCLI
import TripsSync

/// `trips sync --watch` from the leagues' feeds: a feeds sync at once and then every interval
/// (6 h by default: the feeds change a few times a day), its league lines and then one
/// `WatchLines` line per round. A failed round is said and the next one tries again; only
/// Ctrl-C or SIGTERM end it (exit 130), keeping every round already applied.
@MainActor
struct FeedsWatchRun {
    let feeds: FeedsSyncRun
    let interval: Duration

    func run(setCancel: (@escaping @MainActor () -> Void) -> Void) async throws {
        let context = feeds.context
        let lines = WatchLines(context: context, format: feeds.options.format, quiet: feeds.options.quiet)
        let intervalMs = Self.milliseconds(interval)
        var changed = 0
        var trigger = WatchTrigger.start
        while feeds.interruption.reason == nil {
            let startedMs = Int64((Date().timeIntervalSince1970 * 1000).rounded())
            var result = SyncResult(full: false)
            do {
                let (refreshed, pulled) = try await feeds.syncOnce(setCancel: setCancel)
                result = pulled
                for failure in FeedsSyncRun.failures(refreshed) { result.add(failure) }
                if !feeds.options.quiet && feeds.options.format != .json {
                    for season in refreshed { context.stdout.line(feeds.describe(season)) }
                }
                TripChangeReport.run(context)
            } catch let error as FeedsSyncError where error.exitCode == ExitStatus.usage {
                throw error
            } catch {
                result.add(SyncFailure(recordType: nil, message: "\(error)", isTemporary: true, stopsSync: true))
            }
            changed += result.changed
            lines.show(
                .attempt(WatchAttempt(trigger: trigger, startedMs: startedMs, result: result, nextInMs: intervalMs)))
            if result.wasCancelled { break }
            trigger = .interval
            let pause = Task { @MainActor in try? await Task.sleep(for: interval) }
            setCancel { pause.cancel() }
            await pause.value
        }
        throw SyncStopped.cancelled(reason: feeds.interruption.reason, changed: changed, watching: true)
    }

    private static func milliseconds(_ duration: Duration) -> Int64 {
        let parts = duration.components
        return max(1, parts.seconds * 1000 + parts.attoseconds / 1_000_000_000_000_000)
    }
}
