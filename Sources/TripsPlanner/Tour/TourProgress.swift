/// Where a running tour search stands, for a progress line on a terminal: what it is doing and,
/// while it searches, the best tour so far and the proven bound, in the objective's units (days,
/// hours or miles) — so a fan waiting on a long search sees it narrowing, not a frozen prompt.
public struct TourProgress: Sendable, Equatable {
    public enum Stage: Sendable, Equatable {
        /// Looking for the smallest daily limit that admits a tour; trying this many hours.
        case fewestHours(trying: Int)
        /// Looking for the best tour.
        case searching
    }

    public var stage: Stage
    public var best: Double?
    public var bound: Double?
    /// Seconds since the tour was asked for, by the planner's clock.
    public var elapsedSeconds: Double
}
