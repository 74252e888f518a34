/// Stage 3b: the exact best K itineraries, by depth-first branch and bound over partial trips.
///
/// A partial trip (games so far, distinct stadiums, miles, must-see teams still needed, driving
/// already done on the day it leaves its last game) is extended game by game. Each extension
/// gets an upper bound: the partial tally plus the best suffix from `SuffixBounds`, capped by
/// what can still count (stadiums not yet visited that have games later; the game limit). It
/// is explored only if that bound beats the K-th best trip found so far, best bound first —
/// so the first dive follows the best relaxed path and later branches are cut early.
///
/// Two exact prunings keep it small:
/// - **bounds**: a branch whose bound does not beat the K-th best cannot enter the top K;
/// - **dominance**: a partial trip at game k is dropped when K already explored partial trips
///   at k had at least as many games, no more miles, a superset of its stadiums, no more
///   teams to see, and no more driving that still counts — every completion of it is matched
///   by K completions at least as good.
///
/// What the suffix bounds relax (revisited stadiums, driving earlier the same day, the game
/// limit, distinct stadiums only) is applied exactly here, so the result is exact on the graph
/// unless `limit` expansions run out first; then it is the best found and says so.
struct ItinerarySearch {
    struct Found {
        var tally: Tally
        var path: [Int]
    }

    private struct Child {
        var bound: Tally
        /// The order key: the bound, but with miles of the trip so far only when caps relaxed them.
        var key: Tally
        /// The bound before capping: orders children whose capped bounds tie (most likely best first).
        var raw: Tally
        /// A stadium not yet on the trip: tried first among equal bounds (caps hide its value).
        var isNew: Bool
        var node: Int
        var stadium: Int
        var legMilliMiles: Int64
        /// Driving that still counts when the fan leaves this game, and until when it would
        /// for another game at the same stadium.
        var carry: Double
        var restedBy: Double
    }

    /// An explored partial trip at a game, with the venues it has seen.
    private struct Label {
        var trip: PartialTrip
        var stadiums: StadiumSet
    }

    let graph: FeasibilityGraph
    let rules: TripRules
    let bounds: SuffixBounds
    let ranking: Ranking
    let options: Int
    let limit: Int
    /// With the most games proven: the distinct-stadium bound of trips that still see them.
    let prices: StadiumPrices?
    /// Trips ranked below this tally on the objective's first `measures` measures are not wanted:
    /// with K of them found, they are the exact best K of all trips.
    let floor: Tally
    let floorMeasures: Int

    /// Hears the best trip so far and the expansions every `checkpointInterval` expansions.
    var checkpoint: ((Tally?, Int) -> Void)?
    var checkpointInterval = Int.max {
        didSet { nextCheckpoint = expanded + checkpointInterval }
    }
    private var nextCheckpoint = Int.max

    private(set) var found: [Found] = []
    private(set) var expanded = 0
    private(set) var prunedByBound = 0
    private(set) var prunedByDominance = 0
    private(set) var cutShort = false
    /// Asked every `stopInterval` expansions: true ends the search (Ctrl-C), cut short.
    var stop: (() -> Bool)?
    private(set) var interrupted = false
    private static let stopInterval = 4096

    private var path: [Int] = []
    private var visits: [Int]
    private var visited = StadiumSet()
    private var labels: [[Label]]
    /// Where the next label of each game goes once its store is full (the oldest, as a ring).
    private var oldestLabel: [Int]
    private var children: [Child] = []
    private let lastStart: [Double]
    private let usesDominance: Bool
    /// The objective's measures in comparison order (a tuple: no allocation per bound).
    private let order: (ScoreMeasure, ScoreMeasure, ScoreMeasure)
    private static let labelsPerGame = 64

    private var maxGames: Int32? { rules.maxGames }
    private var distinctOnly: Bool { rules.distinctOnly }

    /// `ranking` replaces the bounds' own (the games-only proof of `PlanRun`).
    init(
        rules: TripRules, bounds: SuffixBounds, request: PlanRequest, ranking: Ranking? = nil,
        prices: StadiumPrices? = nil, floor: (tally: Tally, measures: Int)? = nil
    ) {
        let graph = rules.graph
        self.floor = floor?.tally ?? .none
        floorMeasures = floor?.measures ?? 0
        self.graph = graph
        self.rules = rules
        self.bounds = bounds
        self.ranking = ranking ?? bounds.ranking
        self.options = request.options
        self.limit = request.searchLimit
        // Prices bound venues among trips of the most games: no help when miles come first.
        self.prices = (ranking ?? bounds.ranking).gamesOnly || request.objective.order[0] == .miles ? nil : prices
        let stadiumTotal = graph.stadiumCount
        visits = [Int](repeating: 0, count: stadiumTotal)
        labels = [[Label]](repeating: [], count: graph.nodeCount)
        oldestLabel = [Int](repeating: 0, count: graph.nodeCount)
        lastStart = (0..<stadiumTotal).map { s in graph.chains.starts[graph.chains.start[s + 1] - 1] }
        usesDominance = stadiumTotal <= StadiumSet.capacity
        order = self.ranking.order
    }

