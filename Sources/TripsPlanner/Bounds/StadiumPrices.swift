/// Stage 3c (games objective): a bound on the distinct stadiums of trips that still see the most
/// games — the bound `SuffixBounds` cannot give, since it counts stadium *changes* (a trip that
/// alternates between two nearby parks changes stadium every day but sees two).
///
/// Once the most games, G*, is proven (a games-only search, see `Ranking.gamesOnly`), the best
/// trips all see G* games, and what separates them is the distinct stadiums. Two relaxations of
/// "a stadium counts once" make that a longest-path dynamic programme over games:
/// - **prices** (Lagrangian): each stadium s gets a price λₛ in [0, 1], and with eₛ the times a
///   trip enters s, `[eₛ ≥ 1] ≤ λₛ + eₛ · (1 − λₛ)`. So the new stadiums of any rest of a trip
///   are at most Σ λₛ (stadiums not yet seen that still have games) plus its most price-weighted
///   entries. λ = 0 is the stadium-change count; subgradient steps on the whole trip's bound
///   tune the prices (every price vector is sound; tuning only tightens);
/// - **memory** (the ng-route relaxation of vehicle routing): the programme remembers which of
///   each stadium's few nearest neighbours the path has seen, as long as it stays near them, and
///   an entry into a remembered one counts nothing — so hopping between the parks of one city
///   no longer counts each hop.
///
/// Paths are restricted to those that reach a games target (`window` levels below each game's
/// most, and no target below that). The programme also drops driving carried over from earlier
/// the same day, must-see teams and the end place's deadline (all only enlarge the set of paths),
/// so the bound is admissible anywhere in the search.
final class StadiumPrices {
    /// The proven most games of any trip.
    let ceiling: Int32
    /// λₛ times whether stadium s counts (a venue the fan has been to counts for nothing).
    let prices: [Double]
    /// The tuned bound for the whole trip (before rounding down).
    let root: Double
    let rounds: Int
    let memory: Neighbourhoods

    /// Targets tracked exactly below a game's most games; lower targets use the untargeted value.
    static let window = 6
    static let maxRounds = 30
    /// Rounds without a real improvement before the tuning stops.
    static let patience = 8
    /// Table cells (games × memories × stadiums × targets) one round may visit: sets the memory size.
    static let roundBudget = 4_000_000
    fileprivate static let none = -Double.greatestFiniteMagnitude

    private let table: Table

    /// `counts[s]` is 1 for a stadium the stadiums measure counts, else 0; `incumbent` is the
    /// distinct stadiums of a trip with `ceiling` games (the step size aims at it). `stop` ends the
    /// tuning early (Ctrl-C): the prices so far are as sound, only looser.
    init(graph: FeasibilityGraph, ceiling: Int32, counts: [Int32], incumbent: Int32, stop: (() -> Bool)? = nil) {
        self.ceiling = ceiling
        let stadiumTotal = graph.stadiumCount
        let cells = max(1, graph.nodeCount * stadiumTotal * (Self.window + 1))
        var size = 0
        while size < Neighbourhoods.maxSize && cells << (size + 1) <= Self.roundBudget { size += 1 }
        let memory = Neighbourhoods(graph: graph, size: size)
        let live = (0..<stadiumTotal).filter { graph.chains.length($0) > 0 && counts[$0] > 0 }
        func weights(_ lambda: [Double]) -> [Double] {
            (0..<stadiumTotal).map { Double(counts[$0]) * (1 - lambda[$0]) }
        }
        var lambda = [Double](repeating: 0, count: stadiumTotal)
        var current = Table(graph: graph, memory: memory, weights: weights(lambda))
        var best = current
        var bestRoot = current.root(target: ceiling)
        var bestLambda = lambda
        var step = 2.0
        var rounds = 1
        var stalled = 0
        while rounds < Self.maxRounds, stalled < Self.patience, bestRoot - Double(incumbent) >= 1, stop?() != true {
            guard let entries = current.pathEntries(target: ceiling) else { break }
            var norm = 0.0
            var gradient = [Double](repeating: 0, count: stadiumTotal)
            for s in live {
                gradient[s] = 1 - Double(entries[s])
                norm += gradient[s] * gradient[s]
            }
            guard norm > 0 else { break }
            let bound = live.reduce(0) { $0 + lambda[$1] } + current.root(target: ceiling)
            let length = step * max(0.05, bound - Double(incumbent)) / norm
            for s in live { lambda[s] = min(1, max(0, lambda[s] - length * gradient[s])) }
            current = Table(graph: graph, memory: memory, weights: weights(lambda))
            let next = live.reduce(0) { $0 + lambda[$1] } + current.root(target: ceiling)
            stalled = next < bestRoot - 0.005 ? 0 : stalled + 1
            if next < bestRoot {
                bestRoot = next
                bestLambda = lambda
                best = current
            } else {
                step *= 0.8
            }
            rounds += 1
        }
        prices = (0..<stadiumTotal).map { Double(counts[$0]) * bestLambda[$0] }
        root = bestRoot
        self.rounds = rounds
        self.memory = memory
        table = best
    }

