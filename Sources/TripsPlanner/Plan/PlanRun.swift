import TripsModel

/// One request worked through: candidates, graph and bounds, then `passes` over one
/// `PlanState`, then the itineraries.
struct PlanRun {
    let graph: FeasibilityGraph?
    let result: PlanResult

    /// Expansions between two progress reports.
    static let progressInterval = 1 << 15

    /// What a plan does, in order; each pass says when it applies (ARCHITECTURE.md, "How `PlanRun`
    /// proves long windows").
    static let passes: [PlanPass] = [
        .mostGamesProof, .quickVenues, .optionOne, .venueSweep, .otherOptions, .polish, .keepOptionOne,
        .keepMostGames, .comfort,
    ]

    init(
        request: PlanRequest, games: [RichGame], durations: (String) -> Int, zones: ZoneLookup,
        flights: FlightSource? = nil, progress: ((PlanProgress) -> Void)? = nil,
        progressInterval: Int = PlanRun.progressInterval,
        stop: (() -> Bool)? = nil, setsOffByDay: Bool = false
    ) {
        let candidates = CandidateSet(
            games: games, request: request, durations: durations, zones: zones, setsOffByDay: setsOffByDay)
        var statistics = PlanStatistics(
            gamesGiven: games.count, gamesConsidered: candidates.nodes.count, gamesSkipped: candidates.skipped,
            stadiums: candidates.stadiums.count)
        if let problem = candidates.problem {
            graph = nil
            result = PlanResult(itineraries: [], isExhaustive: true, infeasibility: problem, statistics: statistics)
            return
        }
        let graph = FeasibilityGraph(candidates: candidates, request: request, flights: flights)
        var state = PlanState(request: request, graph: graph, stop: stop) { ranking in
            progress.map { PlanProgressReport(interval: progressInterval, ranking: ranking, report: $0) }
        }
        for pass in Self.passes {
            // Ctrl-C between passes, or in one that ended early for it, skips the searches left.
            if stop?() == true { state.interrupted = true }
            guard pass.runsWhenInterrupted || !state.interrupted, pass.applies(state) else { continue }
            pass.run(&state)
        }
        if stop?() == true { state.interrupted = true }

        let cutShort = state.search?.cutShort ?? state.interrupted
        let bestIsProven = state.bestIsProven
        // With the most games proven, the prices bound the venues of any trip that sees them.
        let mostVenues =
            bestIsProven ? nil : state.provenVenues ?? state.prices.map { Int(StadiumPrices.venues($0.root)) }
        statistics.legsSimulated = graph.legsSimulated + state.bounds.legsSimulated
        statistics.edges = graph.edges
        statistics.statesExpanded = state.expanded + state.improvement.expanded + (state.sweep?.labelsKept ?? 0)
        statistics.prunedByBound = state.search?.prunedByBound ?? 0
        statistics.prunedByDominance = state.search?.prunedByDominance ?? 0
        statistics.sweepPartialTrips = state.sweep?.labelsKept ?? 0
        statistics.sweepComparisons = state.sweep?.comparisons ?? 0
        let builder = ItineraryBuilder(graph: graph, request: request)
        let itineraries = state.found.map { builder.itinerary(path: $0.path) }
        let stopped = itineraries.isEmpty && cutShort
        self.graph = graph
        var planned = PlanResult(
            itineraries: itineraries, isExhaustive: !cutShort,
            infeasibility: stopped ? .searchLimitReached(limit: request.searchLimit) : nil, statistics: statistics,
            bestIsProven: bestIsProven && !state.found.isEmpty, mostGames: bestIsProven ? nil : state.mostGames,
            mostVenues: mostVenues)
        // Option 1's miles are then within the difference of the fewest such a trip can drive.
        if let floor = state.milesFloor, let first = state.found.first?.tally, Int(first.games) == state.mostGames,
            Int(first.stadiums) == state.provenVenues
        {
            planned.milesBound = Double(floor) / 1000
        }
        if state.interrupted {
            planned.interrupted = true
            planned.bound = state.bound
            planned.gapPercent = state.gapPercent
        }
        result = planned
    }

    /// Expansions of the search that finds the venues objective a first trip to aim the prices at.
    static let quickSearchLimit = 20_000

    /// 1 for each stadium the stadiums measure counts (not one the fan has been to), else 0.
    static func counts(graph: FeasibilityGraph, request: PlanRequest) -> [Int32] {
        TripRules.venueWeights(graph: graph, request: request)
    }
}
