import FoundationEssentials
import OutputText
import TripsModel
import TripsStore

/// A loaded season judged against the bundled data: the full size of a season of its sport and
/// whether it has reached it.
public struct SeasonStatus {
    public var loaded: LoadedSeason
    /// Games in a full season: the bundle's count for this season when the bundle says it is
    /// complete, else that of the sport's latest complete bundled season.
    public var expected: Int?
    /// What the bundle notes about this season (why it is partial).
    public var note: String?
    /// Its runs of days without games (`SeasonCoverage`): breaks and days with no games yet.
    public var gaps: [ScheduleGap]

    /// Where synced games came from: "cloud", or "feeds" (the leagues' own, read by this device).
    public var syncedFrom = "cloud"
    /// When this device last read the season from the leagues' feeds (nil: never).
    public var feedsReadAt: Date?

    public init(
        _ loaded: LoadedSeason, manifest: BundleManifest?, gaps: [ScheduleGap], syncedFrom: String = "cloud",
        feedsReadAt: Date? = nil
    ) {
        self.syncedFrom = syncedFrom
        self.feedsReadAt = feedsReadAt
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

    /// Where the games came from: the bundled snapshot, the cloud, or both; "feeds" once this
    /// device has read the season from the leagues' feeds (the table adds when).
    var source: String {
        if feedsReadAt != nil { return "feeds" }
        switch (loaded.games > loaded.syncedGames, loaded.syncedGames) {
        case (true, 0): return "bundle"
        case (true, let n): return "bundle + \(n.grouped) \(syncedFrom == "feeds" ? "from feeds" : "synced")"
        default: return syncedFrom
        }
    }
}
