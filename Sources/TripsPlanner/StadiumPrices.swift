/// Stage 3c (games objective): a bound on the distinct stadiums of trips that still see the most
/// games — the bound `SuffixBounds` cannot give, since it counts stadium *changes* (a trip that
/// alternates between two nearby parks changes stadium every day but sees two).
///
/// Once the most games, G*, is proven (a games-only search, see `Ranking.gamesOnly`), the best
/// trips all see G* games, and what separates them is the distinct stadiums. This is a
/// Lagrangian relaxation of "a stadium counts once": each stadium s gets a price λₛ in [0, 1],
/// and for any trip, with eₛ the times it enters s,
///
///     [eₛ ≥ 1] ≤ λₛ + eₛ · (1 − λₛ)
///
/// so the new stadiums of any rest of a trip are at most Σ λₛ (over stadiums not yet seen that
/// still have games) plus the most price-weighted entries along a path — a longest-path dynamic
/// programme, here restricted to paths that reach a games target (`window` levels below each
/// game's most, and a level with no target below that). λ = 0 gives the stadium-change count;
/// the prices are tuned by subgradient steps on the whole trip's bound, so re-entering a park
/// costs what it is worth. Every price vector gives a sound bound; tuning only tightens it.
///
/// The relaxation also drops driving carried over from earlier the same day, must-see teams and
/// the end place's deadline (all only enlarge the set of paths), so it is admissible anywhere.
final class StadiumPrices {
    /// The proven most games of any trip.
    let ceiling: Int32
    /// λₛ times whether stadium s counts (a venue the fan has been to counts for nothing).
    let prices: [Double]
    /// The bound at the start, before the prices' floor: the tuned bound for the whole trip.
    let root: Double
    let rounds: Int

    /// Targets tracked exactly below a game's most games; lower targets use the untargeted value.
    static let window = 6
    static let maxRounds = 30

    private let topGames: [Int32]
    /// `weighted[k × (window + 1) + d]`: the most price-weighted entries after game k over paths
    /// from k that see at least `topGames[k] − d` games (k included); `free[k]`: with no target.
    private let weighted: [Double]
    private let free: [Double]
    /// `miles[k × (window + 1) + d]`: the fewest milli-miles after k over those paths.
    private let miles: [Int64]
    private static let none = -Double.greatestFiniteMagnitude

    /// `counts[s]` is 1 for a stadium the stadiums measure counts, else 0; `incumbent` is the
    /// distinct stadiums of a trip with `ceiling` games (the step size aims at it).
    init(graph: FeasibilityGraph, ceiling: Int32, counts: [Int32], incumbent: Int32) {
        self.ceiling = ceiling
        let stadiumTotal = graph.stadiumCount
        let live = (0..<stadiumTotal).filter { graph.chains.length($0) > 0 && counts[$0] > 0 }
        var lambda = [Double](repeating: 0, count: stadiumTotal)
        var best = Table(graph: graph, weights: counts.map(Double.init))
        var bestRoot = best.root(target: ceiling) + 0
        var bestLambda = lambda
        var step = 1.0
        var rounds = 1
        while rounds < Self.maxRounds, bestRoot - Double(incumbent) >= 1 {
            guard let entries = best.pathEntries(target: ceiling) else { break }
            var norm = 0.0
            var gradient = [Double](repeating: 0, count: stadiumTotal)
            for s in live {
                gradient[s] = 1 - Double(entries[s])
                norm += gradient[s] * gradient[s]
            }
            guard norm > 0 else { break }
            let current = live.reduce(0) { $0 + lambda[$1] } + best.root(target: ceiling)
            let length = step * max(0.05, current - Double(incumbent)) / norm
            for s in live { lambda[s] = min(1, max(0, lambda[s] - length * gradient[s])) }
            best = Table(graph: graph, weights: (0..<stadiumTotal).map { Double(counts[$0]) * (1 - lambda[$0]) })
            let bound = live.reduce(0) { $0 + lambda[$1] } + best.root(target: ceiling)
            if bound < bestRoot {
                bestRoot = bound
                bestLambda = lambda
            } else {
                step *= 0.8
            }
            rounds += 1
        }
        let final =
            bestLambda == lambda
            ? best : Table(graph: graph, weights: (0..<stadiumTotal).map { Double(counts[$0]) * (1 - bestLambda[$0]) })
        prices = (0..<stadiumTotal).map { Double(counts[$0]) * bestLambda[$0] }
        root = bestRoot
        self.rounds = rounds
        topGames = final.topGames
        weighted = final.weighted
        free = final.free
        miles = final.miles
    }

