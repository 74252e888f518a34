import ArgumentParsing
import FoundationEssentials
import Glibc
import TripsModel
import TripsRender
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
            SOURCE says whether the games are the bundled snapshot's or were changed by a sync,
            and for a season `trips sync` read from the leagues' feeds, when (UTC).
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
                syncedFrom: fromFeeds ? "feeds" : "cloud",
                feedsReadAt: Self.feedsRead(loaded, in: provider.store))
        }
        let lastSyncMs = try provider.store.syncState(for: .game).lastSuccessMs
        let lastSync = lastSyncMs.map { Date(timeIntervalSince1970: Double($0) / 1000) }
        return SeasonListRenderer(seasons: seasons, lastSync: lastSync)
    }

    /// When this device last read the season from the leagues' feeds (`trips sync` records it).
    private static func feedsRead(_ season: LoadedSeason, in store: CanonicalStore) -> Date? {
        let key = CanonicalStore.feedsReadKey(league: season.sport, season: season.season)
        guard let text = try? store.info(key), let ms = Int64(text) else { return nil }
        return Date(timeIntervalSince1970: Double(ms) / 1000)
    }
}
