/// Stage 3d: a local-improvement pass that gives the exact search a good trip to beat before it
/// starts, and polishes option 1 of a search cut short.
///
/// The games-only proof ends with *a* trip that sees the most games, G*, but it was picked for
/// games alone, so it often sees far fewer venues than the best one. Over a season that gap
/// matters twice: the trip shown is worse, and the search that follows has only a weak trip to
/// prune against. This pass re-plans the trip a stretch at a time: it cuts out the games between
/// two kept games and searches, exactly over the graph, for the same number of games between them
/// that see more venues the rest of the trip does not already see (or as many, over fewer miles).
/// Every trip it keeps is checked with the search's own rules (`tally(of:)`), so the pass only
/// ever changes which trip is the incumbent, never what is proven.
struct TripImprovement {
    let graph: FeasibilityGraph
    let rules: TripRules
    let ranking: Ranking
    /// How hard one pass tries: expansions per stretch before it keeps what it has, and the
    /// games cut out per stretch, short to long (short stretches are cheap and find most).
    struct Effort: Sendable {
        var stretchBudget: Int
        var stretchLengths: [Int]

        /// Before a search: a good trip to prune against, in milliseconds.
        static let quick = Effort(stretchBudget: 4_000, stretchLengths: [4, 7, 10])
        /// After a search cut short: the trip shown, worth a second or two.
        static let thorough = Effort(stretchBudget: 40_000, stretchLengths: [4, 7, 10, 14, 20])
    }

    private(set) var expanded = 0
    /// Asked before each stretch: true ends the pass with what it has (Ctrl-C).
    var stop: (() -> Bool)?

    init(graph: FeasibilityGraph, request: PlanRequest, ranking: Ranking) {
        self.init(rules: TripRules(graph: graph, request: request), ranking: ranking)
    }

    init(rules: TripRules, ranking: Ranking) {
        graph = rules.graph
        self.rules = rules
        self.ranking = ranking
    }

    /// The driving a trip still carries after each of its games, as the search computes it.
    struct Step {
        var carry: Double
        var restedBy: Double
    }

    /// The exact tally of the trip `path` under every rule the search applies, or nil when it
    /// breaks one. `steps` receives the state after each game.
    func tally(of path: [Int], steps: inout [Step]) -> Tally? {
        steps.removeAll(keepingCapacity: true)
        guard !path.isEmpty else { return nil }
        let nodes = graph.legs.nodes
        var trip = rules.start
        var seen = StadiumSet()
        for k in path {
            let s = nodes[k].stadium
            guard let arrival = arrival(from: trip.last, carry: trip.carry, restedBy: trip.restedBy, to: k),
                let next = rules.extend(
                    trip, to: k, leg: rules.legMilliMiles(from: trip.last, to: s), isNew: !seen.contains(s),
                    carry: arrival.carry(leaving: graph.leaveTime[k]), restedBy: arrival.restedBy)
            else { return nil }
            seen.insert(s)
            trip = next
            steps.append(Step(carry: trip.carry, restedBy: trip.restedBy))
        }
        return rules.canEnd(trip) ? rules.weight(trip) : nil
    }

    /// The drive from game j (nil: the start place), leaving with `carry` still counting, to
    /// game k, as the search computes it; nil when k cannot follow.
    private func arrival(from j: Int?, carry: Double, restedBy: Double, to k: Int) -> Arrival? {
        let s = graph.legs.nodes[k].stadium
        let range = j.map { graph.successors(of: $0, in: s) } ?? graph.startSuccessors(in: s)
        let position = graph.chains.position[k]
        guard range.contains(position) else { return nil }
        let arrival = graph.arrival(from: j, to: s, carry: carry, restedBy: restedBy)
        return position >= arrival.first ? arrival : nil
    }