    /// Runs the search from the start place (or any first game).
    mutating func run() {
        guard !bounds.root.isNone else { return }
        visit(rules.start)
    }

    private func beatsThreshold(_ bound: Tally) -> Bool {
        if found.count < options { return floorMeasures == 0 || meetsFloor(bound) }
        return ranking.isBetter(bound, than: found[options - 1].tally)
    }

    /// Whether `bound` ranks at least as high as the floor on its first `floorMeasures` measures.
    private func meetsFloor(_ bound: Tally) -> Bool {
        if bound.isNone { return false }
        /// Above the floor (true), below it (false), or level (nil) on one measure.
        func compare(_ measure: ScoreMeasure) -> Bool? {
            switch measure {
            case .games: return bound.games == floor.games ? nil : bound.games > floor.games
            case .stadiums: return bound.stadiums == floor.stadiums ? nil : bound.stadiums > floor.stadiums
            case .miles: return bound.milliMiles == floor.milliMiles ? nil : bound.milliMiles < floor.milliMiles
            }
        }
        if let above = compare(order.0) { return above }
        if floorMeasures >= 2, let above = compare(order.1) { return above }
        if floorMeasures >= 3, let above = compare(order.2) { return above }
        return true
    }

    /// Whether a branch with this bound may still enter the top K; a branch that may not is
    /// pruned, and counted.
    private mutating func survives(_ bound: Tally) -> Bool {
        if beatsThreshold(bound) { return true }
        prunedByBound += 1
        return false
    }

    /// Starts the search with a trip found elsewhere (`TripImprovement`): only better ones are
    /// explored, so if none exists the search ends proving this one best.
    mutating func seed(_ trip: Found) {
        guard beatsThreshold(trip.tally) else { return }
        found.append(trip)
        found.sort { ranking.isBetter($0.tally, than: $1.tally) }
        if found.count > options { found.removeLast() }
    }

    private mutating func offer(_ tally: Tally) {
        guard beatsThreshold(tally) else { return }
        var index = found.count
        while index > 0 && ranking.isBetter(tally, than: found[index - 1].tally) { index -= 1 }
        found.insert(Found(tally: tally, path: path), at: index)
        if found.count > options { found.removeLast() }
    }

    /// Upper bound (by the objective) of every trip that extends the current partial trip with
    /// a game at a stadium that is new or not, whose best relaxed suffix is `suffix`.
    /// Once a cap has relaxed the later measures, miles fall back to the trip so far plus the new
    /// leg (all that is certain), and `isRelaxed` says so: the search then orders children tied
    /// on the capped measures by what the caps hid (new stadium first, then the uncapped value)
    /// rather than by the nearest leg.
    private func bound(
        games: Int32, distinct: Int32, milliMiles prefixMilliMiles: Int64, leg: Int64, isNew: Bool, counts: Bool,
        suffix: Tally, unvisited: Int, unvisitedNew: Int
    ) -> (tally: Tally, isRelaxed: Bool) {
        let milliMiles = prefixMilliMiles + leg
        // `fresh`/`newAfterCap` count what the stadiums measure counts (venues not seen before,
        // when the request names seen ones); the games cap of distinct-only counts every venue.
        let fresh: Int32 = isNew && counts ? 1 : 0
        var newAfterCap = Int32(max(0, unvisitedNew - Int(fresh)))
        var gamesCap = Int32.max / 4
        if let maxGames {
            newAfterCap = min(newAfterCap, max(0, maxGames - games - 1))
            gamesCap = maxGames
        }
        if distinctOnly {
            gamesCap = min(gamesCap, games + 1 + Int32(max(0, unvisited - (isNew ? 1 : 0))))
        }
        let stadiumCap = distinct + fresh + newAfterCap
        var result = Tally(
            games: games + suffix.games, stadiums: distinct + fresh + suffix.stadiums,
            milliMiles: milliMiles + suffix.milliMiles)
        var relaxed = false
        func cap(_ measure: ScoreMeasure) {
            switch measure {
            case .games:
                if relaxed || result.games > gamesCap {
                    result.games = gamesCap
                    relaxed = true
                }
            case .stadiums:
                if relaxed || result.stadiums > stadiumCap {
                    result.stadiums = stadiumCap
                    relaxed = true
                }
            case .miles:
                if relaxed { result.milliMiles = milliMiles }
            }
        }
        cap(order.0)
        cap(order.1)
        cap(order.2)
        return (result, relaxed)
    }

