import Glibc
import SeededRandom

/// A short tour found fast, for the exact search to start from and for the days bound to be
/// measured against.
///
/// Why: the exact search's first dives are lost on a season (53 days for MLB's every ballpark,
/// where about 50 exist), and a tour is only as good as its order of buildings — from its first
/// game, each building's earliest reachable game is as good as any later one. So orders are
/// searched on `TourSteps`' fast, optimistic walk, two ways:
/// - a beam over (buildings covered, last building), ranked by days so far less the prices of
///   the buildings covered (`TourDaysBound.prices`: what each building is worth in days);
/// - simulated annealing over orders and first games (swap, reverse, move a building, shift the
///   first game), from the beam's best and from the best so far.
/// The walk can only be sooner than the rules allow (it assumes every leg starts rested), so
/// it serves as a filter: the annealing draws its acceptance threshold first and asks the exact
/// rules (`exact`) only when the walk's cost is under it — the exact cost, never lower, decides.
/// Only exact tours are kept.
struct TourOrderSearch {
    let steps: TourSteps
    let prices: [Double]
    /// Start instants, to break ties between equal days in favour of the earlier last game.
    let starts: [Double]
    /// The exact tour from node `first` through the buildings of `order` in turn, each at the
    /// earliest game the rules reach: its days and the days from its first start to its last;
    /// nil when the rules forbid it.
    let exact: (_ first: Int, _ order: [Int]) -> (days: Int, span: Double)?

    /// The best exact tour: its days, first game and order of buildings (the first's included).
    private(set) var best: (days: Int, first: Int, order: [Int])?
    /// Orders checked by the exact rules.
    private(set) var checked = 0
    private var random: SplitMix64

    init(
        steps: TourSteps, prices: [Double], starts: [Double],
        exact: @escaping (Int, [Int]) -> (days: Int, span: Double)?
    ) {
        self.steps = steps
        self.prices = prices
        self.starts = starts
        self.exact = exact
        random = SplitMix64(seed: 0x7472_6970_7320_7475)
    }

    static let beamWidth = 10_000

    /// Searches until a tour of `target` days is found (none can be shorter), the iterations are
    /// spent, or `isTimeUp`.
    mutating func run(target: Int, iterations: Int, isTimeUp: () -> Bool) {
        let beamed = beam(isTimeUp: isTimeUp)
        var seeds: [(first: Int, order: [Int])] = []
        if let beamed { seeds.append(beamed) }
        for round in 0..<3 {
            if let best, best.days <= target { return }
            if isTimeUp() { return }
            let start = round == 0 ? seeds.first : best.map { ($0.first, $0.order) }
            anneal(from: start, iterations: iterations, hot: round == 1 ? 10 : 5, target: target, isTimeUp: isTimeUp)
        }
    }

    /// Records the exact tour of `order` from `first` when its walk could beat the best.
    private mutating func consider(first: Int, order: [Int], walkDays: Int) {
        if let best, walkDays >= best.days { return }
        _ = exactCost(first: first, order: order)
    }

    /// The exact tour's cost (as `walk` weighs it; nil when forbidden), kept when it is the best.
    private mutating func exactCost(first: Int, order: [Int]) -> Double? {
        checked += 1
        guard let tour = exact(first, order) else { return nil }
        if best.map({ tour.days < $0.days }) ?? true { best = (tour.days, first, order) }
        return Self.cost(days: tour.days, span: tour.span)
    }

    /// Days, then a tenth of how far the span falls short of them (a tie-break under a day).
    private static func cost(days: Int, span: Double) -> Double {
        Double(days) + 0.1 * max(0, min(2, span - Double(days) + 2))
    }

    // MARK: beam

    private struct Partial {
        var covered: UInt64
        var node: Int32
        var first: Int32
        var score: Double
        var parent: Int32
    }

    private struct Key: Hashable {
        var covered: UInt64
        var building: Int32
    }

    /// The beam's best walk, every complete walk checked exactly on the way (best first).
    private mutating func beam(isTimeUp: () -> Bool) -> (first: Int, order: [Int])? {
        let count = steps.buildings
        let full: UInt64 = count >= 64 ? .max : (UInt64(1) << count) - 1
        var level: [Partial] = (0..<steps.nodeCount).compactMap { k in
            guard steps.mayStart[k] else { return nil }
            let b = Int(steps.building[k])
            return Partial(covered: UInt64(1) << b, node: Int32(k), first: Int32(k), score: 1 - prices[b], parent: -1)
        }
        level.sort { $0.score < $1.score }
        if level.count > Self.beamWidth { level.removeLast(level.count - Self.beamWidth) }
        var levels = [level]
        var bestWalk: (days: Int, level: Int, index: Int)?
        for depth in 1..<count {
            if isTimeUp() || level.isEmpty { break }
            var next: [Partial] = []
            var kept: [Key: Int] = [:]
            for (i, partial) in level.enumerated() {
                let j = Int(partial.node)
                for u in 0..<count where partial.covered & (UInt64(1) << u) == 0 {
                    let k = Int(steps.next[j * count + u])
                    if k < 0 { continue }
                    let covered = partial.covered | (UInt64(1) << u)
                    let score =
                        partial.score + Double(steps.day[k] - steps.day[j]) - prices[u]
                        + (starts[k] - starts[j]) / 86_400 * 0.001
                    let child = Partial(
                        covered: covered, node: Int32(k), first: partial.first, score: score, parent: Int32(i))
                    if covered == full {
                        guard steps.mayEnd[k] else { continue }
                        let days = Int(steps.day[k] - steps.day[Int(partial.first)]) + 1
                        if bestWalk.map({ days < $0.days }) ?? true {
                            next.append(child)
                            bestWalk = (days, depth, next.count - 1)
                        }
                        continue
                    }
                    let key = Key(covered: covered, building: Int32(u))
                    if let at = kept[key] {
                        if score < next[at].score { next[at] = child }
                    } else {
                        kept[key] = next.count
                        next.append(child)
                    }
                }
            }
            if let walk = bestWalk, walk.level == depth {
                levels.append(next)
                let order = Self.order(levels, depth: depth, index: walk.index, steps: steps)
                consider(first: order.first, order: order.buildings, walkDays: walk.days)
                next = next.filter { $0.covered != full }
                levels.removeLast()
            }
            next.sort { $0.score < $1.score }
            if next.count > Self.beamWidth { next.removeLast(next.count - Self.beamWidth) }
            level = next
            levels.append(level)
        }
        guard let best else { return nil }
        return (best.first, best.order)
    }

