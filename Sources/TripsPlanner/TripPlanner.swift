import TripsModel

/// Plans trips around games: exact, ranked itineraries over whole seasons in milliseconds.
///
/// Pure: no I/O, no clock, no store. The CLI resolves places and loads games; the planner runs a
/// pipeline of typed stages, each testable alone —
/// `CandidateSet` (filter games into time-ordered nodes) → `FeasibilityGraph` (which game can
/// follow which, under the driving rules) → `SuffixBounds` (dynamic programming: best possible
/// rest of a trip from each game) → `ItinerarySearch` (exact best K by branch and bound with
/// dominance pruning) → `ItineraryBuilder` (legs, totals, warnings). When nothing fits,
/// `InfeasibilityDiagnosis` finds the tightest constraint.
public struct TripPlanner: Sendable {
    /// Typical game length per sport id, from the `Sport` records.
    public var gameDurationMinutes: [String: Int]
    /// The rules of each zone the places and venues name — the caller's tz database
    /// (`ZoneDatabase`), so the planner's local days are the store's and the renderers'.
    public var zones: ZoneLookup

    /// Used for a sport the planner was not told about (about a baseball game's length).
    public static let defaultGameDurationMinutes = 180

    public init(gameDurationMinutes: [String: Int], zones: @escaping ZoneLookup) {
        self.gameDurationMinutes = gameDurationMinutes
        self.zones = zones
    }

    /// Takes the durations from the sports' records (`Sport.gameDurationMinutes`).
    public init(sports: [Sport], zones: @escaping ZoneLookup) {
        self.init(
            gameDurationMinutes: Dictionary(sports.map { ($0.sportId, $0.gameDurationMinutes) }) { a, _ in a },
            zones: zones)
    }

    /// The best `request.options` itineraries among `games` (any superset of the window's games
    /// will do: the planner filters by the request). Throws only for an invalid request; a
    /// request nothing fits comes back with `infeasibility` set.
    /// `progress` hears from the searches every `PlanRun.progressInterval` expansions.
    public func plan(
        _ request: PlanRequest, games: [RichGame], progress: ((PlanProgress) -> Void)? = nil
    ) throws(PlanRequestError) -> PlanResult {
        try request.validate(zones: zones)
        let result = PlanRun(
            request: request, games: games, durations: duration(of:), zones: zones, progress: progress
        )
        .result
        guard result.itineraries.isEmpty, result.isExhaustive, result.infeasibility == nil else { return result }
        var diagnosed = result
        diagnosed.infeasibility = InfeasibilityDiagnosis(
            request: request, games: games, durations: duration(of:), zones: zones
        )
        .tightestConstraint()
        return diagnosed
    }

    func duration(of sport: String) -> Int {
        gameDurationMinutes[sport] ?? Self.defaultGameDurationMinutes
    }
}

/// One pass of the pipeline for one request.
struct PlanRun {
    let graph: FeasibilityGraph?
    let result: PlanResult

    /// Expansions between two progress reports.
    static let progressInterval = 1 << 15

