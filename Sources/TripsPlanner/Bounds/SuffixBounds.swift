/// Stage 3a: for every game, every set of must-see teams still to see and every amount of
/// driving already done on the day the fan leaves it, the best possible rest of a trip from that
/// game — an admissible bound for the exact search (stage 3b).
///
/// `value(k, need, carry)` is the best tally, by the objective, over paths that start at game k,
/// cover the teams in `need`, pass every later must-see game, and end anywhere (plus the leg to
/// the end place). It is computed backwards over games in time order. A game's successors in one
/// stadium's chain are a contiguous run sharing one leg (same miles, same stadium change), so a
/// per-chain running maximum answers each (game, stadium) pair in O(1): O(games × stadiums ×
/// 2^teams × buckets) in all.
///
/// The driving already done on the day of leaving (the drive *into* a day game, say) limits the
/// next leg, so it is part of the state, rounded *down* to one of `buckets` levels — rounding
/// down only ever promises more. Other relaxations, applied exactly by the search: stadiums are
/// counted as *changes* along the path (A B A counts 3, though only 2 are distinct), and the
/// game limit and distinct-stadiums-only are ignored.
final class SuffixBounds {
    let masks: Int
    let buckets: Int
    let ranking: Ranking
    /// Seconds of driving per bucket.
    let bucketWidth: Double
    /// The best whole trip (from the start place or any first game) covering all must-see teams.
    let root: Tally
    let legsSimulated: Int
    /// `values[(k × masks + need) × buckets + bucket]`.
    private let values: [Tally]
    /// `chainBest[(chains.start[s] + p) × masks + need]`: the best bucket-0 `value` among
    /// positions ≥ p of chain s up to the end of p's must-see segment (a must-see game ends it).
    private let chainBest: [Tally]
    /// For each game (and, last, the trip's start): the stadiums it can reach, best first by
    /// leg plus the chain's best value with no teams to see — an optimistic key, so the search
    /// stops scanning stadiums at the first whose key cannot beat its threshold.
    private let chainOrder: [UInt16]
    private let chainOrderStart: [Int]

    /// Most carry levels tracked; fewer when games × team sets is large (memory).
    static let maxBuckets = 6
    static let tableBudget = 2_000_000

    /// The bounds under the rules as they relax them (`TripRules(relaxing:)`).
    convenience init(graph: FeasibilityGraph, objective: PlanObjective) {
        self.init(rules: TripRules(relaxing: graph), objective: objective)
    }

