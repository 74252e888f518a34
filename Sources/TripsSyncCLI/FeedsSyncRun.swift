import CloudKitClient
import FeedFetch
import FeedSync
import Foundation
import InputText
import Publisher
import TripsCLI
import TripsModel
import TripsStore
import TripsSync
import TripsZones

/// `trips sync` from the leagues' own feeds: each league-season's feeds published into the
/// device's feeds database (a line per league-season), then the store pulled from it like from
/// any cloud (the usual summary). A league whose host cannot be reached, or whose answer is
/// refused, is said so and changes nothing; the others are applied.
@MainActor
struct FeedsSyncRun {
    let context: CLIContext
    let options: SyncOptions
    let interruption: SyncInterruption

    /// A good citizen of the leagues' hosts: at most four requests a second to one host.
    static let policy = FeedFetchPolicy(minimumInterval: 0.25)

    func run(setCancel: (@escaping @MainActor () -> Void) -> Void) async throws {
        let leagues = try chosenLeagues()
        let today = CalendarDay(context.now, in: context.localZone)
        // The season under way and, once the league may have published it, the next one.
        let seasons = leagues.flatMap { league in
            (options.season.map { [$0] } ?? SeasonFeeds.defaultSeasons(of: league, on: today)).map {
                (league: league, season: $0)
            }
        }

        let lock = try SyncLock.acquire(at: context.storeLocation.lockPath)
        defer { lock.release() }
        let store = try context.store()
        let bundle = try context.bundleLocator.locate()
        let nowMs = Int64((context.syncClock().timeIntervalSince1970 * 1000).rounded())
        let database: FeedsDatabase
        do {
            database = try FeedsDatabase.open(
                path: context.storeLocation.feedsDatabasePath, bundle: bundle, nowMs: nowMs)
        } catch {
            throw FeedsSyncError.database("\(error)")
        }
        let places = bundle.appendingPathComponent("places.tsv")
        let refreshTask = Task { @MainActor in await refresh(seasons, into: database, places: places) }
        setCancel { refreshTask.cancel() }
        let refreshed = await refreshTask.value

        let pull = CanonicalSyncOptions(full: options.full, cloudIdentity: database.identity)
        let sync = CanonicalSync(store: store, source: database, options: pull, now: context.syncClock)
        let pullTask = Task { @MainActor in await sync.run() }
        setCancel { pullTask.cancel() }
        let pulled = await pullTask.value
        if pulled.errors.isEmpty, !pulled.wasCancelled { remember(refreshed, in: store, at: nowMs) }
        try report(refreshed, pulled: pulled)
    }

    /// When each league-season read (changed or answered 304) was last read, for `trips seasons`;
    /// only once the store holds what it said.
    private func remember(_ refreshed: [LeagueSeasonRefresh], in store: CanonicalStore, at nowMs: Int64) {
        for season in refreshed {
            if case .failed = season.outcome { continue }
            for held in season.heldSeasons {
                try? store.setInfo(CanonicalStore.feedsReadKey(league: season.league, season: held), String(nowMs))
            }
        }
    }

    /// Each league-season's feeds published into the feeds database; a live line per
    /// league-season on a terminal ("NHL 2026-27: 12 of 44 requests").
    private func refresh(
        _ seasons: [(league: String, season: String)], into database: FeedsDatabase, places: URL
    ) async -> [LeagueSeasonRefresh] {
        let live = !options.quiet && context.stderrIsTerminal
        let origin = context.environment["TRIPS_FEEDS_URL"].flatMap { $0.isEmpty ? nil : $0 }
        let refreshed = await FeedsRefresh.run(
            seasons, into: database, origin: origin,
            gazetteer: {
                (try? String(contentsOf: places, encoding: .utf8)).flatMap { try? Gazetteer(tsv: $0) }
            }, policy: Self.policy,
            progress: { name, done, total in
                if live { Self.liveLine("\(name): \(done) of \(total) requests") }
            })
        if live { Self.liveLine("") }
        return refreshed
    }

