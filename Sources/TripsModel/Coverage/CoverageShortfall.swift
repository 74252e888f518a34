/// What a league's loaded schedule lacks for the days or season a command asked about: the
/// reason an empty or short answer is not the whole truth.
public enum CoverageShortfall: Sendable, Hashable {
    /// No game of the season is loaded; `opening` is the first day of the league's months.
    case notLoaded(sport: String, season: String, opening: CalendarDay)
    /// The season is loaded but not known to be complete, and the days asked lie outside its
    /// loaded days (or a whole season was asked).
    case partlyLoaded(SeasonCoverage)
    /// Days inside a loaded season with no games published yet.
    case notPublished(SeasonCoverage, ScheduleGap)
    /// Days after a complete regular season, in the league's months, and no postseason game
    /// is loaded; `lastDay` is the regular season's.
    case postseasonNotLoaded(sport: String, season: String, lastDay: CalendarDay)
    /// Every day asked lies outside the league's months (MLB in November): the season before
    /// and its last loaded day (nil when not loaded), and the next and when it begins — its
    /// first game when `nextIsLoaded`, else the first day of the league's months.
    case offSeason(
        sport: String, previous: String, previousLastDay: CalendarDay?, next: String, opening: CalendarDay,
        nextIsLoaded: Bool)

    public var sport: String {
        switch self {
        case .notLoaded(let sport, _, _), .postseasonNotLoaded(let sport, _, _), .offSeason(let sport, _, _, _, _, _):
            sport
        case .partlyLoaded(let season), .notPublished(let season, _): season.sport
        }
    }
}