    /// `path` improved stretch by stretch until a sweep finds nothing better or `budget` more
    /// expansions are spent: the same number of games, ranked at least as high.
    mutating func improve(_ path: [Int], budget more: Int, effort: Effort) -> ItinerarySearch.Found? {
        let budget = expanded + more
        var steps: [Step] = []
        guard var tally = tally(of: path, steps: &steps) else { return nil }
        var path = path
        var improved = true
        while improved && expanded < budget {
            improved = false
            // A trip shorter than a stretch is re-planned whole.
            for length in Set(effort.stretchLengths.map { min($0, path.count) }).sorted() {
                var a = -1
                while a + length < path.count && expanded < budget {
                    if stop?() == true { return ItinerarySearch.Found(tally: tally, path: path) }
                    if let better = restretch(
                        path, steps: steps, tally: tally, after: a, length: length,
                        stretchBudget: effort.stretchBudget)
                    {
                        path = better.path
                        tally = better.tally
                        _ = self.tally(of: path, steps: &steps)
                        improved = true
                    }
                    a += max(1, length / 2)
                }
            }
        }
        return ItinerarySearch.Found(tally: tally, path: path)
    }

    /// The best trip that keeps `path` up to index `a` and from index `a + length + 1` on, with
    /// `length` other games between, if it ranks above `tally`.
    private mutating func restretch(
        _ path: [Int], steps: [Step], tally: Tally, after a: Int, length: Int, stretchBudget: Int
    ) -> ItinerarySearch.Found? {
        guard length > 0 else { return nil }
        let b = a + length + 1
        let nodes = graph.legs.nodes
        // Venues the kept games already see: the stretch gains only others.
        var kept = [Int](repeating: 0, count: graph.stadiumCount)
        for (index, k) in path.enumerated() where index <= a || index >= b { kept[nodes[k].stadium] += 1 }
        let lower = a >= 0 ? path[a] + 1 : 0
        let upper = b < path.count ? path[b] : graph.nodeCount
        let reach = Reach(graph: graph, lower: lower, upper: upper, target: b < path.count ? path[b] : nil)
        var gainable = 0
        var seenInWindow = [Bool](repeating: false, count: graph.stadiumCount)
        for k in lower..<upper where reach.most[k - lower] > 0 {
            let s = nodes[k].stadium
            if !seenInWindow[s] && kept[s] == 0 && rules.venueWeights[s] > 0 { gainable += 1 }
            seenInWindow[s] = true
        }
        // What the stretch being replaced gains: the one to beat.
        let current = Set((a + 1..<b).map { nodes[path[$0]].stadium }).reduce(0) {
            $0 + (kept[$1] == 0 ? Int(rules.venueWeights[$1]) : 0)
        }
        var counted = [Int](repeating: 0, count: graph.stadiumCount)
        var stretch = Stretch(
            path: path, a: a, b: b, kept: kept, gainable: gainable, reach: reach, budget: stretchBudget,
            flexible: ranking.order.0 == .stadiums, best: tally,
            bestGain: current)
        let start = a >= 0 ? steps[a] : nil
        stretch.dive(
            improvement: self, from: a >= 0 ? path[a] : nil, carry: start?.carry ?? 0,
            restedBy: start?.restedBy ?? -.infinity, left: length, gain: 0, counted: &counted)
        expanded += stretch.spent
        guard let better = stretch.bestPath else { return nil }
        return ItinerarySearch.Found(tally: stretch.best, path: better)
    }

    /// The most games of a relaxed path (no driving carried over) from each game of a window to
    /// the stretch's end: the game `target` (not counted), or anywhere when there is none.
    struct Reach {
        let lower: Int
        /// `most[k − lower]`: games from k on (k included) before the target; 0: cannot reach it.
        let most: [Int]