    /// `bound` tightened by the stadium prices: trips through game k see at most the proven most
    /// games, and those that do see at most the priced bound of new stadiums (fewest miles among
    /// them: at least the fewest of any rest that sees that many games).
    private func priced(
        _ bound: Tally, prices: StadiumPrices, node k: Int, games: Int32, distinct: Int32, milliMiles: Int64,
        fresh: Int32, unseenPrice: Double
    ) -> Tally {
        if order.0 == .stadiums {
            // Venues first: any rest of the trip, however many games it sees.
            guard let rest = prices.rest(from: k, target: 1, seen: visited) else { return bound }
            let stadiums = StadiumPrices.venues(Double(distinct + fresh) + unseenPrice + rest.weighted)
            guard stadiums < bound.stadiums else { return bound }
            var most = games + prices.mostGames(from: k)
            if let maxGames { most = min(most, maxGames) }
            return Tally(games: most, stadiums: stadiums, milliMiles: milliMiles)
        }
        let most = min(bound.games, prices.ceiling, games + prices.mostGames(from: k))
        guard most > games, let rest = prices.rest(from: k, target: most - games, seen: visited) else {
            return bound
        }
        let stadiums = StadiumPrices.venues(Double(distinct + fresh) + unseenPrice + rest.weighted)
        guard most < bound.games || stadiums < bound.stadiums else { return bound }
        return Tally(games: most, stadiums: stadiums, milliMiles: milliMiles + rest.milliMiles)
    }

    /// A bound with relaxed miles put back to the trip so far (before the new leg): monotone in
    /// the leg-plus-suffix order, and blind to the nearest-leg bias when caps tie the rest.
    private func key(_ bound: (tally: Tally, isRelaxed: Bool), prefixMilliMiles: Int64) -> Tally {
        var key = bound.tally
        if bound.isRelaxed && order.2 == .miles { key.milliMiles = prefixMilliMiles }
        return key
    }

    private mutating func visit(_ trip: PartialTrip) {
        expanded += 1
        if expanded == nextCheckpoint {
            nextCheckpoint += checkpointInterval
            checkpoint?(found.first?.tally, expanded)
        }
        guard expanded <= limit else {
            cutShort = true
            return
        }
        if expanded % Self.stopInterval == 0, let stop, stop() {
            cutShort = true
            interrupted = true
            return
        }
        let nodes = graph.legs.nodes
        let stadiumTotal = graph.stadiumCount
        let j = trip.last
        let (games, need, milliMiles, distinct) = (trip.games, trip.need, trip.milliMiles, trip.stadiums)
        if rules.canEnd(trip) { offer(rules.weight(trip)) }
        guard rules.mayGoOn(trip) else { return }
        let now = j.map { nodes[$0].start } ?? -.infinity
        var unvisited = 0
        var unvisitedNew = 0
        var unseenPrice = 0.0
        for s in 0..<stadiumTotal where visits[s] == 0 && lastStart[s] > now {
            unvisited += 1
            unvisitedNew += Int(rules.venueWeights[s])
            if let prices { unseenPrice += prices.prices[s] }
        }

        let base = children.count
        for stadium in bounds.stadiumsByPromise(from: j, nodeCount: graph.nodeCount) {
            let s = Int(stadium)
            let range = j.map { graph.successors(of: $0, in: s) } ?? graph.startSuccessors(in: s)
            let legMilliMiles = rules.legMilliMiles(from: j, to: s)
            let weight = rules.venueWeights[s]
            // Every bound through this stadium extends the same partial trip by the same leg.
            func boundWith(_ suffix: Tally, isNew: Bool) -> (tally: Tally, isRelaxed: Bool) {
                bound(
                    games: games, distinct: distinct, milliMiles: milliMiles, leg: legMilliMiles, isNew: isNew,
                    counts: weight == 1, suffix: suffix, unvisited: unvisited, unvisitedNew: unvisitedNew)
            }
            let chainFirst = graph.chains.start[s] + range.lowerBound
            // Stadiums come in order of leg plus best suffix; with relaxed miles the bound is
            // only monotone in that order without the leg, so the stop test leaves it out.
            let promise = key(
                boundWith(bounds.chainValue(flatPosition: chainFirst, need: 0), isNew: true),
                prefixMilliMiles: milliMiles)
            guard survives(promise) else { break }
            let isNew = visits[s] == 0
            guard isNew || !distinctOnly else { continue }
            let top = boundWith(bounds.chainValue(flatPosition: chainFirst, need: need), isNew: isNew).tally
            guard survives(top) else { continue }
            let arrival = graph.arrival(from: j, to: s, carry: trip.carry, restedBy: trip.restedBy)
            let chainBase = graph.chains.start[s]
            let first = min(max(arrival.first, range.lowerBound), range.upperBound)
            for position in first..<range.upperBound {
                let rest = boundWith(bounds.chainValue(flatPosition: chainBase + position, need: need), isNew: isNew)
                guard survives(rest.tally) else { break }
                let k = graph.chains.node(s, at: position)
                let childCarry = arrival.carry(leaving: graph.leaveTime[k])
                let suffix = bounds.value(k, need: need, carry: childCarry)
                guard !suffix.isNone else { continue }
                var (b, isRelaxed) = boundWith(suffix, isNew: isNew)
                if let prices {
                    let priced = priced(
                        b, prices: prices, node: k, games: games, distinct: distinct,
                        milliMiles: milliMiles + legMilliMiles, fresh: isNew ? weight : 0,
                        unseenPrice: unseenPrice - (isNew ? prices.prices[s] : 0))
                    if priced != b {
                        b = priced
                        isRelaxed = false
                    }
                }
                guard survives(b) else { continue }
                let raw = Tally(
                    games: games + suffix.games, stadiums: distinct + (isNew ? weight : 0) + suffix.stadiums,
                    milliMiles: milliMiles + legMilliMiles + suffix.milliMiles)
                children.append(
                    Child(
                        bound: b, key: key((b, isRelaxed), prefixMilliMiles: milliMiles), raw: raw, isNew: isNew,
                        node: k, stadium: s,
                        legMilliMiles: legMilliMiles, carry: childCarry, restedBy: arrival.restedBy))
            }
        }
        let end = children.count
        let ranking = self.ranking
        children[base..<end].sort { a, b in
            if ranking.isBetter(a.key, than: b.key) { return true }
            if ranking.isBetter(b.key, than: a.key) { return false }
            if a.isNew != b.isNew { return a.isNew }
            if ranking.isBetter(a.raw, than: b.raw) { return true }
            if ranking.isBetter(b.raw, than: a.raw) { return false }
            return a.node < b.node
        }
        for index in base..<end {
            let child = children[index]
            guard survives(child.bound) else { continue }
            descend(trip, to: child)
            if cutShort { break }
        }
        children.removeLast(children.count - base)
    }

