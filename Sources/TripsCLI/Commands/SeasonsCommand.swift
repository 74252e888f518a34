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
            the rest. SOURCE says whether the games are the bundled snapshot's or were changed
            by a sync.
            """,
        options: [ListingRequest.sport, format],
        examples: ["trips seasons", "trips seasons --sport nba", "trips seasons --format json"],
        action: action)

    var request: ListingRequest

    func listing(_ provider: DataProvider, sports: Set<String>?, context: CLIContext) throws -> SeasonListRenderer {
        let manifest = try? BundleManifest.load(from: context.bundleLocator.locate())
        let seasons = try provider.loadedSeasons(sports: sports).map { SeasonStatus($0, manifest: manifest) }
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

    init(_ loaded: LoadedSeason, manifest: BundleManifest?) {
        self.loaded = loaded
        let games = manifest?.files.filter { $0.recordType == "Game" && $0.sport == loaded.sport } ?? []
        let own = games.first { $0.season == loaded.season }
        note = own?.notes
        if let own, own.complete == true {
            expected = own.records
        } else {
            expected = games.filter { $0.complete == true }.max { ($0.season ?? "") < ($1.season ?? "") }?.records
        }
    }

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
        case (true, let n): return "bundle + \(n.grouped) synced"
        default: return "cloud"
        }
    }
}
