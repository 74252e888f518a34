import FoundationEssentials
import TripsModel
import TripsRender
import TripsStore

/// What a command asked of the store, in the terms coverage is judged in: the leagues (nil:
/// every league in season on those days) and the days or season. Each command that can come up
/// short (`games`, `plan`, tours) builds one and prints its notes on stderr.
struct CoverageQuestion {
    var leagues: Set<String>?
    var from: CalendarDay?
    var to: CalendarDay?
    var season: String?
    /// A whole listing (no days, no season) of named leagues: ask about the season under way
    /// today instead of staying quiet.
    var asksSeasonUnderWay = false

    /// The notes for this question; none (and no reading of the store) without days or season,
    /// unless it `asksSeasonUnderWay`.
    func notes(_ context: CLIContext, provider: DataProvider) throws -> [String] {
        CoverageNote.lines(try shortfalls(context, provider: provider), today: CalendarDay(context.now, in: .utc))
    }

    /// What the store lacks for this question; none without days or season, unless it
    /// `asksSeasonUnderWay`.
    func shortfalls(_ context: CLIContext, provider: DataProvider) throws -> [CoverageShortfall] {
        let whole = from == nil && to == nil && season == nil
        guard !whole || (asksSeasonUnderWay && leagues != nil) else { return [] }
        let reading = StoreCoverageReading(provider: provider) {
            (try? provider.store.bundleSeasonSizes())
                ?? (try? BundleManifest.load(from: context.bundleLocator.locate()))?.seasonSizes
        }
        let check = CoverageCheck(sports: try provider.sports(), reading: reading)
        if whole, let leagues {
            return try check.shortfalls(leagues: leagues, underWayOn: CalendarDay(context.now, in: .utc))
        }
        return try check.shortfalls(leagues: leagues, from: from, to: to, season: season)
    }

    /// Prints the notes on stderr.
    func report(_ context: CLIContext, provider: DataProvider) throws {
        for line in try notes(context, provider: provider) { context.stderr.line(line) }
    }
}
