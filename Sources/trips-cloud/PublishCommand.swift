import ArgumentParsing
import CloudKitClient
import CloudKitSigning
import CloudKitWeb
import CloudServer
import FeedFetch
import Foundation
import InputText
import LeagueFeeds
import Publisher
import RecordSchema
import TripsModel

/// `trips-cloud publish --feed KIND=SOURCE … (--db PATH | --url URL --key-id ID --key PEM)`:
/// the leagues' feeds normalised and compared with the cloud's live public records, and only
/// the difference written, in atomic batches. Exit codes: 0 published (or nothing to do),
/// 1 failed, 2 usage, 65 a diff refused as suspicious (use --force), 69 the cloud failed, 75 another
/// publisher holds the lease.
enum PublishCommand {
    enum Options {
        static let feed = Option<[String]>.list(
            "feed", "KIND=SOURCE",
            "A feed: KIND mlb-statsapi, nhl-api-web, nba-schedule or espn-scoreboard; SOURCE a file or http(s) URL")
        static let key = Option<String?>.value("key", "FILE.pem", "With --url: the server-to-server key's private PEM")
        static let dryRun = Option<Bool>.flag("dry-run", "Print the diff; write nothing")
        static let force = Option<Bool>.flag("force", "Deprecate even more than 20 % of a season's games")
        static let refetch = Option<Bool>.flag(
            "refetch",
            "Fetch every URL in full, without the validators kept by the last publish (after adding an alias)")
        static let format = Option<String?>.value("format", "FORMAT", "text (default) or json")
        static let league = Option<[String]>.commaList(
            "league", "LEAGUE",
            "A league's whole season from its own host: mlb, nba, nfl, nhl, mls or wnba (the season under way, and MLB's next once published)"
        )
        static let season = Option<String?>.value(
            "season", "SEASON", "With --league: this season (2025, 2026-27), not the one under way")
    }

    static let spec = CommandSpec<Void>(
        name: "publish", summary: "Publish the leagues' schedule feeds to the public database (only what changed)",
        usage:
            "(--league LEAGUE[,…] [--season S] | --feed KIND=SOURCE …) (--db PATH | --url URL --key-id ID --key FILE.pem) [--dry-run]",
        discussion: """
            --league reads a league's whole season from the league's own feeds, as `trips sync`
            does without a cloud: the MLB Stats API by season (every game type, venues placed),
            the NHL's schedule week by week from September to June, NBA's season schedule, and
            ESPN's scoreboard over the season's months for the NFL, MLS and WNBA. TRIPS_FEEDS_URL
            sends those requests to one origin instead, paths and queries unchanged.
            Reads each feed, matches its teams and venues to the cloud's (a neutral-site venue the
            cloud does not know becomes a Stadium record; a home game's venue no stadium goes by is
            the home team's park, with a note), gives each game its record — by the league's id kept in
            the record's sourceId, else the bundle's game of the same teams, local date and game
            number — and writes creates, updates and deprecations in atomic batches. Games of the
            feed's league seasons that it no longer lists, on the days it covers (its first to last
            day per season), are deprecated; games outside those days are left alone; more than
            20 % of the covered games is refused (exit 65) unless --force. Prints one line per
            league season, or with --format json one object whose created, updated and deprecated
            are the totals.
            A URL is asked with the ETag / Last-Modified it answered when last published (kept in the
            cloud): unchanged (HTTP 304), its feed is left out, and with every feed unchanged nothing
            is read or written; --refetch fetches in full (after adding an alias, say).
            One publisher at a time: a run holds a lease record (120 s, renewed while it writes); a
            second one exits 75 naming the holder and until when; a lease left by a killed run expires
            (at once when its process, on this host, is gone).
            Exit status: 0 done, 1 failed, 2 usage, 65 refused (truncated feed?), 69 cloud failed,
            75 another publisher is at work.
            """,
        options: [
            Options.feed, AdminCommand.Access.db, AdminCommand.Access.url, AdminCommand.Access.keyID, Options.key,
            AdminCommand.Access.container, TokenSource.api.file, TokenSource.api.argv, Options.dryRun, Options.force,
            Options.refetch,
            Options.format, Options.league, Options.season,
        ],
        examples: [
            "trips-cloud publish --league mlb,nhl,nba,nfl --db cloud.sqlite",
            "trips-cloud publish --league mlb --season 2025 --db cloud.sqlite --dry-run",
            "trips-cloud publish --feed mlb-statsapi=schedule.json --db cloud.sqlite --dry-run",
            "trips-cloud publish --league nhl --url URL --key-id ID --key key.pem --container iCloud.trips",
        ],
        action: { a, _ in try await run(a) })