    private static func order(
        _ levels: [[Partial]], depth: Int, index: Int, steps: TourSteps
    ) -> (first: Int, buildings: [Int]) {
        var buildings: [Int] = []
        var at = (depth, index)
        while true {
            let partial = levels[at.0][at.1]
            buildings.append(Int(steps.building[Int(partial.node)]))
            if partial.parent < 0 { return (Int(partial.first), buildings.reversed()) }
            at = (at.0 - 1, Int(partial.parent))
        }
    }

    // MARK: annealing

    /// The walk's days and a cost to minimise: days, then (a hundredth) the span in days, or a
    /// large cost growing with the buildings it could not reach.
    private func walk(_ order: [Int], from first: Int) -> (cost: Double, days: Int?) {
        let count = steps.buildings
        var node = first
        for (i, u) in order.enumerated().dropFirst() {
            let k = Int(steps.next[node * count + u])
            if k < 0 { return (10_000 + Double(order.count - i) * 100, nil) }
            node = k
        }
        guard steps.mayEnd[node] else { return (10_000, nil) }
        let days = Int(steps.day[node] - steps.day[first]) + 1
        return (Self.cost(days: days, span: (starts[node] - starts[first]) / 86_400), days)
    }

    /// The first game at `building` on or after `day` that a tour may start with (the last
    /// such when none is that late), or nil when none may.
    private func firstGame(at building: Int, onOrAfter day: Int32) -> Int? {
        let games = steps.games
        let chain = (0..<games.length(building)).lazy.map { games.node(building, at: $0) }
        return chain.first { steps.mayStart[$0] && steps.day[$0] >= day } ?? chain.last { steps.mayStart[$0] }
    }

    private mutating func anneal(
        from seed: (first: Int, order: [Int])?, iterations: Int, hot: Double, target: Int, isTimeUp: () -> Bool
    ) {
        let count = steps.buildings
        var order = seed?.order ?? Array(0..<count).shuffled(using: &random)
        guard order.count == count, count > 1,
            var first = seed?.first ?? firstGame(at: order[0], onOrAfter: 0)
        else { return }
        var current = exactCost(first: first, order: order) ?? 10_000
        let cold = 0.02
        for iteration in 0..<iterations {
            if iteration & 4095 == 0 && (isTimeUp() || (best?.days ?? .max) <= target) { return }
            let temperature = hot * Glibc.pow(cold / hot, Double(iteration) / Double(iterations))
            var candidate = order
            var candidateFirst = first
            let a = Int(random.next() % UInt64(count))
            let b = Int(random.next() % UInt64(count))
            switch random.next() % 4 {
            case 0: candidate.swapAt(a, b)
            case 1: candidate[min(a, b)...max(a, b)].reverse()
            case 2: candidate.insert(candidate.remove(at: a), at: b)
            default:
                let games = steps.games
                let length = games.length(order[0])
                let shifted = max(0, min(length - 1, games.position[first] + Int(random.next() % 7) - 3))
                candidateFirst = games.node(order[0], at: shifted)
            }
            if candidate[0] != order[0] {
                guard let moved = firstGame(at: candidate[0], onOrAfter: steps.day[first]) else { continue }
                candidateFirst = moved
            }
            guard steps.mayStart[candidateFirst] else { continue }
            // Metropolis: accept when the cost is under current − T·ln(u). The walk is never
            // dearer than the exact tour, so a walk over the threshold rejects without asking.
            let draw = (Double(random.next() >> 11) + 0.5) / Double(1 << 53)
            let threshold = current - temperature * Glibc.log(draw)
            let walked = walk(candidate, from: candidateFirst)
            guard walked.cost < threshold else { continue }
            let cost = walked.days == nil ? walked.cost : exactCost(first: candidateFirst, order: candidate) ?? 10_000
            guard cost < threshold else { continue }
            order = candidate
            first = candidateFirst
            current = cost
        }
    }
}
