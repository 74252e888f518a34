/// Where a plan stands between its passes (`PlanPass`): the tables every pass shares, what the
/// passes have proven so far, and the options found.
struct PlanState {
    let request: PlanRequest
    let graph: FeasibilityGraph
    let rules: TripRules
    let bounds: SuffixBounds
    let reporter: PlanProgressReport?
    /// Asked by the searches now and then: true stops them (Ctrl-C).
    let stop: (() -> Bool)?
    /// Whether `stop` ended a search: later passes that search are skipped.
    var interrupted = false
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
    /// With `provenVenues`: no trip with the most games and venues drives fewer milli-miles.
    var milesFloor: Int64?
    /// The options found, best first.
    var found: [ItinerarySearch.Found] = []
    /// The last search run for the options (its statistics are the plan's).
    var search: ItinerarySearch?
    var improvement: TripImprovement
    var sweep: TripSweep?
    /// Expansions of the option searches.
    var expanded = 0

    init(
        request: PlanRequest, graph: FeasibilityGraph, stop: (() -> Bool)?,
        reporter: (Ranking) -> PlanProgressReport?
    ) {
        self.request = request
        self.stop = stop
        self.graph = graph
        rules = TripRules(graph: graph, request: request)
        bounds = SuffixBounds(rules: rules, objective: request.objective)
        self.reporter = reporter(bounds.ranking)
        improvement = TripImprovement(rules: rules, ranking: bounds.ranking)
        improvement.stop = stop
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
    mutating func run(_ search: inout ItinerarySearch) {
        search.stop = stop
        if let reporter { reporter.run(&search) } else { search.run() }
        if search.interrupted { interrupted = true }
    }

    /// When interrupted: a proven bound on the objective's first measure over every trip — the
    /// most games or venues, or the fewest miles.
    var bound: Double {
        let root = bounds.root
        switch firstMeasure {
        case .games: return Double(mostGames ?? Int(root.games))
        case .stadiums:
            let venues = rules.venueWeights.reduce(0) { $0 + Int($1) }
            return Double(min(venues, Int(root.stadiums), prices.map { Int(StadiumPrices.venues($0.root)) } ?? venues))
        case .miles: return Double(root.milliMiles) / 1000
        }
    }

    /// How far option 1 may be from `bound` on the first measure, in percent of the better of the two.
    var gapPercent: Double? {
        guard let best = found.first?.tally else { return nil }
        let value: Double
        switch firstMeasure {
        case .games: value = Double(best.games)
        case .stadiums: value = Double(best.stadiums)
        case .miles: value = Double(best.milliMiles) / 1000
        }
        let (worse, better) = firstMeasure == .miles ? (bound, value) : (value, bound)
        return better > 0 ? max(0, (better - worse) / better * 100) : 0
    }

    /// Puts `trip` first among the options (`replacing` leaves them).
    mutating func promote(_ trip: ItinerarySearch.Found, replacing old: ItinerarySearch.Found) {
        found.removeAll { $0.path == old.path || $0.path == trip.path }
        found.insert(trip, at: 0)
        found = Array(found.prefix(request.options))
    }
}