    static let kinds: [String: FeedFormat] = [
        "mlb-statsapi": .mlbStatsAPISchedule, "nhl-api-web": .nhlSchedule, "nba-schedule": .nbaScheduleLeague,
        "espn-scoreboard": .espnScoreboard,
    ]

    static func run(_ a: ParsedArguments) async throws {
        let feeds = try a.read(Options.feed)
        let seasons = try leagueSeasons(a)
        guard !feeds.isEmpty || !seasons.isEmpty else {
            throw a.error(.missingRequired("--league LEAGUE or --feed KIND=SOURCE"))
        }
        let json: Bool
        switch try a.read(Options.format) {
        case nil, "text": json = false
        case "json": json = true
        case let other?: throw CloudUsageError("--format \(other): text or json")
        }
        let origin = ProcessInfo.processInfo.environment["TRIPS_FEEDS_URL"].flatMap { $0.isEmpty ? nil : $0 }
        let requests =
            try feeds.map(request)
            + seasons.flatMap { SeasonFeeds.requests(league: $0.league, season: $0.season, origin: origin) }
        let database = try access(a)
        let started = Date()
        let run: FeedRun
        do {
            run = try await FeedRun.run(
                requests, to: database, refetch: try a.read(Options.refetch), gazetteer: { gazetteer() },
                dryRun: try a.read(Options.dryRun), force: try a.read(Options.force),
                holder: Self.holder.name, holderIsGone: { LeaseHolder.isGone($0) })
        } catch let error as PublishError {
            Stderr.line("trips-cloud: publish: \(error)")
            exit(error.exitCode)
        } catch {
            throw CommandError("\(error)")
        }
        guard let publication = run.publication else {
            reportUnchanged(run.unchanged, json: json, seconds: Date().timeIntervalSince(started))
            return
        }
        report(publication, unchanged: run.unchanged, json: json, seconds: Date().timeIntervalSince(started))
    }

    /// `--league` (checked, with a suggestion) and `--season`: the league seasons to publish whole.
    static func leagueSeasons(_ a: ParsedArguments) throws -> [(league: String, season: String)] {
        let leagues = try a.read(Options.league).flatMap { $0.split(separator: ",") }.map {
            String($0.filter { !$0.isWhitespace }).lowercased()
        }
        let season = try a.read(Options.season)
        if season != nil && leagues.isEmpty { throw a.error(.missingRequired("--league (--season applies to it)")) }
        for league in leagues where !SeasonFeeds.leagues.contains(league) {
            let near = SeasonFeeds.leagues.min { EditDistance.between($0, league) < EditDistance.between($1, league) }
            throw CloudUsageError(
                "--league \(league): no such league" + (near.map { " — did you mean \($0)?" } ?? "")
                    + " (leagues: \(SeasonFeeds.leagues.joined(separator: ", ")))")
        }
        let today = CalendarDay(Date(), in: .utc)
        return SeasonFeeds.leagueSeasons(leagues, season: season, on: today)
    }

    /// One `--feed KIND=SOURCE`: a file or URL read as that kind of feed.
    static func request(_ feed: String) throws -> FeedRequest {
        guard let eq = feed.firstIndex(of: "="), let format = kinds[String(feed[..<eq])] else {
            throw CloudUsageError(
                "--feed \(feed): KIND=SOURCE, KIND one of \(kinds.keys.sorted().joined(separator: ", "))")
        }
        do {
            return FeedRequest(format: format, source: try FeedSource(String(feed[feed.index(after: eq)...])))
        } catch {
            throw CloudUsageError("--feed \(feed): \(error)")
        }
    }

    /// Every feed answered 304: the cloud already holds what they say; nothing read or written.
    static func reportUnchanged(_ unchanged: [String], json: Bool, seconds: Double) {
        if json {
            let object: [String: Any] = [
                "created": 0, "updated": 0, "deprecated": 0, "unchangedFeeds": unchanged, "seasons": [Any](),
                "seconds": (seconds * 1000).rounded() / 1000,
            ]
            let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
            print(String(decoding: data, as: UTF8.self))
            return
        }
        for feed in unchanged { print("unchanged since the last publish (HTTP 304): \(feed)") }
        print("0 created, 0 updated, 0 deprecated")
    }