    /// A line per league-season and the pull's summary; the exit the run deserves: 130 when
    /// stopped, the pull's errors, else the leagues that could not be read.
    private func report(_ refreshed: [LeagueSeasonRefresh], pulled result: SyncResult) throws {
        if !options.quiet {
            for season in refreshed { context.stdout.line(Self.describe(season)) }
            context.stdout.write(SyncSummary.table(result, style: context.style))
        }
        if result.wasCancelled || interruption.reason != nil {
            throw SyncStopped.cancelled(reason: interruption.reason, changed: result.changed, watching: false)
        }
        let failed = refreshed.compactMap { season -> (String, Bool)? in
            if case .failed(let reason, let temporary) = season.outcome {
                return ("\(season.league.uppercased()) \(season.season): \(reason)", temporary)
            }
            return nil
        }
        if !result.errors.isEmpty { throw SyncStopped.failed(result.errors) }
        if !failed.isEmpty {
            throw FeedsSyncError.leagues(failed.map { $0.0 }, temporary: failed.allSatisfy { $0.1 })
        }
    }

    /// Rewrites the terminal's last line of stderr (written at once: progress must not wait for
    /// the buffered output the summary goes through).
    @Sendable nonisolated static func liveLine(_ text: String) {
        FileHandle.standardError.write(Data(("\r\u{1B}[2K" + text).utf8))
    }

    /// The leagues asked (`--sport`), checked, or every league trips reads feeds of.
    private func chosenLeagues() throws -> [String] {
        guard !options.sports.isEmpty else { return SeasonFeeds.leagues }
        for sport in options.sports where !SeasonFeeds.leagues.contains(sport) {
            let near = SeasonFeeds.leagues.min { EditDistance.between($0, sport) < EditDistance.between($1, sport) }
            throw FeedsSyncError.unknownLeague(sport, suggestion: near)
        }
        return options.sports
    }

    /// "MLB 2025: 103 moved, 619 times set …", "NHL 2026-27: unchanged (HTTP 304)", or why not.
    static func describe(_ season: LeagueSeasonRefresh) -> String {
        let name = "\(season.league.uppercased()) \(season.season)"
        switch season.outcome {
        case .published(let lines, let created, let updated, let deprecated):
            return lines.isEmpty
                ? "\(name): \(created) new, \(updated) changed, \(deprecated) removed" : lines.joined(separator: "\n")
        case .unchanged:
            return "\(name): unchanged since the last sync (the league's feeds answered 304)"
        case .failed(let reason, _):
            return "\(name): not read (\(reason)); the store keeps what it had"
        }
    }
}

/// Why a sync from the feeds did not finish.
enum FeedsSyncError: Error, ExitCodeProviding, CustomStringConvertible {
    case unknownLeague(String, suggestion: String?)
    case database(String)
    /// `--watch` follows a cloud; from the feeds a timer runs `trips sync`.
    case watchNotYet
    /// Some leagues could not be read; `temporary` when every one was a host out of reach.
    case leagues([String], temporary: Bool)

    var exitCode: Int32 {
        switch self {
        case .unknownLeague, .watchNotYet: return ExitStatus.usage
        case .database: return ExitStatus.failure
        case .leagues(_, let temporary): return temporary ? ExitStatus.temporary : ExitStatus.failure
        }
    }

    var description: String {
        switch self {
        case .unknownLeague(let sport, let suggestion):
            return "no feeds for '\(sport)'" + (suggestion.map { " — did you mean \($0)?" } ?? "")
                + " (leagues: \(SeasonFeeds.leagues.joined(separator: ", ")))"
        case .database(let reason): return "the feeds database cannot be used: \(reason)"
        case .watchNotYet:
            return "sync --watch follows a cloud (cloud.url); from the leagues' feeds, run `trips sync` "
                + "from a timer instead (every few hours: the feeds change a few times a day)"
        case .leagues(let failures, _):
            return "could not read " + failures.joined(separator: "; ") + " — run `trips sync` again later"
        }
    }
}

extension SyncSettings {
    /// Where this sync reads: `--source`, else `sync.source` (or TRIPS_SYNC_SOURCE), else a cloud
    /// when one is set and the leagues' feeds when none is.
    func source(asked: SyncSource?) throws(SyncSetupError) -> SyncSource {
        if let asked { return asked }
        let configured: String?
        do throws(ConfigError) { configured = try validated(.syncSource) } catch { throw .invalidSetting(error) }
        switch configured {
        case "feeds": return .feeds
        case "cloud": return .cloud
        default: return hasCloud ? .cloud : .feeds
        }
    }

    /// Whether the user set a cloud at all (its URL, container or token; the URL's default,
    /// Apple's, is none): then `trips sync` reads it, and says what else it lacks; without one,
    /// it reads the leagues' feeds.
    var hasCloud: Bool {
        entries.contains { entry in
            [.cloudURL, .cloudContainer, .cloudAPIToken].contains(entry.key)
                && { if case .environment = entry.source { true } else { entry.source == .file } }()
        }
    }
}
