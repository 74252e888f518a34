import CloudKitClient
import FeedFetch
import FeedSync
import Foundation
import InputText
import OutputText
import Publisher
import TripsCLI
import TripsModel
import TripsRender
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

    /// A good citizen of the leagues' hosts: one connection and about three requests a second to
    /// each (none spaced out for a loopback origin), saying who asks; a whole fetch ends in
    /// `deadline` seconds (`TRIPS_FEEDS_DEADLINE`, default 60).
    static func policy(environment: [String: String]) throws(FeedsSyncError) -> FeedFetchPolicy {
        var deadline = 60.0
        if let text = environment["TRIPS_FEEDS_DEADLINE"], !text.isEmpty {
            guard let seconds = Double(text), seconds.isFinite, seconds > 0, seconds <= 86_400 else {
                throw .badDeadline(text)
            }
            deadline = seconds
        }
        return FeedFetchPolicy(minimumInterval: 0.3, deadline: deadline, userAgent: "trips/\(TripsVersion.number)")
    }

    func run(setCancel: (@escaping @MainActor () -> Void) -> Void) async throws {
        let (refreshed, result) = try await syncOnce(setCancel: setCancel)
        if !options.quiet {
            for season in refreshed { context.stdout.line(describe(season)) }
            context.stdout.write(SyncSummary.table(result, style: context.style))
        }
        TripChangeReport.run(context)
        try report(refreshed, pulled: result)
    }

    /// One refresh of the feeds database and one pull from it, under the one-sync lock.
    func syncOnce(
        setCancel: (@escaping @MainActor () -> Void) -> Void
    ) async throws -> ([LeagueSeasonRefresh], SyncResult) {
        let leagues = try chosenLeagues()
        let policy = try Self.policy(environment: context.environment)
        let today = CalendarDay(context.now, in: context.localZone)
        // The season under way and, once the league may have published it, the next one.
        let seasons = SeasonFeeds.leagueSeasons(leagues, season: options.season, on: today)

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
        // The NHL's clubs, whose season schedules are read beside the league's weeks.
        let clubs = ["nhl": (try? context.provider().teams(sports: ["nhl"]).map(\.abbreviation)) ?? []]
        let refreshTask = Task { @MainActor in
            await refresh(seasons, into: database, places: places, clubs: clubs, policy: policy)
        }
        setCancel { refreshTask.cancel() }
        let refreshed = await refreshTask.value

        let pull = CanonicalSyncOptions(full: options.full, cloudIdentity: database.identity)
        let sync = CanonicalSync(store: store, source: database, options: pull, now: context.syncClock)
        let pullTask = Task { @MainActor in await sync.run() }
        setCancel { pullTask.cancel() }
        let pulled = await pullTask.value
        if pulled.errors.isEmpty, !pulled.wasCancelled { remember(refreshed, in: store, at: nowMs) }
        return (refreshed, pulled)
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
        _ seasons: [(league: String, season: String)], into database: FeedsDatabase, places: URL,
        clubs: [String: [String]], policy: FeedFetchPolicy
    ) async -> [LeagueSeasonRefresh] {
        let live = !options.quiet && context.stderrIsTerminal
        let origin = context.environment["TRIPS_FEEDS_URL"].flatMap { $0.isEmpty ? nil : $0 }
        let refreshed = await FeedsRefresh.run(
            seasons, into: database, origin: origin, clubs: clubs,
            gazetteer: {
                (try? String(contentsOf: places, encoding: .utf8)).flatMap { try? Gazetteer(tsv: $0) }
            }, policy: policy,
            progress: { name, done, total, games in
                if live { Self.liveLine("\(name): \(done) of \(total) requests, \(games.grouped) games read") }
            })
        if live { Self.liveLine("") }
        return refreshed
    }

    /// The exit the run deserves: 130 when stopped, the pull's errors, else the leagues that
    /// could not be read.
    private func report(_ refreshed: [LeagueSeasonRefresh], pulled result: SyncResult) throws {
        if result.wasCancelled || interruption.reason != nil {
            throw SyncStopped.cancelled(reason: interruption.reason, changed: result.changed, watching: false)
        }
        if !result.errors.isEmpty { throw SyncStopped.failed(result.errors) }
        let failed = Self.failures(refreshed)
        if !failed.isEmpty {
            throw FeedsSyncError.leagues(failed.map(\.message), temporary: failed.allSatisfy(\.isTemporary))
        }
    }

    /// The league-seasons not read, each as "MLB 2025: why".
    static func failures(_ refreshed: [LeagueSeasonRefresh]) -> [SyncFailure] {
        refreshed.compactMap { season in
            guard case .failed(let reason, let temporary) = season.outcome else { return nil }
            return SyncFailure(
                recordType: nil, message: "\(season.league.uppercased()) \(season.season): \(reason)",
                isTemporary: temporary, stopsSync: false)
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

    /// "MLB 2025: 103 moved, 619 times set …", "NHL 2026-27: unchanged (HTTP 304)", or why not
    /// and what the store still holds of the league.
    func describe(_ season: LeagueSeasonRefresh) -> String {
        let name = "\(season.league.uppercased()) \(season.season)"
        switch season.outcome {
        case .published(let lines, let created, let updated, let deprecated):
            return lines.isEmpty
                ? "\(name): \(created) new, \(updated) changed, \(deprecated) removed" : lines.joined(separator: "\n")
        case .unchanged:
            return "\(name): unchanged since the last sync (the league's feeds answered 304)"
        case .failed(let reason, _):
            return "\(name): not read (\(reason)); " + holdings(of: season.league)
        }
    }

    /// "you have the bundle's 2025-26", "you have 2025 (synced) and the bundle's 2024", from the
    /// seasons the store has loaded (what `trips seasons` lists).
    private func holdings(of league: String) -> String {
        guard let loaded = try? context.provider().loadedSeasons(sports: [league]), !loaded.isEmpty else {
            return "the store has no \(league.uppercased()) season"
        }
        let synced = loaded.filter { $0.syncedGames > 0 }.map(\.season)
        let bundled = loaded.filter { $0.syncedGames == 0 }.map(\.season)
        let parts =
            (synced.isEmpty ? [] : [synced.joined(separator: ", ") + " (synced)"])
            + (bundled.isEmpty ? [] : ["the bundle's " + bundled.joined(separator: ", ")])
        return "you have " + parts.joined(separator: " and ")
    }
}

/// Why a sync from the feeds did not finish.
enum FeedsSyncError: Error, ExitCodeProviding, CustomStringConvertible {
    case unknownLeague(String, suggestion: String?)
    case database(String)
    /// TRIPS_FEEDS_DEADLINE is not a number of seconds trips can wait.
    case badDeadline(String)
    /// Some leagues could not be read; `temporary` when every one was a host out of reach.
    case leagues([String], temporary: Bool)

    var exitCode: Int32 {
        switch self {
        case .unknownLeague, .badDeadline: return ExitStatus.usage
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
        case .badDeadline(let text):
            return "TRIPS_FEEDS_DEADLINE is '\(text.terminalSafe)': expected seconds, more than 0 and at most 86400"
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
}