    /// The most games of any path from game k (k included), without carried-over driving.
    func mostGames(from k: Int) -> Int32 { topGames[k] }

    /// The most price-weighted entries after game k over paths from k that see at least
    /// `target` games (nil: no such path), and the fewest miles after k among such paths.
    func rest(from k: Int, target: Int32) -> (weighted: Double, milliMiles: Int64)? {
        let top = topGames[k]
        if target > top { return nil }
        let d = Int(top - target)
        if target <= 1 || d > Self.window { return (free[k], 0) }
        let index = k * (Self.window + 1) + d
        return (weighted[index], miles[index])
    }

    /// The price-weighted entries and miles of every game's best rests, for one price vector.
    private struct Table {
        let graph: FeasibilityGraph
        let weights: [Double]
        var topGames: [Int32]
        var weighted: [Double]
        var free: [Double]
        var miles: [Int64]
        /// The same per chain position, over it and every later game of its chain.
        var chainTop: [Int32]
        var chainWeighted: [Double]
        var chainFree: [Double]
        var chainMiles: [Int64]

        init(graph: FeasibilityGraph, weights: [Double]) {
            self.graph = graph
            self.weights = weights
            let nodeTotal = graph.nodeCount
            let width = StadiumPrices.window + 1
            topGames = [Int32](repeating: 0, count: nodeTotal)
            weighted = [Double](repeating: StadiumPrices.none, count: nodeTotal * width)
            free = [Double](repeating: 0, count: nodeTotal)
            miles = [Int64](repeating: .max, count: nodeTotal * width)
            chainTop = [Int32](repeating: 0, count: nodeTotal)
            chainWeighted = [Double](repeating: StadiumPrices.none, count: nodeTotal * width)
            chainFree = [Double](repeating: StadiumPrices.none, count: nodeTotal)
            chainMiles = [Int64](repeating: .max, count: nodeTotal * width)
            let chains = graph.chains
            let stadiumTotal = graph.stadiumCount
            for j in stride(from: nodeTotal - 1, through: 0, by: -1) {
                let own = graph.candidates.nodes[j].stadium
                var top: Int32 = 1
                var bestFree = 0.0
                for s in 0..<stadiumTotal {
                    let range = graph.successors(of: j, in: s)
                    guard !range.isEmpty else { continue }
                    let position = chains.start[s] + range.lowerBound
                    top = max(top, chainTop[position] + 1)
                    bestFree = max(bestFree, (s == own ? 0 : weights[s]) + chainFree[position])
                }
                topGames[j] = top
                free[j] = bestFree
                for d in 0..<width {
                    let target = top - Int32(d)
                    guard target >= 1 else { break }
                    var most = target <= 1 ? 0 : StadiumPrices.none
                    var fewest: Int64 = target <= 1 ? 0 : .max
                    for s in 0..<stadiumTotal {
                        let range = graph.successors(of: j, in: s)
                        guard !range.isEmpty else { continue }
                        let position = chains.start[s] + range.lowerBound
                        guard let rest = chainRest(position, target: target - 1) else { continue }
                        let leg = graph.milliMiles[own * stadiumTotal + s]
                        most = max(most, (s == own ? 0 : weights[s]) + rest.weighted)
                        fewest = min(fewest, leg + rest.milliMiles)
                    }
                    weighted[j * width + d] = most
                    miles[j * width + d] = fewest
                }
                // Fold game j into its chain's running best.
                let position = chains.start[own] + chains.position[j]
                let hasNext = chains.position[j] + 1 < chains.length(own)
                let nextTop = hasNext ? chainTop[position + 1] : 0
                let rowTop = max(top, nextTop)
                chainTop[position] = rowTop
                chainFree[position] = max(free[j], hasNext ? chainFree[position + 1] : StadiumPrices.none)
                for d in 0..<width {
                    let target = rowTop - Int32(d)
                    guard target >= 1 else { break }
                    var most = StadiumPrices.none
                    var fewest = Int64.max
                    if let mine = nodeRest(j, target: target) {
                        most = mine.weighted
                        fewest = mine.milliMiles
                    }
                    if hasNext, let next = chainRest(position + 1, target: target) {
                        most = max(most, next.weighted)
                        fewest = min(fewest, next.milliMiles)
                    }
                    chainWeighted[position * width + d] = most
                    chainMiles[position * width + d] = fewest
                }
            }
        }

