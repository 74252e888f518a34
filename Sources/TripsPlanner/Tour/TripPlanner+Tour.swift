import FoundationEssentials
import TripsModel

extension TripPlanner {
    /// The best tour of `request` among `games` (any superset of the season's games will do),
    /// proven optimal or with a proven bound when `request.timeLimitSeconds` runs out first.
    /// `clock` reads seconds from any fixed origin; it is the only time the planner looks at.
    /// `progress`, if given, hears where the search stands about four times a second. `stop`,
    /// asked as often, ends the search early when it answers true (Ctrl-C): the result is then
    /// the best tour so far with its proven bound, and says it was `interrupted`.
    public func tour(
        _ request: TourRequest, games: [RichGame], clock: @escaping () -> Double,
        progress: ((TourProgress) -> Void)? = nil, stop: (() -> Bool)? = nil
    ) throws(PlanRequestError) -> TourResult {
        var plan = PlanRequest(from: CalendarDay(dayNumber: 0), to: CalendarDay(dayNumber: 0), sports: request.sports)
        plan.start = request.start
        plan.end = request.end
        plan.driving = request.driving
        plan.roadTimes = request.roadTimes
        plan.notBefore = request.notBefore
        plan.travel = request.travel
        plan.options = 1
        try plan.validate(zones: zones)
        let zones = self.zones
        let tourCandidates = TourCandidates(games: games, request: request) { rich in
            zones(rich.stadium.timeZone).map { CalendarDay(rich.game.startTime, in: $0) }
        }
        guard let window = tourCandidates.window else {
            return TourRun.empty(
                request, uncovered: tourCandidates.uncovered, problem: .noGames(season: request.season))
        }
        plan.from = window.lowerBound
        plan.to = window.upperBound
        let candidates = CandidateSet(
            games: tourCandidates.games, request: plan, durations: duration(of:), zones: zones)
        var run = TourRun(
            request: request, plan: plan, candidates: candidates, hosts: tourCandidates.hosts,
            uncovered: tourCandidates.uncovered, deadline: clock() + request.timeLimitSeconds, clock: clock)
        run.flights = flightSource
        run.stop = stop
        run.progress = progress.map { report in
            let origin = clock()
            return {
                report(TourProgress(stage: $0.stage, best: $0.best, bound: $0.bound, elapsedSeconds: clock() - origin))
            }
        }
        return run.result()
    }
}

/// One tour request worked through: the smallest driving limit if asked, then the best tour.
struct TourRun {
    let request: TourRequest
    let plan: PlanRequest
    let candidates: CandidateSet
    let hosts: [String: [String]]
    let uncovered: [TourUncoveredHost]
    let deadline: Double
    let clock: () -> Double
    /// Hears the stage and the best and bound so far (elapsed filled in by `tour`).
    var progress: ((TourProgress) -> Void)?
    /// Whether to stop now (asked at each checkpoint of the search, beside the deadline).
    var stop: (() -> Bool)?
    /// The airports, for a tour that may fly.
    var flights: FlightSource?
    /// Whether `stop` ended a search early.
    private var interrupted = false
    private var statistics: TourStatistics

    init(
        request: TourRequest, plan: PlanRequest, candidates: CandidateSet, hosts: [String: [String]],
        uncovered: [TourUncoveredHost], deadline: Double, clock: @escaping () -> Double
    ) {
        self.request = request
        self.plan = plan
        self.candidates = candidates
        self.hosts = hosts
        self.uncovered = uncovered
        self.deadline = deadline
        self.clock = clock
        statistics = TourStatistics(
            candidateGames: candidates.nodes.count, buildings: candidates.stadiums.count, statesExpanded: 0,
            prunedByBound: 0, prunedByDominance: 0, searches: 0)
    }