    /// Whole venues in a priced bound: rounded down, past floating-point noise in the sums.
    static func venues(_ bound: Double) -> Int32 { Int32((bound + 1e-6).rounded(.down)) }

    /// The most games of any path from game k (k included), without carried-over driving.
    func mostGames(from k: Int) -> Int32 { table.topGames[k] }

    /// The most price-weighted entries after game k over paths from k that see at least `target`
    /// games (nil: no such path), and the fewest miles after k among such paths, for a trip that
    /// has been to the stadiums `seen`.
    func rest(from k: Int, target: Int32, seen: StadiumSet) -> (weighted: Double, milliMiles: Int64)? {
        let mask = memory.mask(at: table.graph.candidates.nodes[k].stadium, seen: seen)
        return table.nodeRest(k, mask: mask, target: target)
    }
}

/// Each stadium's nearest other stadiums (by road miles), and how a remembered set of them
/// carries over to the next stadium's neighbourhood: the memory of `StadiumPrices`.
struct Neighbourhoods: Sendable {
    static let maxSize = 6
    let size: Int
    var masks: Int { 1 << size }
    private let stadiumCount: Int
    /// `near[s × size + i]`: the i-th nearest other stadium of s (-1: fewer stadiums).
    private let near: [Int]
    /// `bit[s × S + t]`: t's position in s's neighbourhood, or -1.
    private let bit: [Int8]
    /// `carried[(from × S + to) × masks + mask]`: the memory on arriving at `to`.
    private let carried: [UInt8]

    init(graph: FeasibilityGraph, size requested: Int) {
        let stadiumTotal = graph.stadiumCount
        let size = min(requested, max(0, stadiumTotal - 1))
        self.size = size
        stadiumCount = stadiumTotal
        var near = [Int](repeating: -1, count: stadiumTotal * size)
        var bit = [Int8](repeating: -1, count: stadiumTotal * stadiumTotal)
        for s in 0..<stadiumTotal where size > 0 {
            let others = (0..<stadiumTotal).filter { $0 != s }
                .sorted {
                    (graph.milliMiles[s * stadiumTotal + $0], $0) < (graph.milliMiles[s * stadiumTotal + $1], $1)
                }
            for (i, t) in others.prefix(size).enumerated() {
                near[s * size + i] = t
                bit[s * stadiumTotal + t] = Int8(i)
            }
        }
        let masks = 1 << size
        var carried = [UInt8](repeating: 0, count: size == 0 ? 0 : stadiumTotal * stadiumTotal * masks)
        for from in 0..<stadiumTotal where size > 0 {
            for to in 0..<stadiumTotal where to != from {
                let base = (from * stadiumTotal + to) * masks
                let own = bit[to * stadiumTotal + from]
                for mask in 0..<masks {
                    var next = own >= 0 ? 1 << Int(own) : 0
                    for i in 0..<size where mask & (1 << i) != 0 {
                        let b = bit[to * stadiumTotal + near[from * size + i]]
                        if b >= 0 { next |= 1 << Int(b) }
                    }
                    carried[base + mask] = UInt8(next)
                }
            }
        }
        self.near = near
        self.bit = bit
        self.carried = carried
    }

    /// Whether stadium `to` is remembered in `mask` at stadium `from`.
    @inline(__always)
    func remembers(_ mask: Int, at from: Int, _ to: Int) -> Bool {
        let b = size == 0 ? -1 : bit[from * stadiumCount + to]
        return b >= 0 && mask & (1 << Int(b)) != 0
    }

