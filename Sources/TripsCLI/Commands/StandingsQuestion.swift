import FoundationEssentials
import TripsInput
import TripsModel
import TripsStore

/// Which league season `trips standings` answers for: the `--sport` named, else the one league
/// with results; the `--season` named, else the one under way when it has results, else the
/// last with results (said in a note), else the one under way or last loaded.
struct StandingsQuestion {
    var sport: String
    var season: String
    var rules: StandingsRules
    /// Why the season shown is not the one under way.
    var note: String?

    init(sport input: String?, season asked: String?, provider: DataProvider, now: Date) throws {
        if let input {
            sport = try provider.resolveSport(input).sportId
        } else {
            let withResults = try provider.sportsWithResults()
            guard withResults.count == 1, let only = withResults.first else {
                let known = try provider.sportIdentifiers().joined(separator: ", ")
                throw InputError.other("standings are one league's: add --sport (\(known))")
            }
            sport = only
        }
        guard let rules = StandingsRules.of(sport: sport) else {
            throw InputError.other("trips has no standings rules for \(sport.uppercased())")
        }
        self.rules = rules
        let loaded = try provider.loadedSeasons(sports: [sport])
        if let asked {
            // A year names the season starting then too (`--season 2025` is NHL 2025-26).
            season = loaded.first { $0.season == asked || $0.season.hasPrefix(asked + "-") }?.season ?? asked
            return
        }
        let today = CalendarDay(now, in: .utc)
        let underWay = loaded.last { $0.firstDay <= today && today <= $0.lastDay }?.season
        let withResults = try provider.seasonsWithResults(sport: sport)
        if let underWay, withResults.contains(underWay) {
            season = underWay
        } else if let last = withResults.last {
            season = last
            if let underWay {
                note = "\(sport.uppercased()) \(underWay) has no results in the store yet: the table is \(last)'s"
            }
        } else if let any = underWay ?? loaded.last?.season {
            season = any
        } else {
            throw InputError.other(
                "no \(sport.uppercased()) games in the store — `trips sync --sport \(sport)` brings a season")
        }
    }
}