    static func empty(_ request: TourRequest, uncovered: [TourUncoveredHost], problem: TourInfeasibility) -> TourResult
    {
        TourResult(
            itinerary: nil, visits: [], uncovered: uncovered, proof: TourProof(optimal: false, value: 0, bound: 0),
            driveHours: request.driving.maxHoursPerDay, minimumDriveHours: nil, explanation: [],
            infeasibility: problem,
            statistics: TourStatistics(
                candidateGames: 0, buildings: 0, statesExpanded: 0, prunedByBound: 0, prunedByDominance: 0, searches: 0)
        )
    }

    mutating func result() -> TourResult {
        var result = outcome()
        result.interrupted = interrupted || stop?() == true
        return result
    }

    private mutating func outcome() -> TourResult {
        if candidates.nodes.isEmpty || candidates.stadiums.count > TourSearch.maxBuildings {
            return Self.empty(request, uncovered: uncovered, problem: .noGames(season: request.season))
        }
        var hours = request.driving.maxHoursPerDay
        var minimum: MinimumDriveHours?
        var reference: TourSearch?
        if request.findsMinimumDriveHours {
            // The fewest hours that keep the tour within the allowance of its length (in the
            // objective's first measure) at the usual limit; the fewest that admit one at all
            // when the usual limit admits none.
            let usual =
                request.keepsPaceWithLimit ? self.search(self.graph(hours: hours), stopsAtFirst: false) : nil
            if let usual, let best = usual.best {
                minimum = fewestDriveHours(keeping: best, below: Int(hours.rounded(.up)))
                minimum?.keepsPaceWith = hours
                minimum?.usualDays = Int(best.days)
                minimum?.usualProven = usual.lowerBound == best
                if let fewer = minimum, Double(fewer.hours) >= hours {
                    minimum?.hours = Int(hours.rounded(.up))
                    reference = usual
                }
            } else {
                minimum = smallestDriveHours()
            }
            hours = Double(minimum?.hours ?? TourRequest.driveHourRange.upperBound)
        }
        let graph = self.graph(hours: hours)
        let search = reference ?? self.search(graph, stopsAtFirst: false)
        guard let best = search.best else {
            return failure(graph: graph, search: search, hours: hours, minimum: minimum)
        }
        let bound = search.lowerBound ?? best
        minimum?.days = Int(best.days)
        let builder = ItineraryBuilder(graph: graph, request: request(hours: hours))
        let path = search.bestPath
        let chains = graph.chains
        let nodes = candidates.nodes
        let visits = path.map { k in
            let stadium = candidates.stadiums[nodes[k].stadium]
            return TourVisit(
                stadiumId: stadium.id, hostTeamIds: hosts[stadium.id] ?? [], gameId: candidates.games[k].id,
                choices: chains.length(nodes[k].stadium))
        }
        var facts: [TourFact] = visits.filter { $0.choices == 1 }.map { .onlyGame(gameId: $0.gameId) }
        if let first = path.first, chains.position[first] == chains.length(nodes[first].stadium) - 1,
            visits.first?.choices != 1
        {
            facts.append(.startsBy(gameId: candidates.games[first].id))
        }
        if let last = path.last, path.count > 1, chains.position[last] == 0 {
            facts.append(.endsAfter(gameId: candidates.games[last].id))
        }
        return TourResult(
            itinerary: builder.itinerary(path: path), visits: visits, uncovered: uncovered,
            proof: TourProof(
                optimal: bound == best, value: best.value(for: request.objective),
                bound: bound.value(for: request.objective)),
            driveHours: hours, minimumDriveHours: minimum, explanation: facts, infeasibility: nil,
            statistics: statistics)
    }

    /// The smallest whole number of hours a day that admits a tour, by bisection: a larger limit
    /// never removes a tour. Beyond 16 h only night driving adds anything.
    private mutating func smallestDriveHours() -> MinimumDriveHours? {
        let range = TourRequest.driveHourRange
        var low = range.lowerBound
        var high = request.driving.allowsOvernightDriving ? range.upperBound : 16
        var proven = true
        func admits(_ hours: Int, _ run: inout TourRun) -> Bool? {
            run.progress?(TourProgress(stage: .fewestHours(trying: hours), elapsedSeconds: 0))
            let search = run.search(run.graph(hours: Double(hours)), stopsAtFirst: true)
            if search.best != nil { return true }
            return search.isExhaustive ? false : nil
        }
        guard admits(high, &self) == true else { return nil }
        while low < high && !interrupted {
            let middle = (low + high) / 2
            switch admits(middle, &self) {
            case true?: high = middle
            case false?: low = middle + 1
            case nil:
                proven = false
                low = middle + 1
            }
        }
        return MinimumDriveHours(hours: high, proven: proven && !interrupted)
    }