    private mutating func descend(_ trip: PartialTrip, to child: Child) {
        let k = child.node
        let s = child.stadium
        guard
            let next = rules.extend(
                trip, to: k, leg: child.legMilliMiles, isNew: child.isNew, carry: child.carry,
                restedBy: child.restedBy)
        else { return }
        visits[s] += 1
        if visits[s] == 1 { visited.insert(s) }
        defer {
            visits[s] -= 1
            if visits[s] == 0 { visited.remove(s) }
        }
        let label = Label(trip: next, stadiums: visited)
        if usesDominance && isDominated(label, at: k) {
            prunedByDominance += 1
            return
        }
        path.append(k)
        visit(next)
        path.removeLast()
        if usesDominance && !cutShort { remember(label, at: k) }
    }

    /// Keeps an explored partial trip at game k for dominance checks. Every stored label is
    /// sound (its subtree was explored), so when the store is full the new one replaces one it
    /// dominates, or else the oldest: recent labels come from better branches (the search goes
    /// best first and its threshold only rises).
    private mutating func remember(_ label: Label, at k: Int) {
        if labels[k].count < Self.labelsPerGame {
            labels[k].append(label)
            return
        }
        if let index = labels[k].firstIndex(where: { dominates(label, $0) }) {
            labels[k][index] = label
        } else {
            labels[k][oldestLabel[k]] = label
            oldestLabel[k] = (oldestLabel[k] + 1) % Self.labelsPerGame
        }
    }

    /// Whether every completion of `b` is matched by the same completion of `a`, at least as good.
    @inline(__always)
    private func dominates(_ a: Label, _ b: Label) -> Bool {
        // Cheap tests first: most pairs fail on the trip's state before the stadium sets.
        guard rules.dominates(a.trip, b.trip) else { return false }
        // Ranked by games alone, stadiums and miles cannot make b's completions better.
        if ranking.gamesOnly && !distinctOnly { return true }
        guard a.trip.milliMiles <= b.trip.milliMiles else { return false }
        return distinctOnly ? a.stadiums.isEqual(to: b.stadiums) : a.stadiums.isSuperset(of: b.stadiums)
    }

    private func isDominated(_ label: Label, at k: Int) -> Bool {
        var dominators = 0
        for other in labels[k] where dominates(other, label) {
            dominators += 1
            if dominators >= options { return true }
        }
        return false
    }
}