    /// Where a trip may end is `rules.canEnd`'s; what a rule forbids is left to the search
    /// (forbidding only ever lowers the true best, so the bound stays admissible).
    init(rules: TripRules, objective: PlanObjective) {
        let graph = rules.graph
        let candidates = graph.candidates
        let nodes = candidates.nodes
        let chains = graph.chains
        let legs = graph.legs
        let stadiumTotal = graph.stadiumCount
        let nodeTotal = graph.nodeCount
        let maskTotal = 1 << candidates.mustSeeTeamIds.count
        let bucketTotal = max(1, min(Self.maxBuckets, Self.tableBudget / max(1, nodeTotal * maskTotal)))
        let width = graph.drive.capSeconds / Double(bucketTotal)
        let ranking = Ranking(objective: objective)
        var values = [Tally](repeating: .none, count: nodeTotal * maskTotal * bucketTotal)
        var chainBest = [Tally](repeating: .none, count: nodeTotal * maskTotal)
        var simulated = 0
        func index(_ k: Int, _ need: Int, _ bucket: Int) -> Int { (k * maskTotal + need) * bucketTotal + bucket }

        /// Folds chain s's positions `from..<to` (reached by `arrival`, over `leg`) into
        /// `best[need]` for every need: games on the arrival day one by one (they inherit its
        /// driving), later ones through the chain's running maximum.
        func offerChain(
            _ s: Int, _ from: Int, _ to: Int, _ arrival: Arrival, _ leg: Tally, _ teams: Int, _ best: inout [Tally]
        ) {
            var position = from
            while position < to {
                let k = chains.node(s, at: position)
                let carry = arrival.carry(leaving: graph.leaveTime[k])
                guard carry > 0 else { break }
                let bucket = Self.bucket(forCarry: carry, width: width, buckets: bucketTotal)
                for need in 0..<maskTotal {
                    let candidate = values[index(k, need & ~teams, bucket)]
                    if !candidate.isNone { best[need] = ranking.best(best[need], candidate + leg) }
                }
                position += 1
            }
            guard position < to else { return }
            let base = (chains.start[s] + position) * maskTotal
            for need in 0..<maskTotal {
                let candidate = chainBest[base + (need & ~teams)]
                if !candidate.isNone { best[need] = ranking.best(best[need], candidate + leg) }
            }
        }

        var best = [Tally](repeating: .none, count: maskTotal)
        let one = Tally(games: 1, stadiums: 0, milliMiles: 0)
        for j in stride(from: nodeTotal - 1, through: 0, by: -1) {
            let node = nodes[j]
            let teams = Int(node.teams)
            var previousAllowance = -1.0
            for bucket in 0..<bucketTotal {
                let used = Double(bucket) * width
                let allowance = legs.allowance(leaving: j, used: used)
                if bucket > 0 && allowance == previousAllowance {
                    for need in 0..<maskTotal { values[index(j, need, bucket)] = values[index(j, need, bucket - 1)] }
                    continue
                }
                previousAllowance = allowance
                // Per team set below: every one with no team left after j's.
                let canEnd = rules.canEnd(at: j, need: 0, carry: used)
                let ending = Tally(games: 0, stadiums: 0, milliMiles: graph.endMilliMiles[node.stadium])
                for need in 0..<maskTotal { best[need] = canEnd && need & ~teams == 0 ? ending : .none }
                for s in 0..<stadiumTotal {
                    let relaxed = graph.successors(of: j, in: s)
                    guard !relaxed.isEmpty else { continue }
                    let arrival: Arrival
                    if s == node.stadium {
                        arrival = Arrival(
                            first: relaxed.lowerBound, restedBy: legs.stayRestedBy(leaving: j), carry: used)
                    } else if bucket == 0 || legs.driveSeconds[node.stadium * stadiumTotal + s] <= allowance {
                        // Driven within the first day either way: earlier driving changes nothing.
                        arrival = graph.relaxedArrival(from: j, to: s)
                    } else {
                        arrival = legs.arrive(from: j, to: s, usedToday: used)
                        simulated += 1
                    }
                    let leg = Tally(
                        games: 0, stadiums: s == node.stadium ? 0 : 1,
                        milliMiles: graph.milliMiles[node.stadium * stadiumTotal + s])
                    offerChain(
                        s, max(arrival.first, relaxed.lowerBound), relaxed.upperBound, arrival, leg, teams, &best)
                }
                for need in 0..<maskTotal {
                    values[index(j, need, bucket)] = best[need].isNone ? .none : best[need] + one
                }
            }
            let position = chains.start[node.stadium] + chains.position[j]
            let nextInChain = chains.position[j] + 1 < chains.length(node.stadium)
            let segmentEnd =
                graph.nextMustOrdinal[j] < graph.mustSeeCount
                ? candidates.mustSeeNodes[graph.nextMustOrdinal[j]] : nodeTotal
            let extends = nextInChain && !node.isMustSee && chains.nodes[position + 1] <= segmentEnd
            for need in 0..<maskTotal {
                let value = values[index(j, need, 0)]
                chainBest[position * maskTotal + need] =
                    extends ? ranking.best(value, chainBest[(position + 1) * maskTotal + need]) : value
            }
        }
        var top = [Tally](repeating: .none, count: maskTotal)
        for s in 0..<stadiumTotal {
            let range = graph.startSuccessors(in: s)
            guard !range.isEmpty else { continue }
            let leg = Tally(games: 0, stadiums: 1, milliMiles: graph.startMilliMiles[s])
            offerChain(s, range.lowerBound, range.upperBound, graph.startArrival(at: s), leg, 0, &top)
        }
        var order: [UInt16] = []
        var orderStart = [0]
        var keyed: [(key: Tally, stadium: Int)] = []
        for j in 0...nodeTotal {
            keyed.removeAll(keepingCapacity: true)
            for s in 0..<stadiumTotal {
                let range = j < nodeTotal ? graph.successors(of: j, in: s) : graph.startSuccessors(in: s)
                guard !range.isEmpty else { continue }
                let top = chainBest[(chains.start[s] + range.lowerBound) * maskTotal]
                guard !top.isNone else { continue }
                let leg =
                    j < nodeTotal
                    ? Tally(
                        games: 0, stadiums: s == nodes[j].stadium ? 0 : 1,
                        milliMiles: graph.milliMiles[nodes[j].stadium * stadiumTotal + s])
                    : Tally(games: 0, stadiums: 1, milliMiles: graph.startMilliMiles[s])
                keyed.append((top + leg, s))
            }
            keyed.sort {
                ranking.isBetter($0.key, than: $1.key)
                    || (!ranking.isBetter($1.key, than: $0.key) && $0.stadium < $1.stadium)
            }
            order.append(contentsOf: keyed.map { UInt16($0.stadium) })
            orderStart.append(order.count)
        }
        chainOrder = order
        chainOrderStart = orderStart
        masks = maskTotal
        buckets = bucketTotal
        bucketWidth = width
        self.ranking = ranking
        self.values = values
        self.chainBest = chainBest
        root = top[Int(candidates.fullTeamMask)]
        legsSimulated = simulated
    }

    /// The carry bucket for `seconds` of driving: rounded down, so the bound stays optimistic.
    @inline(__always)
    static func bucket(forCarry seconds: Double, width: Double, buckets: Int) -> Int {
        guard seconds > 0, width > 0 else { return 0 }
        return min(buckets - 1, Int((seconds / width).rounded(.down)))
    }

    func value(_ k: Int, need: Int, carry: Double) -> Tally {
        values[(k * masks + need) * buckets + Self.bucket(forCarry: carry, width: bucketWidth, buckets: buckets)]
    }

    /// The stadiums game j (nil: the start) can reach, most promising first (see `chainOrder`).
    func stadiumsByPromise(from j: Int?, nodeCount: Int) -> ArraySlice<UInt16> {
        let index = j ?? nodeCount
        return chainOrder[chainOrderStart[index]..<chainOrderStart[index + 1]]
    }

    /// Best bucket-0 value over positions ≥ p of chain s (within p's must-see segment).
    func chainValue(flatPosition p: Int, need: Int) -> Tally { chainBest[p * masks + need] }
}
