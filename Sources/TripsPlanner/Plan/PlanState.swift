/// Where a plan stands between its passes (`PlanPass`): the tables every pass shares, what the
/// passes have proven so far, and the options found.
struct PlanState {
    let request: PlanRequest
    let graph: FeasibilityGraph
    let rules: TripRules
    let bounds: SuffixBounds
    let reporter: PlanProgressReport?
    /// The request's objective, its measures in order.
    var ranking: Ranking { bounds.ranking }

    /// The most games of any trip, once proven (the games objective's first pass).
    var mostGames: Int?
    /// The games-only proof's trip: it sees `mostGames` even when later searches stop short.
    var most: ItinerarySearch.Found?
    /// Bounds on distinct venues among trips of the most games.
    var prices: StadiumPrices?
    /// A trip found before option 1's search, for it to beat.
    var incumbent: ItinerarySearch.Found?
    /// Option 1 as proven or best found.
    var optionOne: ItinerarySearch.Found?
    /// Whether option 1's search finished (its trip is the best).
    var bestIsProven = false
    /// The most venues of trips with the most games, when the sweep proved it.
    var provenVenues: Int?
    /// The options found, best first.
    var found: [ItinerarySearch.Found] = []
    /// The last search run for the options (its statistics are the plan's).
    var search: ItinerarySearch?
    var improvement: TripImprovement
    var sweep: TripSweep?
    /// Expansions of the option searches.
    var expanded = 0

    init(request: PlanRequest, graph: FeasibilityGraph, reporter: (Ranking) -> PlanProgressReport?) {
        self.request = request
        self.graph = graph
        rules = TripRules(graph: graph, request: request)
        bounds = SuffixBounds(rules: rules, objective: request.objective)
        self.reporter = reporter(bounds.ranking)
        improvement = TripImprovement(rules: rules, ranking: bounds.ranking)
    }

    /// The request's first measure (what a pass's condition asks, so a new objective needs none).
    var firstMeasure: ScoreMeasure { ranking.order.0 }

    /// A request for option 1 alone, capped at `limit` expansions.
    func single(limit: Int? = nil) -> PlanRequest {
        var single = request
        single.options = 1
        if let limit { single.searchLimit = min(request.searchLimit, limit) }
        return single
    }

    /// Runs `search`, through the progress reporter if there is one.
    func run(_ search: inout ItinerarySearch) {
        if let reporter { reporter.run(&search) } else { search.run() }
    }

    /// Puts `trip` first among the options (`replacing` leaves them).
    mutating func promote(_ trip: ItinerarySearch.Found, replacing old: ItinerarySearch.Found) {
        found.removeAll { $0.path == old.path || $0.path == trip.path }
        found.insert(trip, at: 0)
        found = Array(found.prefix(request.options))
    }
}
