/// Counters for benchmarks and `--verbose` output.
public struct PlanStatistics: Sendable, Hashable, Codable {
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
    /// Partial trips `TripSweep` kept, and the dominance checks its index made to keep them.
    public var sweepPartialTrips: Int
    public var sweepComparisons: Int

    public init(
        gamesGiven: Int = 0, gamesConsidered: Int = 0, gamesSkipped: [GameSkipReason: Int] = [:], stadiums: Int = 0,
        legsSimulated: Int = 0, edges: Int = 0, statesExpanded: Int = 0, prunedByBound: Int = 0,
        prunedByDominance: Int = 0, sweepPartialTrips: Int = 0, sweepComparisons: Int = 0
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
        self.sweepPartialTrips = sweepPartialTrips
        self.sweepComparisons = sweepComparisons
    }
}
