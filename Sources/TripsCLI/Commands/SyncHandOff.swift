import ArgumentParsing

/// `trips sync`'s options: declared and checked in `trips` (so `--help` works and a bad value
/// fails before the hand-off), read again by the real command in `trips-sync`.
package struct SyncOptions: Sendable {
    enum Options {
        static let full = Option<Bool>.flag(
            "full", "Read everything again, then hide local records the cloud no longer has")
        static let timeLimit = Option<Double?>.number(
            "time-limit", "SECONDS", in: 0.001...604_800, "Stop at the next page boundary after SECONDS (exit 130)")
        static let quiet = Option<Bool>.flag("quiet", short: "q", "Print only errors")
        static let format = Option<OutputFormat?>.choice(
            "format", "FORMAT", among: [OutputFormat.table, .json], "Summary: table (default) or json")
        /// The cloud's limit per request (CloudKit's 200; `CanonicalSyncOptions.maximumPageSize`).
        static let pageSize = Option<Int?>.int(
            "page-size", "N", in: 1...200, "Records per request, 1 to 200 (default: sync.pageSize, 200)")
        static let watch = Option<Bool>.flag(
            "watch", "Keep running: sync now, every --interval, and when the network comes back")
        static let interval = Option<Duration?>.duration(
            "interval", "TIME", in: .seconds(1)...(.seconds(86_400)),
            "With --watch: time between syncs, e.g. 30s, 5m, 1h (default 30s; 6h from the feeds)")
        static let source = Option<String?>.value(
            "source", "SOURCE",
            "feeds (the leagues' own feeds; the default with no cloud configured) or cloud (cloud.url)")
        static let sport = Option<[String]>.commaList(
            "sport", "LEAGUE",
            "Read these leagues' feeds: mlb, nba, nfl, nhl, mls, wnba (comma-separated or repeated; default all)")
        static let season = Option<String?>.value(
            "season", "SEASON", "Read the feeds of this season (2024, 2025-26), not the one under way or next")
        static let overlap = Option<Int?>.int(
            "overlap", "SECONDS", in: 0...86_400,
            "Re-read this far before each watermark (default: sync.overlapSeconds, 300)")
    }

    package var full: Bool
    package var timeLimit: Double?
    package var quiet: Bool
    package var format: OutputFormat
    package var pageSize: Int?
    package var overlapSeconds: Int?
    /// `--watch`'s interval; nil for a single sync.
    package var watchInterval: Duration?
    /// `--interval` as given: the feeds' watch has its own default (they change a few times a day).
    package var askedInterval: Duration?

    /// Where to read: nil lets the configuration decide (a cloud when one is set, else the feeds).
    package var source: SyncSource?
    /// With feeds: the leagues to read (empty: every league) and one season for all of them.
    package var sports: [String]
    package var season: String?

    /// A watcher's interval when --interval is not given.
    package static let defaultWatchInterval: Duration = .seconds(30)
    /// The same, watching the leagues' feeds.
    package static let defaultFeedsWatchInterval: Duration = .seconds(6 * 3600)

    package init(_ arguments: ParsedArguments) throws(UsageError) {
        full = try arguments.read(Options.full)
        timeLimit = try arguments.read(Options.timeLimit)
        quiet = try arguments.read(Options.quiet)
        format = try arguments.read(Options.format) ?? .table
        pageSize = try arguments.read(Options.pageSize)
        overlapSeconds = try arguments.read(Options.overlap)
        let watch = try arguments.read(Options.watch)
        let interval = try arguments.read(Options.interval)
        if interval != nil && !watch { throw arguments.error(.missingRequired("--watch (--interval applies to it)")) }
        if watch && full { throw arguments.error(.conflicting("--watch", "--full")) }
        watchInterval = watch ? interval ?? Self.defaultWatchInterval : nil
        askedInterval = interval
        switch try arguments.read(Options.source)?.lowercased() {
        case nil: source = nil
        case "feeds": source = .feeds
        case "cloud": source = .cloud
        case let other?:
            throw arguments.error(.invalidValue(option: "--source", value: other, reason: "expected feeds or cloud"))
        }
        var sports: [String] = []
        for item in try arguments.read(Options.sport).flatMap({ $0.split(separator: ",") }) {
            let league = item.filter { !$0.isWhitespace }.lowercased()
            if !sports.contains(league) { sports.append(league) }
        }
        self.sports = sports
        season = try arguments.read(Options.season)
        if source == .cloud && (!sports.isEmpty || season != nil) {
            throw arguments.error(.conflicting("--source cloud", sports.isEmpty ? "--season" : "--sport"))
        }
    }

    package static func spec(action: @escaping TripsCommandSpec.Action) -> TripsCommandSpec {
        TripsCommandSpec(
            name: "sync", summary: "Update the schedules from your cloud or the leagues' own feeds",
            usage: "[status] [options]",
            discussion: """
                Pulls every record type (sports, leagues, stadiums, teams, aliases, games) from where
                the last sync stopped. Each page is saved with its progress in one step, so Ctrl-C,
                SIGTERM or --time-limit stop cleanly at the next page (exit 130) and the next run
                resumes. Only one sync runs per store at a time (a second one exits 75).
                --watch keeps running: it syncs at once, then every --interval, and 2.5 s after the
                network comes back (a flapping link syncs once, after it settles); after a failure
                it retries sooner with a growing wait (never before the cloud's retryAfter, even
                after a restart). One line per sync (--quiet: failures only; --format json: one JSON
                object per line). Ctrl-C or SIGTERM stop it at the next page (exit 130).
                The cloud is set with `trips config set cloud.url|cloud.container|cloud.apiToken …`
                or TRIPS_CLOUD_URL, TRIPS_CLOUD_CONTAINER, TRIPS_CLOUD_ENVIRONMENT, TRIPS_CLOUD_API_TOKEN.
                With no cloud set (or --source feeds), trips reads the leagues' own public feeds
                itself: per league the season under way or the next one (--sport, --season narrow
                or pick others), published into a feeds database beside the store as trips-cloud
                publish would, then pulled from it: `trips sync --sport mlb --season 2025` brings
                that season's results. TRIPS_FEEDS_URL sends every feed request to one origin
                instead (a local server of recorded responses), paths unchanged. Each feed's fetch
                ends within TRIPS_FEEDS_DEADLINE seconds (default 60); a host that is down or too
                slow leaves its league as the store had it (exit 75). With --watch, the feeds are
                read at once and then every --interval (default 6h), a line per round.
                """,
            options: [
                Options.source, Options.sport, Options.season, Options.full, Options.watch, Options.interval,
                Options.timeLimit, Options.quiet, Options.format, Options.pageSize, Options.overlap,
            ],
            subcommands: [SyncStatusCommand.spec],
            examples: [
                "trips sync", "trips sync --full --format json", "trips sync --time-limit 30 --quiet",
                "trips sync --watch --interval 5m",
            ],
            action: action)
    }
}

/// Where `trips sync` reads the canonical records from.
package enum SyncSource: Sendable, Hashable {
    /// The leagues' own public feeds, read by this device.
    case feeds
    /// The configured cloud (`cloud.url`).
    case cloud
}

/// `trips sync` inside `trips`: checks the options, then `TripsCommandLine.main` replaces the
/// process with `trips-sync` (see `SyncDelegation`), which runs the real command.
struct SyncHandOff: TripsCommand {
    static let spec = SyncOptions.spec(action: action)

    init(_ arguments: ParsedArguments, context: CLIContext) throws {
        _ = try SyncOptions(arguments)
    }

    func run(_ context: CLIContext) {
        context.handOff = .sync
    }
}
