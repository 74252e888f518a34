/// What the planner answers: ranked itineraries (best first), how much work it took, whether the
/// ranking is proven, and — when nothing fits — why.
public struct PlanResult: Sendable, Hashable {
    /// Up to `options` distinct itineraries, best first by the request's objective.
    public var itineraries: [Itinerary]
    /// True when the search finished: the itineraries are the exact best K. False when the search
    /// limit stopped it first: they are the best found, good but not proven best.
    public var isExhaustive: Bool
    /// Set exactly when `itineraries` is empty.
    public var infeasibility: PlanInfeasibility?
    public var statistics: PlanStatistics
    /// True when option 1 is proven best, even if the search for the others stopped early (a
    /// search for one option prunes far more than one for K).
    public var bestIsProven: Bool
    /// When the search stopped early under the games objective: the most games any trip can see,
    /// proven (option 1 sees that many); stadiums and miles are then the best found.
    public var mostGames: Int?
    /// With `mostGames`: the most distinct venues a trip that sees that many games can visit;
    /// without (the venues objective): the most any trip can visit. Proven (`StadiumPrices`);
    /// option 1's venues are the best found, so the two are the gap.
    public var mostVenues: Int?
    /// With `mostGames` and `mostVenues` proven and option 1 having both: the fewest miles any
    /// trip with those games and venues can drive is at least this (`TripSweep`'s bound), so
    /// option 1's miles are within the difference of the fewest. Nil when not proven.
    public var milesBound: Double?
    /// Ctrl-C (`TripPlanner.plan`'s `stop`) ended the searches: the options are the best found so far.
    public var interrupted = false
    /// When interrupted: a proven bound on the objective's first measure over every trip — the
    /// most games or venues, or the fewest miles; with option 1's value, the gap.
    public var bound: Double?
    /// When interrupted with an option: how far option 1 may be from `bound`, in percent.
    public var gapPercent: Double?
    /// With night driving, when option 1 would set off in the night: whether it still does, and
    /// what that buys over setting off by day.
    public var nightSetOff: NightSetOff?

    public init(
        itineraries: [Itinerary], isExhaustive: Bool, infeasibility: PlanInfeasibility?, statistics: PlanStatistics,
        bestIsProven: Bool? = nil, mostGames: Int? = nil, mostVenues: Int? = nil
    ) {
        self.bestIsProven = bestIsProven ?? (isExhaustive && !itineraries.isEmpty)
        self.itineraries = itineraries
        self.isExhaustive = isExhaustive
        self.infeasibility = infeasibility
        self.statistics = statistics
        self.mostGames = mostGames
        self.mostVenues = mostVenues
    }
}
