/// The passes of a plan, in the order `PlanRun.passes` runs them. Each says when it applies; a
/// condition on the objective asks its first measure, so an objective is its order alone.
extension PlanPass {
    /// Most games first: a games-only search (`Ranking.gamesOnly`: dominance needs no venue sets)
    /// proves the most games G* quickly, and `StadiumPrices` then bounds the venues of trips of G*.
    static let mostGamesProof = PlanPass(
        "prove the most games", when: { $0.firstMeasure == .games }, run: runMostGamesProof)

    /// Venues first: a short search finds a trip whose venues the prices' steps aim below.
    static let quickVenues = PlanPass(
        "find a first trip for the venue prices", when: { $0.firstMeasure == .stadiums }, run: runQuickVenues)

    /// Option 1 alone: a search for one option prunes the most, and its proven best lets the
    /// search for K skip every trip below it. Seeded with the incumbent re-planned for venues by
    /// `TripImprovement`, it explores only better trips, and proves the seed best if none is.
    static let optionOne = PlanPass("search option 1", when: { _ in true }, run: runOptionOne)

    /// Option 1 cut short (a long window): a sweep over the games in time order proves the most
    /// venues of trips with the most games, after a narrow one finds a good trip to beat.
    static let venueSweep = PlanPass(
        "sweep for the most venues of trips with the most games",
        when: {
            !$0.bestIsProven && $0.mostGames != nil && $0.request.maxGames == nil
                && !$0.request.distinctStadiumsOnly
        }, run: runVenueSweep)

    /// The K options, with a floor at option 1's proven tally — all three measures, then two,
    /// one, none — so while K trips tie it, nothing below it is ranked at all. Where option 1
    /// could not be proven, the others get half the budget: they cannot be either.
    static let otherOptions = PlanPass(
        "search the other options", when: { $0.request.options > 1 && !($0.bestIsProven && $0.optionOne == nil) },
        run: runOtherOptions)

    /// Cut short, the search's best is only the best it reached: re-planning it a stretch at a
    /// time often finds more venues (or fewer miles) for the same games.
    static let polish = PlanPass(
        "polish option 1", when: { !$0.bestIsProven && $0.firstMeasure != .miles && $0.optionOne != nil },
        run: runPolish)

    /// More options prune less, so a search cut short may find a worse best trip than one asked
    /// for a single option: asking for more must never make option 1 worse.
    static let keepOptionOne = PlanPass(
        "keep option 1 first", when: { $0.optionOne != nil }, runsWhenInterrupted: true, run: runKeepOptionOne)

    /// Option 1 sees the most games even when the full search stopped short of it.
    static let keepMostGames = PlanPass(
        "keep the most games first",
        // No search for the options at all: Ctrl-C came first.
        when: { $0.search?.cutShort != false && $0.most != nil }, runsWhenInterrupted: true, run: runKeepMostGames)

    /// Among trips that tie on every measure, the one a person would drive (`TripComfort`):
    /// each option's games moved to other dates at the same venues where that spares nights on
    /// the road. Only orders what was found (the tallies stay exactly the same), so it runs
    /// after Ctrl-C too.
    static let comfort = PlanPass(
        "drive the most comfortable of equal trips", when: { !$0.found.isEmpty }, runsWhenInterrupted: true,
        run: runComfort)

    private static func runComfort(_ state: inout PlanState) {
        var builder = ItineraryBuilder(graph: state.graph, request: state.request)
        builder.lookahead = ComfortableTrip.lookahead
        let comfortable = ComfortableTrip(improvement: state.improvement, builder: builder)
        var taken: [[Int]] = []
        for (index, option) in state.found.enumerated() {
            let path = comfortable.retimed(option.path)
            // Two options may come to the same trip: the later one keeps its own.
            if path != option.path, !taken.contains(path), !state.found.contains(where: { $0.path == path }) {
                state.found[index].path = path
            }
            taken.append(state.found[index].path)
        }
    }