    /// The fewest whole hours a day, up to `limit`, with a tour at most `slowerAllowance` worse
    /// than `usual` in the objective's first measure, by bisection: a larger limit never removes
    /// a tour. A limit the time left cannot settle counts as too small (and the answer as not
    /// proven).
    private mutating func fewestDriveHours(keeping usual: TourCost, below limit: Int) -> MinimumDriveHours {
        var ceiling = TourCost(days: 0, driveSeconds: 0, milliMiles: 0)
        let first = request.objective.order[0]
        /// The most of a measure allowed, plus one: the search keeps tours strictly below it.
        func allowed(_ value: Int64) -> Int64 {
            Int64((Double(value) * (1 + max(0, request.slowerAllowance))).rounded(.down)) + 1
        }
        ceiling.days = first == 0 ? allowed(usual.days) : 0
        ceiling.driveSeconds = first == 1 ? allowed(usual.driveSeconds) : 0
        ceiling.milliMiles = first == 2 ? allowed(usual.milliMiles) : 0
        var low = TourRequest.driveHourRange.lowerBound
        var high = limit
        var proven = true
        while low < high && !interrupted {
            let middle = (low + high) / 2
            progress?(TourProgress(stage: .fewestHours(trying: middle), elapsedSeconds: 0))
            let search = self.search(graph(hours: Double(middle)), stopsAtFirst: true, ceiling: ceiling)
            if search.best != nil {
                high = middle
            } else {
                if !search.isExhaustive { proven = false }
                low = middle + 1
            }
        }
        return MinimumDriveHours(hours: high, proven: proven && !interrupted)
    }

    private func request(hours: Double) -> PlanRequest {
        var plan = self.plan
        plan.driving.maxHoursPerDay = hours
        return plan
    }

    private func graph(hours: Double) -> FeasibilityGraph {
        FeasibilityGraph(candidates: candidates, request: request(hours: hours), flights: flights)
    }

    private mutating func search(
        _ graph: FeasibilityGraph, stopsAtFirst: Bool, ceiling: TourCost? = nil
    ) -> TourSearch {
        let deadline = self.deadline
        let clock = self.clock
        let objective = request.objective
        let progress = stopsAtFirst ? nil : self.progress
        let stop = self.stop
        var reported = -Double.infinity
        var search = TourSearch(graph: graph, objective: objective, stopsAtFirst: stopsAtFirst) { best, bound in
            let now = clock()
            if let progress, now - reported >= 0.25 {
                reported = now
                progress(
                    TourProgress(
                        stage: .searching, best: best?.value(for: objective), bound: bound?.value(for: objective),
                        elapsedSeconds: 0))
            }
            return now >= deadline || stop?() == true
        }
        search.ceiling = ceiling
        search.quickExpansions = request.quickExpansions
        search.run()
        if !search.isExhaustive && stop?() == true { interrupted = true }
        statistics.searches += 1
        statistics.statesExpanded += search.expanded
        statistics.prunedByBound += search.prunedByBound
        statistics.prunedByDominance += search.prunedByDominance
        statistics.daysBound = search.daysBound ?? statistics.daysBound
        statistics.ordersChecked += search.ordersChecked
        return search
    }

