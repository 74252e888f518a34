/// A proven lower bound on a tour's days, from the whole tour at once.
///
/// Why: the tour search bounds each partial tour on its own (the latest earliest game, a
/// spanning tree of the driving left), which is weak over a season: 24 days for MLB's every
/// ballpark, where tours take about 50. This relaxes the tour the way the published integer
/// programs do, and solves the relaxation exactly in a few passes over the games:
/// - a tour is a path through the season's games by `TourSteps` (the soonest any tour gets
///   anywhere), costing the days from its first game to its last;
/// - "every building once" is priced: with prices λ, every path's days minus the λ of the
///   buildings it enters, plus Σ λ, is at most the days of any tour (which enters each building
///   once), so the cheapest path gives a bound for any λ (a Lagrangian bound);
/// - a path may not enter a building again while it is still among the recent buildings' nearest
///   neighbours (ng-routes), which rules out the cheap back-and-forth between neighbours that a
///   priced path would otherwise take; a tour never re-enters a building, so this is still a
///   relaxation.
/// The prices are tuned by subgradient steps, first without the memory (cheap), then with it.
struct TourDaysBound {
    /// No tour takes fewer days (1 when nothing better is known).
    private(set) var days = 1
    /// The prices behind `days`, one per building: what the order search ranks partial tours by.
    private(set) var prices: [Double]
    /// Subgradient rounds run.
    private(set) var rounds = 0

    private let steps: TourSteps
    /// Each building's nearest neighbours by driving (itself included), as a bit set.
    private let neighbours: [UInt64]
    private var bestValue = -Double.infinity

    /// Buildings a path remembers entering while near them: 10 bounds MLB's ballparks within
    /// a day of what 14 gives, at a tenth of the cost.
    static let neighbourhood = 10

    init(steps: TourSteps, graph: FeasibilityGraph) {
        self.steps = steps
        let count = steps.buildings
        prices = [Double](repeating: 1, count: count)
        let seconds = graph.roads.seconds
        neighbours = (0..<count).map { a in
            let nearest = (0..<count).filter { $0 != a }.sorted {
                (seconds[a * count + $0] + seconds[$0 * count + a], $0)
                    < (seconds[a * count + $1] + seconds[$1 * count + a], $1)
            }
            return nearest.prefix(Self.neighbourhood).reduce(UInt64(1) << a) { $0 | UInt64(1) << $1 }
        }
    }

    /// Tunes the prices until they settle or `isTimeUp` says stop. `upper` is the days of a
    /// tour found (a target for the step sizes; any value at least the bound works).
    mutating func improve(upper: Int, isTimeUp: () -> Bool) {
        guard steps.nodeCount > 0, steps.buildings <= 64 else { return }
        var lambda = prices
        let steps = self.steps
        let neighbours = self.neighbours
        var pool = LabelPool()
        var cost: [Double] = []
        var from: [Int32] = []
        tune(&lambda, upper: Double(upper), rounds: 1500, step: 1, patience: 30, isTimeUp: isTimeUp) {
            Self.cheapestPath(steps, lambda: $0, cost: &cost, from: &from)
        }
        tune(&lambda, upper: Double(upper), rounds: 300, step: 0.5, patience: 10, isTimeUp: isTimeUp) {
            Self.cheapestPath(steps, lambda: $0, memory: neighbours, pool: &pool)
        }
    }

    /// Subgradient ascent on the dual: each round moves λ towards the buildings the cheapest
    /// path skipped and away from those it entered twice, by Polyak's step, halving the step
    /// whenever `patience` rounds bring no better bound.
    private mutating func tune(
        _ lambda: inout [Double], upper: Double, rounds limit: Int, step: Double, patience: Int,
        isTimeUp: () -> Bool, path: ([Double]) -> (value: Double, entered: [Int32])
    ) {
        var theta = step
        var stale = 0
        for _ in 0..<limit {
            if isTimeUp() || theta < 1e-4 { return }
            rounds += 1
            let (value, entered) = path(lambda)
            if value > bestValue + 1e-9 {
                bestValue = value
                prices = lambda
                // Paths' days are whole: a fraction below the bound rounds it up (less a hair
                // for floating-point sums).
                days = max(days, Int((value - 1e-6).rounded(.up)))
                stale = 0
            } else {
                stale += 1
                if stale > patience {
                    theta /= 2
                    stale = 0
                }
            }
            var squares = 0.0
            for u in lambda.indices {
                let g = 1 - Double(entered[u])
                squares += g * g
            }
            // Every building entered exactly once: the path is a tour, and the bound is exact.
            if squares == 0 { return }
            let move = theta * max(upper - value, 0.05 * upper) / squares
            for u in lambda.indices { lambda[u] += move * (1 - Double(entered[u])) }
        }
    }