    private static func runMostGamesProof(_ state: inout PlanState) {
        var ranking = state.ranking
        ranking.gamesOnly = true
        var search = ItinerarySearch(
            rules: state.rules, bounds: state.bounds, request: state.single(), ranking: ranking)
        state.run(&search)
        state.most = search.found.first
        guard let best = state.most, !search.cutShort else { return }
        state.incumbent = best
        state.mostGames = Int(best.tally.games)
        state.reporter?.mostGames = state.mostGames
        state.prices = StadiumPrices(
            graph: state.graph, ceiling: best.tally.games, counts: state.rules.venueWeights,
            incumbent: best.tally.stadiums, stop: state.stop)
    }

    private static func runQuickVenues(_ state: inout PlanState) {
        var search = ItinerarySearch(
            rules: state.rules, bounds: state.bounds, request: state.single(limit: PlanRun.quickSearchLimit))
        state.run(&search)
        guard let best = search.found.first else { return }
        state.incumbent = best
        state.prices = StadiumPrices(
            graph: state.graph, ceiling: 1, counts: state.rules.venueWeights, incumbent: best.tally.stadiums,
            stop: state.stop)
    }

    private static func runOptionOne(_ state: inout PlanState) {
        var search = ItinerarySearch(
            rules: state.rules, bounds: state.bounds, request: state.single(), prices: state.prices)
        if let incumbent = state.incumbent,
            let better = state.improvement.improve(
                incumbent.path, budget: state.request.searchLimit / 4, effort: .quick)
        {
            search.seed(better)
        }
        state.run(&search)
        state.optionOne = search.found.first
        state.expanded = search.expanded
        state.bestIsProven = !search.cutShort
        state.found = search.found
        state.search = search
    }

    private static func runVenueSweep(_ state: inout PlanState) {
        guard let ceiling = state.mostGames else { return }
        var sweep = TripSweep(rules: state.rules, bounds: state.bounds, ceiling: Int32(ceiling))
        sweep.stop = state.stop
        var incumbent = state.optionOne?.tally ?? .none
        if case .mostVenues(let trip) = sweep.run(incumbent: incumbent, width: TripSweep.beamWidth) {
            state.optionOne = trip
            incumbent = trip.tally
        }
        switch sweep.run(incumbent: incumbent) {
        case .mostVenues(let trip):
            state.optionOne = trip
            state.provenVenues = Int(trip.tally.stadiums)
        case .incumbentHasMostVenues: state.provenVenues = Int(incumbent.stadiums)
        case .gaveUp: break
        }
        state.sweep = sweep
        guard state.provenVenues != nil, let floor = sweep.milesFloor else { return }
        // No fewer miles than the fewest of any trip with the most games, whatever its venues:
        // a sweep without venues keeps few partial trips, and bounds that closer.
        var anyVenues = TripSweep(
            rules: state.rules, bounds: state.bounds, ceiling: Int32(ceiling), countsVenues: false)
        anyVenues.stop = state.stop
        _ = anyVenues.run(incumbent: .none)
        state.milesFloor = max(floor, anyVenues.milesFloor ?? 0)
    }

    private static func runOtherOptions(_ state: inout PlanState) {
        var others = state.request
        if !state.bestIsProven { others.searchLimit = max(1, state.request.searchLimit / 2) }
        for measures in state.bestIsProven ? [3, 2, 1, 0] : [0] {
            let floor = measures > 0 ? state.optionOne.map { (tally: $0.tally, measures: measures) } : nil
            var search = ItinerarySearch(
                rules: state.rules, bounds: state.bounds, request: others, prices: state.prices, floor: floor)
            state.run(&search)
            state.expanded += search.expanded
            state.found = search.found
            state.search = search
            if search.cutShort || search.found.count >= state.request.options { break }
        }
    }

    private static func runPolish(_ state: inout PlanState) {
        guard let best = state.optionOne,
            let better = state.improvement.improve(best.path, budget: state.request.searchLimit, effort: .thorough),
            state.ranking.isBetter(better.tally, than: best.tally)
        else { return }
        state.promote(better, replacing: best)
    }

    private static func runKeepOptionOne(_ state: inout PlanState) {
        guard let best = state.optionOne,
            state.found.first.map({ state.ranking.isBetter(best.tally, than: $0.tally) }) ?? true
        else { return }
        state.promote(best, replacing: best)
    }

    private static func runKeepMostGames(_ state: inout PlanState) {
        guard let best = state.most, state.found.first.map({ best.tally.games > $0.tally.games }) ?? true else {
            return
        }
        state.promote(best, replacing: best)
    }
}
