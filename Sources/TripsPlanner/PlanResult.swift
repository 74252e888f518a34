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

    public init(
        itineraries: [Itinerary], isExhaustive: Bool, infeasibility: PlanInfeasibility?, statistics: PlanStatistics
    ) {
        self.itineraries = itineraries
        self.isExhaustive = isExhaustive
        self.infeasibility = infeasibility
        self.statistics = statistics
    }
}

/// Counters for benchmarks and `--verbose` output.
public struct PlanStatistics: Sendable, Hashable {
    /// Games handed to the planner.
    public var gamesGiven: Int
    /// Games that passed the filters and became nodes of the feasibility graph.
    public var gamesConsidered: Int
    /// Games left out, by reason.
    public var gamesSkipped: [GameSkipReason: Int]
    public var stadiums: Int
    /// Drives simulated to decide which games can follow which.
    public var legsSimulated: Int
    /// Edges of the feasibility graph (game → game pairs a fan can make), counted, not stored.
    public var edges: Int
    /// Partial itineraries the exact search expanded.
    public var statesExpanded: Int
    /// Branches cut because even their best completion could not enter the top K.
    public var prunedByBound: Int
    /// Branches cut because K explored partial itineraries were at least as good in every respect.
    public var prunedByDominance: Int

    public init(
        gamesGiven: Int = 0, gamesConsidered: Int = 0, gamesSkipped: [GameSkipReason: Int] = [:], stadiums: Int = 0,
        legsSimulated: Int = 0, edges: Int = 0, statesExpanded: Int = 0, prunedByBound: Int = 0,
        prunedByDominance: Int = 0
    ) {
        self.gamesGiven = gamesGiven
        self.gamesConsidered = gamesConsidered
        self.gamesSkipped = gamesSkipped
        self.stadiums = stadiums
        self.legsSimulated = legsSimulated
        self.edges = edges
        self.statesExpanded = statesExpanded
        self.prunedByBound = prunedByBound
        self.prunedByDominance = prunedByDominance
    }
}

/// Why a game given to the planner is not a candidate.
public enum GameSkipReason: String, Sendable, Hashable, CaseIterable, Codable {
    case outsideWindow
    case otherSport
    case cancelledOrPostponed
    /// The start time is a placeholder.
    case timeTBD
    /// The away game of a team the fan only wants to see at home.
    case awayGameOfHomeOnlyTeam
    /// Bad coordinates, unknown time zone, or a duplicate id: counted and skipped.
    case malformed
}