    /// The memory on moving from stadium `from` (with `mask`) to a different stadium `to`.
    @inline(__always)
    func carry(_ mask: Int, from: Int, to: Int) -> Int {
        size == 0 ? 0 : Int(carried[(from * stadiumCount + to) * masks + mask])
    }

    /// The memory at stadium s of a trip that has been to the stadiums `seen` says.
    func mask(at s: Int, seen: StadiumSet) -> Int {
        var mask = 0
        for i in 0..<size where seen.contains(near[s * size + i]) { mask |= 1 << i }
        return mask
    }
}

/// The price-weighted entries and miles of every game's best rests, for one price vector.
private struct Table {
    let graph: FeasibilityGraph
    let memory: Neighbourhoods
    let weights: [Double]
    private(set) var topGames: [Int32]
    /// `weighted[(k × masks + mask) × width + d]`: the most weighted entries after game k over
    /// paths from k (remembering `mask`) that see at least `topGames[k] − d` games;
    /// `free[k × masks + mask]`: with no games target.
    private var weighted: [Double]
    private var free: [Double]
    /// `miles[k × width + d]`: the fewest milli-miles after k over those paths (any memory).
    private var miles: [Int64]
    /// The same per chain position, over it and every later game of its chain.
    private var chainTop: [Int32]
    private var chainWeighted: [Double]
    private var chainFree: [Double]
    private var chainMiles: [Int64]
    private let width = StadiumPrices.window + 1

    init(graph: FeasibilityGraph, memory: Neighbourhoods, weights: [Double]) {
        self.graph = graph
        self.memory = memory
        self.weights = weights
        let nodeTotal = graph.nodeCount
        let masks = memory.masks
        let none = StadiumPrices.none
        topGames = [Int32](repeating: 0, count: nodeTotal)
        weighted = [Double](repeating: none, count: nodeTotal * masks * width)
        free = [Double](repeating: 0, count: nodeTotal * masks)
        miles = [Int64](repeating: .max, count: nodeTotal * width)
        chainTop = [Int32](repeating: 0, count: nodeTotal)
        chainWeighted = [Double](repeating: none, count: nodeTotal * masks * width)
        chainFree = [Double](repeating: none, count: nodeTotal * masks)
        chainMiles = [Int64](repeating: .max, count: nodeTotal * width)
        let chains = graph.chains
        let stadiumTotal = graph.stadiumCount
        var next: [(s: Int, position: Int, milliMiles: Int64)] = []
        for j in stride(from: nodeTotal - 1, through: 0, by: -1) {
            let own = graph.candidates.nodes[j].stadium
            next.removeAll(keepingCapacity: true)
            var top: Int32 = 1
            for s in 0..<stadiumTotal {
                let range = graph.successors(of: j, in: s)
                guard !range.isEmpty else { continue }
                let position = chains.start[s] + range.lowerBound
                next.append((s, position, graph.milliMiles[own * stadiumTotal + s]))
                top = max(top, chainTop[position] + 1)
            }
            topGames[j] = top
            for mask in 0..<masks {
                var bestFree = 0.0
                for (s, position, _) in next {
                    let (gain, carried) = step(mask, from: own, to: s)
                    bestFree = max(bestFree, gain + chainFree[position * masks + carried])
                }
                free[j * masks + mask] = bestFree
                for d in 0..<width {
                    let target = top - Int32(d)
                    guard target > 1 else { break }
                    var most = none
                    var fewest = Int64.max
                    for (s, position, leg) in next {
                        let (gain, carried) = step(mask, from: own, to: s)
                        guard let rest = chainRest(position, mask: carried, target: target - 1) else { continue }
                        most = max(most, gain + rest.weighted)
                        if mask == 0 { fewest = min(fewest, leg + rest.milliMiles) }
                    }
                    weighted[(j * masks + mask) * width + d] = most
                    if mask == 0 { miles[j * width + d] = fewest }
                }
            }
            // Fold game j into its chain's running best.
            let position = chains.start[own] + chains.position[j]
            let hasNext = chains.position[j] + 1 < chains.length(own)
            let rowTop = max(top, hasNext ? chainTop[position + 1] : 0)
            chainTop[position] = rowTop
            for mask in 0..<masks {
                chainFree[position * masks + mask] = max(
                    free[j * masks + mask], hasNext ? chainFree[(position + 1) * masks + mask] : none)
                for d in 0..<width {
                    let target = rowTop - Int32(d)
                    guard target > 1 else { break }
                    var most = none
                    var fewest = Int64.max
                    if let mine = nodeRest(j, mask: mask, target: target) {
                        most = mine.weighted
                        fewest = mine.milliMiles
                    }
                    if hasNext, let later = chainRest(position + 1, mask: mask, target: target) {
                        most = max(most, later.weighted)
                        fewest = min(fewest, later.milliMiles)
                    }
                    chainWeighted[(position * masks + mask) * width + d] = most
                    if mask == 0 { chainMiles[position * width + d] = fewest }
                }
            }
        }
    }