    static func report(_ p: Publication, unchanged: [String], json: Bool, seconds: Double) {
        let n = p.normalised
        if json {
            var object: [String: Any] = [
                "created": p.plan.created, "updated": p.plan.updated, "deprecated": p.plan.deprecated,
                "unchangedFeeds": unchanged,
                "dryRun": !p.written, "stadiumsCreated": n.newStadiums.count, "leftOut": n.leftOut,
                "unresolvedTeams": n.unresolvedTeams.sorted(), "venuesAsHomePark": n.venuesAsHomePark.sorted(),
                "seconds": (seconds * 1000).rounded() / 1000,
            ]
            object["seasons"] = p.plan.summaries.sorted { $0.key < $1.key }.map { season, summary -> [String: Any] in
                var counts: [String: Int] = [:]
                for (change, count) in summary.counts { counts[change.rawValue] = count }
                return [
                    "league": season.league, "season": season.season, "changes": counts, "line": summary.description,
                    "unchanged": summary.unchanged,
                ]
            }
            let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
            print(String(decoding: data, as: UTF8.self))
            return
        }
        for feed in unchanged { print("unchanged since the last publish (HTTP 304): \(feed)") }
        for line in p.summaryLines { print(line) }
        let verb = p.written ? "written" : "to write (dry run)"
        print(
            "\(p.plan.created) created, \(p.plan.updated) updated, \(p.plan.deprecated) deprecated \(verb)"
                + (n.newStadiums.isEmpty ? "" : "; new venues: \(n.newStadiums.map(\.name).joined(separator: ", "))"))
        for team in n.unresolvedTeams.sorted() { Stderr.line("trips-cloud: publish: no team in the cloud for \(team)") }
        for venue in n.venuesAsHomePark.sorted() {
            Stderr.line("trips-cloud: publish: note: a home game's venue taken as the home park: \(venue)")
        }
    }

    /// This process as the lease's holder, for its whole life: its token's locked file says it
    /// is alive (a local would be released, and its lock with it, after its last use).
    static let holder = LeaseHolder()

    /// The gazetteer of the bundled `Data/` (locations of unknown venues), if there is one.
    static func gazetteer() -> Gazetteer? {
        guard let data = DataBundleSearch().locate(),
            let text = try? String(contentsOf: data.appendingPathComponent("places.tsv"), encoding: .utf8)
        else { return nil }
        return try? Gazetteer(tsv: text)
    }

    /// The public database: a database file in-process or a server over HTTP, signed.
    static func access(_ a: ParsedArguments) throws -> any PublicDatabase {
        let url = try a.read(AdminCommand.Access.url)
        let container = try a.read(AdminCommand.Access.container)
        let apiToken = try TokenSource.api.read(a)
        if let path = try a.read(AdminCommand.Access.db) {
            guard url == nil else { throw CloudUsageError("give --db or --url, not both") }
            return PublisherRecords(records: try AdminCommand.fileAccess(path, container: container))
        }
        guard let text = url, let base = URL(string: text), base.scheme != nil else {
            throw CloudUsageError("publish needs --db PATH or --url URL --key-id ID --key FILE.pem")
        }
        guard let id = try a.read(AdminCommand.Access.keyID), let pem = try a.read(Options.key) else {
            throw CloudUsageError("--url needs --key-id ID and --key FILE.pem (a server-to-server key)")
        }
        let key: ServerToServerKey
        do {
            key = try ServerToServerKey(keyID: id, privateKeyFile: pem)
        } catch {
            throw CommandError(error.description)
        }
        let configuration = CloudConfiguration(
            baseURL: base, container: container ?? "iCloud.trips.local",
            apiToken: apiToken ?? "", serverKey: key)
        return PublisherRecords(
            records: ClientPublicRecords(database: CloudDatabase(configuration: configuration, scope: .public)))
    }
}

/// `PublicDatabase` over the admin commands' `PublicRecordAccess` (a file in-process or HTTP).
struct PublisherRecords: PublicDatabase {
    let records: any PublicRecordAccess

    func records(ofType recordType: String) async throws -> [Record] {
        try await records.records(ofType: recordType)
    }

    func modifyAtomically(_ operations: [RecordOperation]) async throws -> [ItemResult<Record>] {
        try await records.modify(operations, atomic: true)
    }
}