    init(
        request: PlanRequest, games: [RichGame], durations: (String) -> Int, zones: ZoneLookup,
        progress: ((PlanProgress) -> Void)? = nil, progressInterval: Int = PlanRun.progressInterval
    ) {
        let candidates = CandidateSet(games: games, request: request, durations: durations, zones: zones)
        var statistics = PlanStatistics(
            gamesGiven: games.count, gamesConsidered: candidates.nodes.count, gamesSkipped: candidates.skipped,
            stadiums: candidates.stadiums.count)
        if let problem = candidates.problem {
            graph = nil
            result = PlanResult(itineraries: [], isExhaustive: true, infeasibility: problem, statistics: statistics)
            return
        }
        let graph = FeasibilityGraph(candidates: candidates, request: request)
        let bounds = SuffixBounds(graph: graph, objective: request.objective)
        let reporter = progress.map {
            PlanProgressReport(interval: progressInterval, ranking: bounds.ranking, report: $0)
        }
        func run(_ search: inout ItinerarySearch) {
            if let reporter { reporter.run(&search) } else { search.run() }
        }
        // The games objective first proves the most games (quick: see `Ranking.gamesOnly`), so the
        // full search can bound distinct stadiums among trips that see that many.
        var mostGames: Int?
        var most: ItinerarySearch.Found?
        var prices: StadiumPrices?
        var incumbent: ItinerarySearch.Found?
        if request.objective == .games {
            var single = request
            single.options = 1
            var ranking = bounds.ranking
            ranking.gamesOnly = true
            var search = ItinerarySearch(graph: graph, bounds: bounds, request: single, ranking: ranking)
            run(&search)
            most = search.found.first
            if let best = most, !search.cutShort {
                incumbent = best
                mostGames = Int(best.tally.games)
                reporter?.mostGames = mostGames
                prices = StadiumPrices(
                    graph: graph, ceiling: best.tally.games, counts: Self.counts(graph: graph, request: request),
                    incumbent: best.tally.stadiums)
            }
        } else if request.objective == .stadiums {
            // Venues first: a short search finds a trip whose venues the prices' steps aim below.
            var quick = request
            quick.options = 1
            quick.searchLimit = min(request.searchLimit, Self.quickSearchLimit)
            var search = ItinerarySearch(graph: graph, bounds: bounds, request: quick)
            run(&search)
            if let best = search.found.first {
                incumbent = best
                prices = StadiumPrices(
                    graph: graph, ceiling: 1, counts: Self.counts(graph: graph, request: request),
                    incumbent: best.tally.stadiums)
            }
        }
        // Option 1 alone first: a search for one option prunes the most, and its proven best lets
        // the search for K skip every trip below it on the first measures while K remain above.
        var single = request
        single.options = 1
        var search = ItinerarySearch(graph: graph, bounds: bounds, request: single, prices: prices)
        var improvement = TripImprovement(graph: graph, request: request, ranking: bounds.ranking)
        if let incumbent,
            let better = improvement.improve(incumbent.path, budget: request.searchLimit / 4, effort: .quick)
        {
            // A good trip to beat from the start (the earlier search's, re-planned for venues):
            // the search explores only better ones, and ends proving it best if there are none.
            search.seed(better)
        }
        run(&search)
        /// Option 1 as proven or best found: this search's, or the sweep's below.
        var optionOne = search.found.first
        var expanded = search.expanded
        let bestIsProven = !search.cutShort
        var sweep: TripSweep?
        var provenVenues: Int?
        if !bestIsProven, let ceiling = mostGames, request.maxGames == nil, !request.distinctStadiumsOnly {
            // Cut short (a long window): a sweep over the games in time order proves the most
            // venues of trips with the most games, after a narrow one finds a good trip to beat.
            var candidate = TripSweep(graph: graph, bounds: bounds, request: request, ceiling: Int32(ceiling))
            var incumbent = optionOne?.tally ?? .none
            if case .mostVenues(let trip) = candidate.run(incumbent: incumbent, width: TripSweep.beamWidth) {
                optionOne = trip
                incumbent = trip.tally
            }
            switch candidate.run(incumbent: incumbent) {
            case .mostVenues(let trip):
                optionOne = trip
                provenVenues = Int(trip.tally.stadiums)
            case .incumbentHasMostVenues: provenVenues = Int(incumbent.stadiums)
            case .gaveUp: break
            }
            sweep = candidate
        }
        if request.options > 1 && !(bestIsProven && optionOne == nil) {
            // Where option 1 could not be proven, the others get half the budget: they cannot be either.
            var others = request
            if !bestIsProven { others.searchLimit = max(1, request.searchLimit / 2) }
            for measures in bestIsProven ? [3, 2, 1, 0] : [0] {
                let floor = measures > 0 ? optionOne.map { (tally: $0.tally, measures: measures) } : nil
                search = ItinerarySearch(graph: graph, bounds: bounds, request: others, prices: prices, floor: floor)
                run(&search)
                expanded += search.expanded
                if search.cutShort || search.found.count >= request.options { break }
            }
        }
        var found = search.found
        /// Puts `trip` first among the options (`replacing` leaves them).
        func promote(_ trip: ItinerarySearch.Found, replacing old: ItinerarySearch.Found) {
            found.removeAll { $0.path == old.path || $0.path == trip.path }
            found.insert(trip, at: 0)
            found = Array(found.prefix(request.options))
        }
        if !bestIsProven, request.objective != .driving, let best = optionOne,
            let better = improvement.improve(best.path, budget: request.searchLimit, effort: .thorough),
            bounds.ranking.isBetter(better.tally, than: best.tally)
        {
            // Cut short, the search's best is only the best it reached: re-planning it a stretch
            // at a time often finds more venues (or fewer miles) for the same games.
            promote(better, replacing: best)
        }
        if let best = optionOne,
            found.first.map({ bounds.ranking.isBetter(best.tally, than: $0.tally) }) ?? true
        {
            // More options prune less, so a search cut short may find a worse best trip than one
            // asked for a single option: asking for more must never make option 1 worse.
            promote(best, replacing: best)
        }
        if search.cutShort, let best = most, found.first.map({ best.tally.games > $0.tally.games }) ?? true {
            // Option 1 sees the most games even when the full search stopped short of it.
            promote(best, replacing: best)
        }
        if bestIsProven { mostGames = nil }
        // With the most games proven, the prices bound the venues of any trip that sees them.
        let mostVenues = bestIsProven ? nil : provenVenues ?? prices.map { Int(StadiumPrices.venues($0.root)) }
        statistics.legsSimulated = graph.legsSimulated + bounds.legsSimulated
        statistics.edges = graph.edges
        statistics.statesExpanded = expanded + improvement.expanded + (sweep?.labelsKept ?? 0)
        statistics.prunedByBound = search.prunedByBound
        statistics.prunedByDominance = search.prunedByDominance
        let builder = ItineraryBuilder(graph: graph, request: request)
        let itineraries = found.map { builder.itinerary(path: $0.path) }
        let stopped = itineraries.isEmpty && search.cutShort
        self.graph = graph
        result = PlanResult(
            itineraries: itineraries, isExhaustive: !search.cutShort,
            infeasibility: stopped ? .searchLimitReached(limit: request.searchLimit) : nil, statistics: statistics,
            bestIsProven: bestIsProven && !found.isEmpty, mostGames: mostGames, mostVenues: mostVenues)
    }

    /// Expansions of the search that finds the venues objective a first trip to aim the prices at.
    static let quickSearchLimit = 20_000

    /// 1 for each stadium the stadiums measure counts (not one the fan has been to), else 0.
    static func counts(graph: FeasibilityGraph, request: PlanRequest) -> [Int32] {
        graph.candidates.stadiums.map { request.visitedStadiumIds.contains($0.id) ? 0 : 1 }
    }
}
