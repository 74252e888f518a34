import TripsModel

extension FeedSchedule {
    /// Fills in `localDate` where the feed left it out (an ESPN scoreboard states no date or zone
    /// of its venues) from the zone the caller knows for the game's venue, e.g. the store's
    /// stadium zone. Dates the feed stated are kept; a game whose zone is unknown keeps nil.
    public func dated(by zone: (FeedGame) -> ZoneInfo?) -> FeedSchedule {
        var copy = self
        for index in copy.games.indices where copy.games[index].localDate == nil {
            if let rules = zone(copy.games[index]) {
                copy.games[index].localDate = CalendarDay(copy.games[index].start, in: rules)
            }
        }
        return copy
    }
}
