/// Stage 3a: for every game, every set of must-see teams still to see and every amount of
/// driving already done on the day the fan leaves it, the best possible rest of a trip from that
/// game — an admissible bound for the exact search (stage 3b).
///
/// `value(k, need, bucket)` is the best tally, by the objective, over paths that start at game
/// k, cover the teams in `need`, pass every later must-see game, and end anywhere (plus the leg
/// to the end place). It is computed backwards over games in time order. A game's successors in
/// one stadium's chain are a contiguous run sharing one leg (same miles, same stadium change), so
/// a per-chain running maximum answers each (game, stadium) pair in O(1): O(games × stadiums ×
/// 2^teams × buckets) in all.
///
/// The driving already done on the day of leaving (the drive *into* a day game, say) limits the
/// next leg, so it is part of the state, rounded *down* to one of `buckets` levels — rounding
/// down only ever promises more. Other relaxations, applied exactly by the search: stadiums are
/// counted as *changes* along the path (A B A counts 3, though only 2 are distinct), and the
/// game limit and distinct-stadiums-only are ignored.
struct SuffixBounds: Sendable {
    let masks: Int
    let buckets: Int
    let ranking: Ranking
    /// Seconds of driving per bucket.
    let bucketWidth: Double
    /// `values[(k × masks + need) × buckets + bucket]`.
    private(set) var values: [Tally]
    /// `chainBest[(chainStart[s] + p) × masks + need]`: the best bucket-0 `value` among positions
    /// ≥ p of chain s up to the end of p's must-see segment (a must-see game ends its segment).
    private(set) var chainBest: [Tally]
    /// The best whole trip (from the start place or any first game) covering all must-see teams.
    private(set) var root: Tally = .none
    private(set) var legsSimulated = 0

    /// Most carry levels tracked; fewer when games × team sets is large (memory).
    static let maxBuckets = 6
    static let tableBudget = 2_000_000

    init(graph: FeasibilityGraph, objective: PlanObjective) {
        let candidates = graph.candidates
        let nodes = candidates.nodes
        let S = graph.stadiumCount
        let N = graph.nodeCount
        let M = 1 << candidates.mustSeeTeamIds.count
        let B = max(1, min(Self.maxBuckets, Self.tableBudget / max(1, N * M)))
        masks = M
        buckets = B
        bucketWidth = graph.drive.capSeconds / Double(B)
        ranking = Ranking(objective: objective)
        values = [Tally](repeating: .none, count: N * M * B)
        chainBest = [Tally](repeating: .none, count: N * M)
        var best = [Tally](repeating: .none, count: M)
        let one = Tally(games: 1, stadiums: 0, milliMiles: 0)
        for j in stride(from: N - 1, through: 0, by: -1) {
            let node = nodes[j]
            let teams = Int(node.teams)
            var previousAllowance = -1.0
            for bucket in 0..<B {
                let used = Double(bucket) * bucketWidth
                let allowance = graph.allowance(leaving: j, used: used)
                if bucket > 0 && allowance == previousAllowance {
                    for need in 0..<M { values[index(j, need, bucket)] = values[index(j, need, bucket - 1)] }
                    continue
                }
                previousAllowance = allowance
                let canEnd = graph.nextMustOrdinal[j] == graph.mustSeeCount
                let ending = Tally(games: 0, stadiums: 0, milliMiles: graph.endMilliMiles[node.stadium])
                for need in 0..<M { best[need] = canEnd && need & ~teams == 0 ? ending : .none }
                for s in 0..<S {
                    let relaxed = graph.successors(of: j, in: s)
                    guard !relaxed.isEmpty else { continue }
                    let arrival: FeasibilityGraph.Arrival
                    if s == node.stadium {
                        arrival = .init(first: relaxed.lowerBound, day: graph.leaveDay[j], carry: used)
                    } else if bucket == 0 {
                        arrival = graph.relaxedArrival(from: j, to: s)
                    } else {
                        arrival = graph.arrive(from: j, to: s, usedToday: used)
                        legsSimulated += 1
                    }
                    let leg = Tally(
                        games: 0, stadiums: s == node.stadium ? 0 : 1,
                        milliMiles: graph.milliMiles[node.stadium * S + s])
                    offerChain(
                        s, from: max(arrival.first, relaxed.lowerBound), to: relaxed.upperBound, arrival: arrival,
                        leg: leg, teams: teams, graph: graph, into: &best)
                }
                for need in 0..<M { values[index(j, need, bucket)] = best[need].isNone ? .none : best[need] + one }
            }
            let position = graph.chainStart[node.stadium] + graph.chainPosition[j]
            let nextInChain = graph.chainPosition[j] + 1 < graph.chainLength(node.stadium)
            let segmentEnd = graph.nextMustOrdinal[j] < graph.mustSeeCount
                ? candidates.mustSeeNodes[graph.nextMustOrdinal[j]] : N
            let extends = nextInChain && !node.isMustSee && graph.chainNodes[position + 1] <= segmentEnd
            for need in 0..<M {
                let value = values[index(j, need, 0)]
                chainBest[position * M + need] = extends ? ranking.best(value, chainBest[(position + 1) * M + need]) : value
            }
        }
        let all = Int(candidates.fullTeamMask)
        var top = [Tally](repeating: .none, count: M)
        for s in 0..<S {
            let range = graph.startSuccessors(in: s)
            guard !range.isEmpty else { continue }
            let arrival = graph.startArrival(at: s)
            let leg = Tally(games: 0, stadiums: 1, milliMiles: graph.startMilliMiles[s])
            offerChain(s, from: range.lowerBound, to: range.upperBound, arrival: arrival, leg: leg, teams: 0, graph: graph, into: &top)
        }
        root = top[all]
    }

    @inline(__always)
    private func index(_ k: Int, _ need: Int, _ bucket: Int) -> Int { (k * masks + need) * buckets + bucket }

    /// The carry bucket for `seconds` of driving: rounded down, so the bound stays optimistic.
    @inline(__always)
    func bucket(forCarry seconds: Double) -> Int {
        guard seconds > 0, bucketWidth > 0 else { return 0 }
        return min(buckets - 1, Int((seconds / bucketWidth).rounded(.down)))
    }

    func value(_ k: Int, need: Int, carry: Double) -> Tally { values[index(k, need, bucket(forCarry: carry))] }

    /// Best bucket-0 value over positions ≥ p of chain s (within p's must-see segment).
    func chainValue(flatPosition p: Int, need: Int) -> Tally { chainBest[p * masks + need] }

    /// Folds chain s's positions `from..<to` (reached by `arrival`, over `leg`) into `best[need]`
    /// for every need: games left on the arrival day one by one (they inherit its driving),
    /// later ones through the chain's running maximum.
    private func offerChain(
        _ s: Int, from: Int, to: Int, arrival: FeasibilityGraph.Arrival, leg: Tally, teams: Int, graph: FeasibilityGraph,
        into best: inout [Tally]
    ) {
        var position = from
        while position < to {
            let k = graph.node(inChain: s, at: position)
            let carry = graph.carry(at: k, after: arrival)
            guard carry > 0 else { break }
            let bucket = bucket(forCarry: carry)
            for need in 0..<masks {
                let candidate = values[index(k, need & ~teams, bucket)]
                if !candidate.isNone { best[need] = ranking.best(best[need], candidate + leg) }
            }
            position += 1
        }
        guard position < to else { return }
        let base = (graph.chainStart[s] + position) * masks
        for need in 0..<masks {
            let candidate = chainBest[base + (need & ~teams)]
            if !candidate.isNone { best[need] = ranking.best(best[need], candidate + leg) }
        }
    }
}