        private func rest(
            top: Int32, target: Int32, free: Double, row: Int, _ weighted: [Double], _ miles: [Int64]
        ) -> (weighted: Double, milliMiles: Int64)? {
            if target > top { return nil }
            let d = Int(top - target)
            if target <= 1 || d > StadiumPrices.window { return (free, 0) }
            let value = weighted[row + d]
            return value == StadiumPrices.none ? nil : (value, miles[row + d])
        }

        func nodeRest(_ k: Int, target: Int32) -> (weighted: Double, milliMiles: Int64)? {
            rest(
                top: topGames[k], target: target, free: free[k], row: k * (StadiumPrices.window + 1), weighted, miles)
        }

        func chainRest(_ position: Int, target: Int32) -> (weighted: Double, milliMiles: Int64)? {
            rest(
                top: chainTop[position], target: target, free: chainFree[position],
                row: position * (StadiumPrices.window + 1), chainWeighted, chainMiles)
        }

        /// The most weighted entries of a whole trip (first leg included) that sees `target` games.
        func root(target: Int32) -> Double {
            var most = StadiumPrices.none
            for s in 0..<graph.stadiumCount {
                let range = graph.startSuccessors(in: s)
                guard !range.isEmpty else { continue }
                if let rest = chainRest(graph.chains.start[s] + range.lowerBound, target: target) {
                    most = max(most, weights[s] + rest.weighted)
                }
            }
            return most
        }

        /// How often one best path of `root(target:)` enters each stadium (the subgradient).
        func pathEntries(target: Int32) -> [Int]? {
            let chains = graph.chains
            let stadiumTotal = graph.stadiumCount
            let goal = root(target: target)
            guard goal > StadiumPrices.none else { return nil }
            var entries = [Int](repeating: 0, count: stadiumTotal)
            // Finds a game in chain s from `lower` whose rest attains `value` (less the leg).
            func attaining(_ s: Int, from lower: Int, upper: Int, target: Int32, value: Double) -> Int? {
                for p in lower..<upper {
                    let k = chains.node(s, at: p)
                    if let rest = nodeRest(k, target: target), abs(rest.weighted - value) < 1e-9 { return k }
                }
                return nil
            }
            var current: Int?
            for s in 0..<stadiumTotal {
                let range = graph.startSuccessors(in: s)
                guard !range.isEmpty,
                    let k = attaining(
                        s, from: range.lowerBound, upper: chains.length(s), target: target, value: goal - weights[s])
                else { continue }
                entries[s] += 1
                current = k
                break
            }
            var need = target
            while let j = current, need > 1 || (nodeRest(j, target: need)?.weighted ?? 0) > 1e-9 {
                guard let value = nodeRest(j, target: need)?.weighted else { break }
                let own = graph.candidates.nodes[j].stadium
                current = nil
                for s in 0..<stadiumTotal {
                    let range = graph.successors(of: j, in: s)
                    guard !range.isEmpty else { continue }
                    let leg = s == own ? 0 : weights[s]
                    if let k = attaining(
                        s, from: range.lowerBound, upper: chains.length(s), target: max(1, need - 1), value: value - leg
                    ) {
                        if s != own { entries[s] += 1 }
                        current = k
                        break
                    }
                }
                need = max(1, need - 1)
            }
            return entries
        }
    }
}