    /// What moving from `own` (remembering `mask`) to stadium s gains, and the memory there.
    @inline(__always)
    private func step(_ mask: Int, from own: Int, to s: Int) -> (gain: Double, mask: Int) {
        if s == own { return (0, mask) }
        return (memory.remembers(mask, at: own, s) ? 0 : weights[s], memory.carry(mask, from: own, to: s))
    }

    private func rest(
        top: Int32, target: Int32, free: Double, row: Int, milesRow: Int, _ weighted: [Double], _ miles: [Int64]
    ) -> (weighted: Double, milliMiles: Int64)? {
        if target > top { return nil }
        let d = Int(top - target)
        if target <= 1 || d > StadiumPrices.window { return (free, 0) }
        let value = weighted[row + d]
        return value == StadiumPrices.none ? nil : (value, miles[milesRow + d])
    }

    func nodeRest(_ k: Int, mask: Int, target: Int32) -> (weighted: Double, milliMiles: Int64)? {
        let masks = memory.masks
        return rest(
            top: topGames[k], target: target, free: free[k * masks + mask], row: (k * masks + mask) * width,
            milesRow: k * width, weighted, miles)
    }

    func chainRest(_ position: Int, mask: Int, target: Int32) -> (weighted: Double, milliMiles: Int64)? {
        let masks = memory.masks
        return rest(
            top: chainTop[position], target: target, free: chainFree[position * masks + mask],
            row: (position * masks + mask) * width, milesRow: position * width, chainWeighted, chainMiles)
    }

    /// The most weighted entries of a whole trip (first leg included) that sees `target` games.
    func root(target: Int32) -> Double {
        var most = StadiumPrices.none
        for s in 0..<graph.stadiumCount {
            let range = graph.startSuccessors(in: s)
            guard !range.isEmpty else { continue }
            if let rest = chainRest(graph.chains.start[s] + range.lowerBound, mask: 0, target: target) {
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
        /// A game of chain s from `lower` on whose rest attains `value`.
        func attaining(_ s: Int, from lower: Int, mask: Int, target: Int32, value: Double) -> Int? {
            for p in lower..<chains.length(s) {
                let k = chains.node(s, at: p)
                if let rest = nodeRest(k, mask: mask, target: target), abs(rest.weighted - value) < 1e-9 { return k }
            }
            return nil
        }
        var current: (node: Int, mask: Int)?
        for s in 0..<stadiumTotal {
            let range = graph.startSuccessors(in: s)
            guard !range.isEmpty,
                let k = attaining(s, from: range.lowerBound, mask: 0, target: target, value: goal - weights[s])
            else { continue }
            entries[s] += 1
            current = (k, 0)
            break
        }
        var need = target
        while let (j, mask) = current, let value = nodeRest(j, mask: mask, target: need)?.weighted,
            need > 1 || value > 1e-9
        {
            let own = graph.candidates.nodes[j].stadium
            let later = max(1, need - 1)
            current = nil
            for s in 0..<stadiumTotal {
                let range = graph.successors(of: j, in: s)
                guard !range.isEmpty else { continue }
                let (gain, carried) = step(mask, from: own, to: s)
                if let k = attaining(s, from: range.lowerBound, mask: carried, target: later, value: value - gain) {
                    if s != own && !memory.remembers(mask, at: own, s) { entries[s] += 1 }
                    current = (k, carried)
                    break
                }
            }
            need = later
        }
        return entries
    }
}
