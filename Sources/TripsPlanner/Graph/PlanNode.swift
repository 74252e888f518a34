/// A candidate game as the graph sees it: times in seconds since 1970, indexes instead of ids.
struct PlanNode: Sendable {
    /// Expected start (see `ItineraryStop.expectedStart`).
    var start: Double
    /// Expected start plus the sport's typical duration.
    var end: Double
    var stadium: Int
    /// Venue-local calendar day (`CalendarDay.dayNumber`).
    var day: Int
    /// Must-see teams playing in this game, one bit per team.
    var teams: UInt16
    var isMustSee: Bool
    var hasEstimatedStart: Bool
}
