import ArgumentParsing
import FoundationEssentials
import Glibc
import TripsModel
import TripsStore

/// `trips seasons`: what the store holds — every sport's loaded seasons with their game counts,
/// how complete each is, where its games came from, and when the store last synced. The answer
/// to "why does `trips games --from today` show nothing?".
struct SeasonsCommand: ListingCommand {
    static let format = Option<OutputFormat?>.choice(
        "format", "FORMAT", among: [OutputFormat.table, .json], "Output: table (default), json")

    static let spec = TripsCommandSpec(
        name: "seasons", summary: "List the loaded seasons: games, completeness, source, last sync",
        discussion: """
            Completeness compares a season with a full one of its sport from the bundled data
            (an NBA season has 1,230 games); a partial season fills in as `trips sync` brings
            the rest. FIRST and LAST are its first and last scheduled days (venue-local).
            GAPS are days inside a season not known to be complete with no games yet: 4 or
            more days in a row without a game of the league (8 for a league that plays
            weekly, NFL and MLS), unless a complete season had a break then (an All-Star
            break a year earlier, give or take two weeks). JSON lists every gap, breaks too.
            SOURCE says whether the games are the bundled snapshot's or were changed by a sync.
            """,
        options: [ListingRequest.sport, format],
        examples: ["trips seasons", "trips seasons --sport nba", "trips seasons --format json"],
        action: action)

    var request: ListingRequest

    func listing(_ provider: DataProvider, sports: Set<String>?, context: CLIContext) throws -> SeasonListRenderer {
        let manifest = try? BundleManifest.load(from: context.bundleLocator.locate())
        let coverage = try provider.seasonCoverage(sports: sports, sizes: manifest?.seasonSizes)
        // The last sync's source: a cloud, or this device's own read of the leagues' feeds.
        let fromFeeds = (try? provider.store.info(CanonicalStore.cloudIdentityKey))??.hasPrefix("feeds:") ?? false
        let seasons = try provider.loadedSeasons(sports: sports).map { loaded in
            SeasonStatus(
                loaded, manifest: manifest,
                gaps: coverage.first { $0.sport == loaded.sport && $0.season == loaded.season }?.gaps ?? [],
                syncedFrom: fromFeeds ? "feeds" : "cloud")
        }
        let lastSyncMs = try provider.store.syncState(for: .game).lastSuccessMs
        let lastSync = lastSyncMs.map { Date(timeIntervalSince1970: Double($0) / 1000) }
        return SeasonListRenderer(seasons: seasons, lastSync: lastSync)
    }
}

/// A loaded season judged against the bundled data: the full size of a season of its sport and
/// whether it has reached it.
struct SeasonStatus {
    var loaded: LoadedSeason
    /// Games in a full season: the bundle's count for this season when the bundle says it is
    /// complete, else that of the sport's latest complete bundled season.
    var expected: Int?
    /// What the bundle notes about this season (why it is partial).
    var note: String?
    /// Its runs of days without games (`SeasonCoverage`): breaks and days with no games yet.
    var gaps: [ScheduleGap]

    /// Where synced games came from: "cloud", or "feeds" (the leagues' own, read by this device).
    var syncedFrom = "cloud"

    init(_ loaded: LoadedSeason, manifest: BundleManifest?, gaps: [ScheduleGap], syncedFrom: String = "cloud") {
        self.syncedFrom = syncedFrom
        self.loaded = loaded
        self.gaps = gaps
        note =
            manifest?.files.first { $0.recordType == "Game" && $0.sport == loaded.sport && $0.season == loaded.season }?
            .notes
        expected = manifest?.fullSeasonGames(sport: loaded.sport, season: loaded.season)
    }

    /// The gaps with no games published yet.
    var unpublished: [ScheduleGap] { gaps.filter { $0.kind == .notPublished } }

    /// Whether every game of the season is loaded; nil when no full season is known to compare.
    var complete: Bool? { expected.map { loaded.games >= $0 } }

    var completeness: String {
        switch complete {
        case true?: return "complete"
        case false?: return "\(loaded.games.grouped) of \(expected!.grouped)"
        case nil: return "unknown"
        }
    }

    /// Where the games came from: the bundled snapshot, the cloud, or both.
    var source: String {
        switch (loaded.games > loaded.syncedGames, loaded.syncedGames) {
        case (true, 0): return "bundle"
        case (true, let n): return "bundle + \(n.grouped) \(syncedFrom == "feeds" ? "from feeds" : "synced")"
        default: return syncedFrom
        }
    }
}
