/// One season's count, the first thing `CoverageCheck` reads.
public struct SeasonGames: Sendable, Hashable {
    public var games: Int
    /// Of them, postseason games.
    public var postseason: Int
    /// The UTC day of its last start: the venue-local last day is at most one day before.
    public var lastUTCDay: CalendarDay

    public init(games: Int, postseason: Int, lastUTCDay: CalendarDay) {
        self.games = games
        self.postseason = postseason
        self.lastUTCDay = lastUTCDay
    }
}
