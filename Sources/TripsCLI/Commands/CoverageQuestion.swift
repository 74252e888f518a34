import FoundationEssentials
import TripsModel
import TripsStore

/// What a command asked of the store, in the terms coverage is judged in: the leagues (nil:
/// every league in season on those days) and the days or season. Each command that can come up
/// short (`games`, `plan`, tours) builds one and prints its notes on stderr.
struct CoverageQuestion {
    var leagues: Set<String>?
    var from: CalendarDay?
    var to: CalendarDay?
    var season: String?

    /// The notes for this question; none (and no reading of the store) without days or season.
    func notes(_ context: CLIContext, provider: DataProvider) throws -> [String] {
        CoverageNote.lines(try shortfalls(context, provider: provider), today: CalendarDay(context.now, in: .utc))
    }

    /// What the store lacks for this question; none without days or season.
    func shortfalls(_ context: CLIContext, provider: DataProvider) throws -> [CoverageShortfall] {
        guard from != nil || to != nil || season != nil else { return [] }
        let reading = StoreCoverageReading(provider: provider) {
            (try? provider.store.bundleSeasonSizes())
                ?? (try? BundleManifest.load(from: context.bundleLocator.locate()))?.seasonSizes
        }
        let check = CoverageCheck(sports: try provider.sports(), reading: reading)
        return try check.shortfalls(leagues: leagues, from: from, to: to, season: season)
    }

    /// Prints the notes on stderr.
    func report(_ context: CLIContext, provider: DataProvider) throws {
        for line in try notes(context, provider: provider) { context.stderr.line(line) }
    }
}