    /// The cheapest priced path with no memory: one cost per game, by one pass in time order.
    static func cheapestPath(
        _ steps: TourSteps, lambda: [Double], cost: inout [Double], from: inout [Int32]
    ) -> (value: Double, entered: [Int32]) {
        let count = steps.buildings
        let total = steps.nodeCount
        if cost.count != total {
            cost = [Double](repeating: 0, count: total)
            from = [Int32](repeating: -1, count: total)
        }
        for k in 0..<total {
            cost[k] = steps.mayStart[k] ? 1 - lambda[Int(steps.building[k])] : .infinity
            from[k] = -1
        }
        steps.next.withUnsafeBufferPointer { next in
            steps.day.withUnsafeBufferPointer { day in
                cost.withUnsafeMutableBufferPointer { cost in
                    from.withUnsafeMutableBufferPointer { from in
                        for j in 0..<total where cost[j] < .infinity {
                            let own = Int(steps.building[j])
                            let base = cost[j] - Double(day[j])
                            for u in 0..<count {
                                let k = Int(next[j * count + u])
                                if k < 0 { continue }
                                let c = base + Double(day[k]) - (u == own ? 0 : lambda[u])
                                if c < cost[k] {
                                    cost[k] = c
                                    from[k] = Int32(j)
                                }
                            }
                        }
                    }
                }
            }
        }
        var best = -1
        for k in 0..<total where steps.mayEnd[k] && (best < 0 || cost[k] < cost[best]) { best = k }
        var entered = [Int32](repeating: 0, count: count)
        guard best >= 0, cost[best] < .infinity else { return (-Double.infinity, entered) }
        var k = best
        while k >= 0 {
            let previous = Int(from[k])
            if previous < 0 || steps.building[previous] != steps.building[k] { entered[Int(steps.building[k])] += 1 }
            k = previous
        }
        return (cost[best] + lambda.reduce(0, +), entered)
    }

    /// A label of the memory search: a path's cost so far, the buildings it remembers, and the
    /// label it came from (its game, and its place in the pool), to count the buildings entered.
    struct Label {
        var cost: Double
        var memory: UInt64
        var node: Int32
        var index: Int32
    }

    /// Every game's labels, stored one game after another in time order: a game's are final
    /// once the games before it are done, so each is gathered from its predecessors at once.
    struct LabelPool {
        var labels: [Label] = []
        var scratch: [Label] = []
        /// The moves into each game (CSR): `from[into[k] ..< into[k + 1]]`.
        var into: [Int] = []
        var from: [Int32] = []

        mutating func prepare(_ steps: TourSteps) {
            guard into.isEmpty else { return }
            let total = steps.nodeCount
            var counts = [Int](repeating: 0, count: total + 1)
            for k in steps.next where k >= 0 { counts[Int(k) + 1] += 1 }
            for k in 0..<total { counts[k + 1] += counts[k] }
            var fill = counts
            from = [Int32](repeating: 0, count: counts[total])
            for (index, k) in steps.next.enumerated() where k >= 0 {
                from[fill[Int(k)]] = Int32(index / steps.buildings)
                fill[Int(k)] += 1
            }
            into = counts
        }
    }

    /// The cheapest priced path (its days minus the λ of buildings entered, plus Σ λ) that
    /// never re-enters a building it remembers, and how often it entered each building.
    static func cheapestPath(
        _ steps: TourSteps, lambda: [Double], memory near: [UInt64], pool: inout LabelPool
    ) -> (value: Double, entered: [Int32]) {
        let count = steps.buildings
        let total = steps.nodeCount
        pool.prepare(steps)
        var labels: [Label] = []
        var scratch: [Label] = []
        swap(&labels, &pool.labels)
        swap(&scratch, &pool.scratch)
        labels.removeAll(keepingCapacity: true)
        var first = [Int](repeating: 0, count: total + 1)
        var bestCost = Double.infinity
        var bestIndex = -1
        var bestNode = -1
        let into = pool.into
        let from = pool.from
        for k in 0..<total {
            scratch.removeAll(keepingCapacity: true)
            let b = Int(steps.building[k])
            let bit = UInt64(1) << b
            if steps.mayStart[k] {
                scratch.append(Label(cost: 1 - lambda[b], memory: bit, node: -1, index: -1))
            }
            let dayK = steps.day[k]
            let keep = near[b]
            for arc in into[k]..<into[k + 1] {
                let j = Int(from[arc])
                let stays = Int(steps.building[j]) == b
                let days = Double(dayK - steps.day[j]) - (stays ? 0 : lambda[b])
                for i in first[j]..<first[j + 1] {
                    let label = labels[i]
                    if !stays && label.memory & bit != 0 { continue }
                    let next = Label(
                        cost: label.cost + days, memory: stays ? label.memory : (label.memory & keep) | bit,
                        node: Int32(j), index: Int32(i))
                    Self.add(next, to: &scratch)
                }
            }
            first[k] = labels.count
            if steps.mayEnd[k] {
                for (i, label) in scratch.enumerated() where label.cost < bestCost {
                    bestCost = label.cost
                    bestIndex = labels.count + i
                    bestNode = k
                }
            }
            labels.append(contentsOf: scratch)
            first[k + 1] = labels.count
        }
        defer {
            swap(&labels, &pool.labels)
            swap(&scratch, &pool.scratch)
        }
        var entered = [Int32](repeating: 0, count: count)
        guard bestIndex >= 0 else { return (-Double.infinity, entered) }
        var at = bestIndex
        var node = bestNode
        while true {
            let label = labels[at]
            let b = steps.building[node]
            if label.node < 0 || steps.building[Int(label.node)] != b { entered[Int(b)] += 1 }
            if label.node < 0 { break }
            node = Int(label.node)
            at = Int(label.index)
        }
        return (bestCost + lambda.reduce(0, +), entered)
    }

    /// Keeps `label` unless one no costlier remembers no more; drops those it beats that way.
    @inline(__always)
    private static func add(_ label: Label, to list: inout [Label]) {
        for old in list where old.cost <= label.cost && old.memory & ~label.memory == 0 { return }
        var kept = 0
        for i in list.indices {
            let old = list[i]
            if label.cost <= old.cost && label.memory & ~old.memory == 0 { continue }
            list[kept] = old
            kept += 1
        }
        list.removeLast(list.count - kept)
        list.append(label)
    }
}