    /// No tour: say which pair of buildings can never share a trip, or what else binds.
    private func failure(
        graph: FeasibilityGraph, search: TourSearch, hours: Double, minimum: MinimumDriveHours?
    ) -> TourResult {
        let problem: TourInfeasibility
        if !search.isExhaustive {
            problem = .timeLimitReached(seconds: request.timeLimitSeconds)
        } else if let s = unreachedFromStart(graph) {
            problem = .cannotReachFromStart(gameIds: gameIds(graph, s))
        } else if let (a, b) = unconnectedPair(graph) {
            problem = .cannotConnect(firstGameIds: gameIds(graph, a), secondGameIds: gameIds(graph, b))
        } else if request.end != nil {
            problem = .cannotReturnToEnd
        } else {
            problem = .noTourFits(driveHours: hours)
        }
        return TourResult(
            itinerary: nil, visits: [], uncovered: uncovered, proof: TourProof(optimal: false, value: 0, bound: 0),
            driveHours: hours, minimumDriveHours: minimum, explanation: [], infeasibility: problem,
            statistics: statistics)
    }

    /// Two buildings no game of which can follow a game of the other, in either order, by any
    /// legs at all (`DriveModel.earliestArrival`), so the message is true of every trip.
    private func unconnectedPair(_ graph: FeasibilityGraph) -> (Int, Int)? {
        let count = graph.stadiumCount
        var follows = [Bool](repeating: false, count: count * count)
        for j in 0..<graph.nodeCount {
            let a = candidates.nodes[j].stadium
            for b in 0..<count where b != a && !follows[a * count + b] {
                let arrival = graph.soonestArrival(from: j, to: b, carry: 0)
                let first = graph.chains.firstStarting(b, atOrAfter: arrival + graph.bufferBefore)
                follows[a * count + b] = first < graph.chains.length(b)
            }
        }
        for a in 0..<count {
            for b in (a + 1)..<count where !follows[a * count + b] && !follows[b * count + a] { return (a, b) }
        }
        return unconnectedByGames(graph)
    }

    private func gameIds(_ graph: FeasibilityGraph, _ s: Int) -> [String] {
        (0..<graph.chains.length(s)).map { candidates.games[graph.chains.node(s, at: $0)].id }
    }

    /// With a start place, a building no chain of legs from there reaches (each leg from a
    /// rested start, which only adds steps): no tour from there sees it.
    private func unreachedFromStart(_ graph: FeasibilityGraph) -> Int? {
        guard candidates.startClock != nil else { return nil }
        let count = graph.stadiumCount
        var seen = [Bool](repeating: false, count: graph.nodeCount)
        var stack: [Int] = []
        for s in 0..<count {
            for position in graph.startSuccessors(in: s) { stack.append(graph.chains.node(s, at: position)) }
        }
        for j in stack { seen[j] = true }
        var reached = [Bool](repeating: false, count: count)
        while let j = stack.popLast() {
            reached[candidates.nodes[j].stadium] = true
            for s in 0..<count {
                for position in graph.successors(of: j, in: s) {
                    let k = graph.chains.node(s, at: position)
                    if !seen[k] {
                        seen[k] = true
                        stack.append(k)
                    }
                }
            }
        }
        return reached.firstIndex(of: false)
    }

    /// Two buildings no chain of games leads between, in either order, each step a leg of the
    /// graph from a rested start (which only adds steps): no tour sees both. Finds what the
    /// soonest-arrival test above misses when the day's hours, not the distance, part them.
    private func unconnectedByGames(_ graph: FeasibilityGraph) -> (Int, Int)? {
        let count = graph.stadiumCount
        var reaches = [Bool](repeating: false, count: count * count)
        for a in 0..<count {
            var seen = [Bool](repeating: false, count: graph.nodeCount)
            var stack = (0..<graph.chains.length(a)).map { graph.chains.node(a, at: $0) }
            for j in stack { seen[j] = true }
            while let j = stack.popLast() {
                for s in 0..<count {
                    for position in graph.successors(of: j, in: s) {
                        let k = graph.chains.node(s, at: position)
                        if seen[k] { continue }
                        seen[k] = true
                        reaches[a * count + s] = true
                        stack.append(k)
                    }
                }
            }
        }
        for a in 0..<count {
            for b in (a + 1)..<count where !reaches[a * count + b] && !reaches[b * count + a] { return (a, b) }
        }
        return nil
    }
}
