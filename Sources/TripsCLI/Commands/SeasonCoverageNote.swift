import TripsModel
import TripsStore

/// Why `trips games` found nothing when the reason is the data, not the filters: the dates or
/// season asked for lie outside every loaded season of the sports asked for. Then "no games
/// match" alone misleads; the note names the seasons that are loaded and points to `trips sync`.
enum SeasonCoverageNote {
    /// Lines for stderr (without "note: "); empty when the selection found games or when the
    /// loaded seasons do cover what was asked (the team or venue filters emptied it).
    static func lines(for selection: ScheduleSelection, provider: DataProvider) throws -> [String] {
        let query = selection.query
        guard selection.entries.isEmpty, selection.list.unresolved.isEmpty,
            query.fromDay != nil || query.toDay != nil || query.season != nil
        else { return [] }
        // The same dates and season for the whole sport: games there mean other filters emptied it.
        let wide = GameQuery(
            sports: query.sports, season: query.season, fromDay: query.fromDay, toDay: query.toDay, limit: 1)
        guard try provider.games(wide).isEmpty else { return [] }
        let seasons = try provider.loadedSeasons(sports: query.sports)
        let overlaps = seasons.contains { season in
            (query.toDay.map { season.firstDay <= $0 } ?? true) && (query.fromDay.map { season.lastDay >= $0 } ?? true)
        }
        if query.season == nil && overlaps { return [] }  // a break inside a season, not missing data

        let asked =
            switch (query.season, query.fromDay != nil || query.toDay != nil) {
            case (let season?, true): "season \(season) on those dates"
            case (let season?, false): "season \(season)"
            default: "those dates"
            }
        let loaded: String
        if let sports = query.sports {
            loaded = sports.sorted().map { sport in
                let own = seasons.filter { $0.sport == sport }
                guard !own.isEmpty else { return "\(sport.uppercased()) has no season loaded" }
                return "\(sport.uppercased()) has "
                    + own.map { "\($0.season) (\($0.firstDay) to \($0.lastDay))" }.joined(separator: ", ")
            }.joined(separator: "; ")
        } else if let first = seasons.map(\.firstDay).min(), let last = seasons.map(\.lastDay).max() {
            loaded = "the loaded seasons run from \(first) to \(last)"
        } else {
            loaded = "no season is loaded"
        }
        return [
            "no games are loaded for \(asked): \(loaded)",
            "`trips sync` may bring newer seasons; `trips seasons` lists what is loaded",
        ]
    }
}