        init(graph: FeasibilityGraph, lower: Int, upper: Int, target: Int?) {
            self.lower = lower
            let nodes = graph.legs.nodes
            var most = [Int](repeating: 0, count: max(0, upper - lower))
            for k in stride(from: upper - 1, through: lower, by: -1) {
                var best = 0
                if let target {
                    let s = nodes[target].stadium
                    if graph.successors(of: k, in: s).contains(graph.chains.position[target]) { best = 1 }
                } else {
                    best = 1
                }
                for s in 0..<graph.stadiumCount {
                    let range = graph.successors(of: k, in: s)
                    for position in range {
                        let next = graph.chains.node(s, at: position)
                        if next >= upper { break }
                        let value = most[next - lower]
                        if value > 0 { best = max(best, value + 1) }
                    }
                }
                most[k - lower] = best
            }
            self.most = most
        }
    }

    /// One stretch's exact search (depth first, new venues first, cut off at the stretch budget).
    private struct Stretch {
        let path: [Int]
        let a: Int
        let b: Int
        let kept: [Int]
        let gainable: Int
        let reach: Reach
        let budget: Int
        /// Whether the stretch may see fewer games (the venues objective ranks venues first).
        let flexible: Bool
        var best: Tally
        var bestGain: Int
        var spent = 0
        var bestPath: [Int]? = nil
        var middle: [Int] = []

        mutating func dive(
            improvement: TripImprovement, from j: Int?, carry: Double, restedBy: Double, left: Int, gain: Int,
            counted: inout [Int]
        ) {
            spent += 1
            if spent > budget { return }
            if gain + min(left, gainable - gain) < bestGain { return }
            let graph = improvement.graph
            let nodes = graph.legs.nodes
            // Venues first (`flexible`): a stretch may see fewer games than it replaces.
            if left == 0 || (flexible && !middle.isEmpty) {
                let candidate = Array(path[...a]) + middle + Array(path[b...])
                var steps: [Step] = []
                if let tally = improvement.tally(of: candidate, steps: &steps),
                    improvement.ranking.isBetter(tally, than: best)
                {
                    best = tally
                    bestGain = gain
                    bestPath = candidate
                }
                if left == 0 { return }
            }
            var children: [(node: Int, isNew: Bool, miles: Int64, arrival: Arrival)] = []
            let here = j.map { nodes[$0].stadium }
            for s in 0..<graph.stadiumCount {
                let range = j.map { graph.successors(of: $0, in: s) } ?? graph.startSuccessors(in: s)
                // Only stadiums with a game inside the stretch's window cost a drive.
                guard !range.isEmpty, graph.chains.node(s, at: range.lowerBound) < reach.lower + reach.most.count
                else { continue }
                // One drive per stadium: every game there from the first it reaches can follow.
                let arrival = graph.arrival(from: j, to: s, carry: carry, restedBy: restedBy)
                let miles =
                    here.map { $0 == s ? 0 : graph.milliMiles[$0 * graph.stadiumCount + s] }
                    ?? graph.startMilliMiles[s]
                let isNew = kept[s] == 0 && counted[s] == 0 && improvement.rules.venueWeights[s] > 0
                for position in min(max(arrival.first, range.lowerBound), range.upperBound)..<range.upperBound {
                    let k = graph.chains.node(s, at: position)
                    if k >= reach.lower + reach.most.count { break }
                    guard reach.most[k - reach.lower] >= (flexible ? 1 : left) else { continue }
                    children.append((k, isNew, miles, arrival))
                }
            }
            children.sort { ($0.isNew ? 0 : 1, $0.miles, $0.node) < ($1.isNew ? 0 : 1, $1.miles, $1.node) }
            for child in children {
                let s = nodes[child.node].stadium
                counted[s] += 1
                middle.append(child.node)
                dive(
                    improvement: improvement, from: child.node,
                    carry: child.arrival.carry(leaving: graph.leaveTime[child.node]),
                    restedBy: child.arrival.restedBy, left: left - 1, gain: gain + (child.isNew ? 1 : 0),
                    counted: &counted)
                middle.removeLast()
                counted[s] -= 1
                if spent > budget { return }
            }
        }
    }
}
