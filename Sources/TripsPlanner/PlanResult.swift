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
