import TripsInput
import TripsModel
import TripsStore

/// The inputs as a command reads them: its notes on stderr, places from the bundle, days
/// counted from the run's "now" in the user's zone.
extension PlaceInput {
    init(context: CLIContext, provider: DataProvider) {
        self.init(provider: provider, bundle: context.bundleLocator) { context.stderr.line("note: \($0)".terminalSafe) }
    }

    /// Reads `places.tsv` from the bundle (only on the paths that need places).
    static func loadGazetteer(_ context: CLIContext) throws -> Gazetteer { try loadGazetteer(context.bundleLocator) }
}

extension DayInput {
    /// Parses an option's value, or throws the "accepted forms" message (exit 2).
    static func option(_ name: String, _ value: String?, last: Bool = false, context: CLIContext) throws
        -> CalendarDay?
    {
        try option(name, value, last: last, now: context.now, zone: context.localZone)
    }
}
