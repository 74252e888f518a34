/// Stage 3 of a tour: the exact best order of buildings, by depth-first branch and bound.
///
/// A tour is an order of buildings, not a choice of games: from any point of a trip, the
/// earliest game a building's drive reaches is at least as good as any later one there (the fan
/// can wait, and waiting only rests), so each step goes to an unvisited building's earliest
/// reachable game. Every state is bounded from below by three relaxations that never overstate
/// what is left:
/// - **days**: every unvisited building is reached no sooner than by driving straight there
///   with the shortest rests (`DriveModel.earliestArrival` over `RoadMap.soonestSeconds`, the
///   shortest chain of legs, since the fan's road times need not keep the triangle inequality;
///   a leg's own rule of waiting for the morning is relaxed, since a stop on the
///   way can beat it), so the trip ends no sooner than the latest of those earliest games; and
///   the driving still needed takes at least that many days at the daily limit;
/// - **driving and miles**: the nearest unvisited building, a spanning tree of the unvisited
///   ones (any path through them is one), and the nearest of them to the end place.
///
/// A state is dropped when one already explored at the same building with the same buildings
/// behind it left no later, with no more driving counting, no more driving or miles so far, and
/// a first game no earlier. The roots — the first game — are tried best bound first, so the
/// search is proven optimal when the next root's bound cannot beat the best tour found. When
/// time runs out, the bound of the root being explored is a proven lower bound on every tour.
///
/// Those bounds are per state and weak over a season, so a days tour the search does not settle
/// quickly also gets the whole-tour bound (`TourDaysBound`) and the order search's tour
/// (`TourOrderSearch`) before the search starts over with it as the one to beat.
struct TourSearch {
    let graph: FeasibilityGraph
    /// A tour's trip obeys the plans' rules: each step taken is `TripRules.extend`ed, each end
    /// asks `canEnd`.
    let rules: TripRules
    let objective: TourObjective
    /// Stop at the first tour found (the minimum driving-limit search only asks "is there one?").
    let stopsAtFirst: Bool
    /// Called now and then with the best tour so far and the bound being explored; answers
    /// whether time is up (the caller reports progress from it too).
    let checkpoint: (_ best: TourCost?, _ bound: TourCost?) -> Bool
    /// Only tours strictly better than this count (nil: any): with `stopsAtFirst`, "is there
    /// a tour as good as that one?" — how `min` finds the fewest hours that keep a tour as short.
    var ceiling: TourCost?

    private(set) var bestPath: [Int] = []
    private(set) var best: TourCost?
    private(set) var expanded = 0
    private(set) var prunedByBound = 0
    private(set) var prunedByDominance = 0
    /// True when the search proved there is nothing better than `best` (or no tour at all).
    private(set) var isExhaustive = true
    /// A lower bound on every tour (the objective's first measure), valid whether or not the
    /// search finished.
    private(set) var lowerBound: TourCost?
    /// The whole-tour bound on days (`TourDaysBound`), when the objective is days.
    private(set) var daysBound: Int?
    /// Orders the order search checked by the exact rules.
    private(set) var ordersChecked = 0

    private let full: UInt64
    private let stadiumCount: Int
    private let perDayDrive: Double
    /// The buildings with a neighbour a hop away (`DriveModel.hopSeconds`): hops count against
    /// no limit, so the days bound leaves one per such building out of the driving.
    private let hopBuildings: UInt64
    private var spanningTrees: [UInt64: (drive: Int64, milli: Int64)] = [:]
    private var labels: [Key: [Label]] = [:]
    private var path: [Int] = []
    private var aborted = false
    /// When set, the exact search stops (as if time were up) after expanding this many states.
    private var expansionBudget: Int?
    private var budgetSpent = false
    /// The bound of the root being explored: with roots in bound order, a bound on every tour.
    private var rootBound: TourCost?

    private struct Key: Hashable {
        var mask: UInt64
        var stadium: Int
    }

    private struct Label {
        var trip: PartialTrip
        var leave: Double
        var driveSeconds: Int64
        var milliMiles: Int64
        var firstDay: Int

        /// Left no later with no more driving counting (a tour's own test of the driving: at one
        /// building, leaving sooner is what matters), no more cost so far, and no less of what
        /// the trip rules track (`TripRules.seesAsMuch`).
        @inline(__always)
        func dominates(_ other: Label, rules: TripRules) -> Bool {
            leave <= other.leave && trip.carry <= other.trip.carry && driveSeconds <= other.driveSeconds
                && milliMiles <= other.milliMiles && firstDay >= other.firstDay && rules.seesAsMuch(trip, other.trip)
        }
    }

    /// A step of the trip: the game reached, how, and what the leg to it costs.
    private struct Step {
        var stadium: Int
        var node: Int
        var arrival: Arrival
        var driveSeconds: Int64
        var milliMiles: Int64
    }

    /// A state's children and its lower bound; nil children when an unvisited building can no
    /// longer be reached (no completion exists).
    private struct Expansion {
        var steps: [Step]
        var bound: TourCost
    }

    static let maxBuildings = 64
    private static let labelsPerKey = 8

    init(
        graph: FeasibilityGraph, objective: TourObjective, stopsAtFirst: Bool,
        checkpoint: @escaping (_ best: TourCost?, _ bound: TourCost?) -> Bool
    ) {
        self.graph = graph
        rules = TripRules(relaxing: graph)
        self.objective = objective
        self.stopsAtFirst = stopsAtFirst
        self.checkpoint = checkpoint
        stadiumCount = graph.stadiumCount
        full = stadiumCount >= 64 ? .max : (UInt64(1) << stadiumCount) - 1
        // Driving a calendar day can hold: the limit once without night driving; with it, a
        // limit per rest of 8 h, so at most three stints touch one day.
        let cap = graph.drive.capSeconds
        perDayDrive = graph.drive.allowsOvernight ? min(86_400, 3 * cap) : cap
        var hopBuildings: UInt64 = 0
        for a in 0..<min(stadiumCount, Self.maxBuildings) {
            for b in 0..<stadiumCount where graph.legs.isHop(from: a, to: b) { hopBuildings |= UInt64(1) << a }
        }
        self.hopBuildings = hopBuildings
    }

    mutating func run() {
        guard stadiumCount > 0, stadiumCount <= Self.maxBuildings else { return }
        var roots: [(step: Step, trip: PartialTrip, bound: TourCost)] = []
        for step in rootSteps() {
            path = [step.node]
            let firstDay = graph.candidates.nodes[step.node].day
            guard let trip = take(step, after: rules.start),
                let expansion = expand(
                    step: step, trip: trip, mask: UInt64(1) << step.stadium, driveSeconds: step.driveSeconds,
                    milliMiles: step.milliMiles, firstDay: firstDay)
            else { continue }
            roots.append((step, trip, expansion.bound))
        }
        roots.sort { $0.bound.isBetter(than: $1.bound, by: objective) }
        rootBound = roots.first?.bound
        if !stopsAtFirst { seed(roots.map { ($0.step, $0.trip) }) }
        // Most tours are proven by the exact search in a blink; one that is not gets the
        // whole-tour bound and the order search's tour, and the exact search starts over.
        if !stopsAtFirst && objective == .days {
            expansionBudget = quickExpansions
            let stopped = explore(roots)
            expansionBudget = nil
            guard stopped else {
                lowerBound = best
                return
            }
            guard budgetSpent else { return }
            budgetSpent = false
            aborted = false
            isExhaustive = true
            labels = [:]
            improveDays()
            if aborted {
                isExhaustive = false
                lowerBound = raised(rootBound ?? roots[0].bound)
                return
            }
        }
        if explore(roots) { return }
        lowerBound = best
    }

    /// States the exact search may expand before a days tour also gets the whole-tour bound and
    /// the order search (a tenth of a second or so).
    static let quickExpansions = 100_000
    var quickExpansions = Self.quickExpansions

    /// The exact search from each root in turn; true when it stopped early (time up, a first
    /// tour found when that is all that is asked, or the quick budget spent), with the bound
    /// set for time up.
    private mutating func explore(_ roots: [(step: Step, trip: PartialTrip, bound: TourCost)]) -> Bool {
        for root in roots {
            if let cutoff = best ?? ceiling, !root.bound.isBetter(than: cutoff, by: objective) { break }
            rootBound = root.bound
            path = [root.step.node]
            descend(
                step: root.step, trip: root.trip, mask: UInt64(1) << root.step.stadium,
                driveSeconds: root.step.driveSeconds,
                milliMiles: root.step.milliMiles, firstDay: graph.candidates.nodes[root.step.node].day)
            if aborted {
                isExhaustive = false
                lowerBound = raised(root.bound)
                return true
            }
            if stopsAtFirst && best != nil {
                isExhaustive = false
                return true
            }
        }
        return false
    }

    /// A partial tour the beam keeps: its last step, what it has covered and cost, and its bound.
    private struct Partial {
        var step: Step
        var trip: PartialTrip
        var mask: UInt64
        var driveSeconds: Int64
        var milliMiles: Int64
        var firstDay: Int
        var path: [Int]
        var expansion: Expansion
        /// How the beam ranks it: the bound, except for days, where the bound's days are coarse —
        /// then the time since the first game plus the driving still needed at the daily limit.
        var score: Double
    }

    private func score(_ expansion: Expansion, node: Int, firstNode: Int, driveSeconds: Int64) -> Double {
        let bound = expansion.bound
        switch objective {
        case .days:
            let nodes = graph.candidates.nodes
            let remaining = Double(bound.driveSeconds - driveSeconds) / perDayDrive
            return (nodes[node].start - nodes[firstNode].start) / 86_400 + remaining
        case .driving: return Double(bound.driveSeconds)
        case .distance: return Double(bound.milliMiles)
        }
    }

    /// Beam widths: wide enough to find a good tour fast, so the exact search prunes from its
    /// first branch on (the first dive of a depth-first search is easily lost on long tours).
    static let beamWidth = 256

    /// An incumbent from a beam search: level by level, keep the `beamWidth` partial tours with
    /// the best bounds, one per (buildings covered, last building).
    private mutating func seed(_ roots: [(step: Step, trip: PartialTrip)]) {
        var level: [Partial] = []
        for (step, trip) in roots {
            let firstDay = graph.candidates.nodes[step.node].day
            let mask = UInt64(1) << step.stadium
            guard
                let expansion = expand(
                    step: step, trip: trip, mask: mask, driveSeconds: step.driveSeconds, milliMiles: step.milliMiles,
                    firstDay: firstDay)
            else { continue }
            level.append(
                Partial(
                    step: step, trip: trip, mask: mask, driveSeconds: step.driveSeconds, milliMiles: step.milliMiles,
                    firstDay: firstDay, path: [step.node], expansion: expansion,
                    score: score(expansion, node: step.node, firstNode: step.node, driveSeconds: step.driveSeconds)))
        }
        level.sort { $0.score < $1.score }
        if level.count > Self.beamWidth { level.removeLast(level.count - Self.beamWidth) }
        while !level.isEmpty {
            if checkpoint(best, rootBound) { return }
            var next: [Key: Partial] = [:]
            for partial in level {
                for child in partial.expansion.steps {
                    guard let trip = take(child, after: partial.trip) else { continue }
                    let mask = partial.mask | (UInt64(1) << child.stadium)
                    let drive = partial.driveSeconds + child.driveSeconds
                    let milli = partial.milliMiles + child.milliMiles
                    if mask == full {
                        path = partial.path + [child.node]
                        finish(
                            at: child, trip: trip, driveSeconds: drive, milliMiles: milli, firstDay: partial.firstDay)
                        continue
                    }
                    guard
                        let expansion = expand(
                            step: child, trip: trip, mask: mask, driveSeconds: drive, milliMiles: milli,
                            firstDay: partial.firstDay)
                    else { continue }
                    if let cutoff = best ?? ceiling, !expansion.bound.isBetter(than: cutoff, by: objective) { continue }
                    let key = Key(mask: mask, stadium: child.stadium)
                    let rank = score(expansion, node: child.node, firstNode: partial.path[0], driveSeconds: drive)
                    if let kept = next[key], kept.score <= rank { continue }
                    next[key] = Partial(
                        step: child, trip: trip, mask: mask, driveSeconds: drive, milliMiles: milli,
                        firstDay: partial.firstDay,
                        path: partial.path + [child.node], expansion: expansion, score: rank)
                }
            }
            level = next.values.sorted { $0.score < $1.score }
            if level.count > Self.beamWidth { level.removeLast(level.count - Self.beamWidth) }
        }
        path = []
    }

    /// The first games a tour may start with: any game the start place (if any) reaches.
    private func rootSteps() -> [Step] {
        let chains = graph.chains
        var steps: [Step] = []
        for s in 0..<stadiumCount {
            let arrival = graph.startArrival(at: s)
            let hasStart = graph.candidates.startClock != nil
            let first = hasStart ? arrival.first : 0
            guard first < chains.length(s) else { continue }
            // Any first game: a later start can shorten the tour (a measure of every objective).
            for position in first..<chains.length(s) { steps.append(rootStep(s, at: position)) }
        }
        return steps
    }

    /// The first game of a tour at position `position` of building s's games.
    private func rootStep(_ s: Int, at position: Int) -> Step {
        let hasStart = graph.candidates.startClock != nil
        return Step(
            stadium: s, node: graph.chains.node(s, at: position),
            arrival: hasStart ? graph.startArrival(at: s) : Arrival(first: position, restedBy: -.infinity, carry: 0),
            driveSeconds: hasStart ? Self.seconds(graph.legs.startDriveSeconds[s]) : 0,
            milliMiles: hasStart ? graph.startMilliMiles[s] : 0)
    }

    /// The step from node j (at building `from`, leaving with `carry` still counting until
    /// `restedBy`) to the earliest game of building u it reaches, or nil when it reaches none.
    @inline(__always)
    private func step(from j: Int, at from: Int, carry: Double, restedBy: Double, to u: Int) -> Step? {
        let arrival =
            carry == 0
            ? graph.relaxedArrival(from: j, to: u)
            : graph.legs.arrive(from: j, to: u, usedToday: carry, restedBy: restedBy)
        guard arrival.first < graph.chains.length(u) else { return nil }
        return Step(
            stadium: u, node: graph.chains.node(u, at: arrival.first), arrival: arrival,
            driveSeconds: Self.seconds(graph.legs.driveSeconds[from * stadiumCount + u]),
            milliMiles: graph.milliMiles[from * stadiumCount + u])
    }

    /// The trip `parent` extended by `step`'s game, or nil when a trip rule forbids it.
    @inline(__always)
    private func take(_ step: Step, after parent: PartialTrip) -> PartialTrip? {
        rules.extend(
            parent, to: step.node, leg: step.milliMiles, isNew: true,
            carry: step.arrival.carry(leaving: graph.leaveTime[step.node]), restedBy: step.arrival.restedBy)
    }

    /// Explores `step`, whose trip so far is `trip`.
    private mutating func descend(
        step: Step, trip: PartialTrip, mask: UInt64, driveSeconds: Int64, milliMiles: Int64, firstDay: Int
    ) {
        if aborted { return }
        expanded += 1
        if expanded > expansionBudget ?? .max { budgetSpent = true }
        if budgetSpent || (expanded & 1023 == 0 && checkpoint(best, rootBound)) {
            aborted = true
            return
        }
        let j = step.node
        let leave = graph.leaveTime[j]
        if mask == full {
            finish(at: step, trip: trip, driveSeconds: driveSeconds, milliMiles: milliMiles, firstDay: firstDay)
            return
        }
        let label = Label(
            trip: trip, leave: leave, driveSeconds: driveSeconds, milliMiles: milliMiles, firstDay: firstDay)
        let key = Key(mask: mask, stadium: step.stadium)
        if let existing = labels[key], existing.contains(where: { $0.dominates(label, rules: rules) }) {
            prunedByDominance += 1
            return
        }
        guard
            let expansion = expand(
                step: step, trip: trip, mask: mask, driveSeconds: driveSeconds, milliMiles: milliMiles,
                firstDay: firstDay)
        else { return }
        if let cutoff = best ?? ceiling, !expansion.bound.isBetter(than: cutoff, by: objective) {
            prunedByBound += 1
            return
        }
        var kept = labels[key, default: []].filter { !label.dominates($0, rules: rules) }
        if kept.count >= Self.labelsPerKey { kept.removeFirst() }
        kept.append(label)
        labels[key] = kept
        for child in expansion.steps {
            guard let next = take(child, after: trip) else { continue }
            path.append(child.node)
            descend(
                step: child, trip: next, mask: mask | (UInt64(1) << child.stadium),
                driveSeconds: driveSeconds + child.driveSeconds, milliMiles: milliMiles + child.milliMiles,
                firstDay: firstDay)
            path.removeLast()
            if aborted || (stopsAtFirst && best != nil) { return }
            if let cutoff = best ?? ceiling, !expansion.bound.isBetter(than: cutoff, by: objective) { return }
        }
    }

    private mutating func finish(
        at step: Step, trip: PartialTrip, driveSeconds: Int64, milliMiles: Int64, firstDay: Int
    ) {
        guard rules.canEnd(trip) else { return }
        let cost = self.cost(endingAt: step, driveSeconds: driveSeconds, milliMiles: milliMiles, firstDay: firstDay)
        if (best ?? ceiling).map({ cost.isBetter(than: $0, by: objective) }) ?? true {
            best = cost
            bestPath = path
        }
    }

    /// What a tour ending at `step` costs, the drive to the end place included.
    private func cost(endingAt step: Step, driveSeconds: Int64, milliMiles: Int64, firstDay: Int) -> TourCost {
        var cost = TourCost(
            days: Int64(graph.candidates.nodes[step.node].day - firstDay + 1), driveSeconds: driveSeconds,
            milliMiles: milliMiles)
        if graph.tripCloses.isFinite || graph.endMilliMiles[step.stadium] > 0 {
            cost.driveSeconds += Self.seconds(graph.endDriveSeconds[step.stadium])
            cost.milliMiles += graph.endMilliMiles[step.stadium]
        }
        return cost
    }

    /// The whole-tour days bound, then (unless the best tour already meets it) the order
    /// search's tour when it beats the best.
    private mutating func improveDays() {
        let steps = TourSteps(graph: graph)
        guard steps.nodeCount > 0 else { return }
        var bound = TourDaysBound(steps: steps, graph: graph)
        let checkpoint = self.checkpoint
        let known = best
        let rootBound = self.rootBound
        var timeUp = false
        let isTimeUp = {
            if !timeUp { timeUp = checkpoint(known, rootBound) }
            return timeUp
        }
        let span = Int(steps.day.max() ?? 0) - Int(steps.day.min() ?? 0) + 1
        bound.improve(upper: Int(best?.days ?? Int64(span)), isTimeUp: isTimeUp)
        daysBound = bound.days
        if let best, best.days <= Int64(bound.days) { return }
        let walker = self
        var orders = TourOrderSearch(
            steps: steps, prices: bound.prices, starts: graph.candidates.nodes.map(\.start)
        ) { first, order in
            walker.walk(from: first, through: order).map {
                (
                    Int($0.cost.days),
                    (walker.graph.candidates.nodes[$0.path[$0.path.count - 1]].start
                        - walker.graph.candidates.nodes[first].start) / 86_400
                )
            }
        }
        orders.run(
            target: bound.days, iterations: min(2_000_000, 500 * steps.nodeCount * steps.buildings),
            isTimeUp: isTimeUp)
        ordersChecked = orders.checked
        if timeUp { aborted = true }
        guard let found = orders.best, let tour = walk(from: found.first, through: found.order) else { return }
        if best.map({ tour.cost.isBetter(than: $0, by: objective) }) ?? true {
            best = tour.cost
            bestPath = tour.path
        }
    }

    /// The tour from node `first` through the buildings of `order` (the first's included) in
    /// turn, each at the earliest game the rules reach: its path and cost, or nil when a rule
    /// forbids it.
    private func walk(from first: Int, through order: [Int]) -> (path: [Int], cost: TourCost)? {
        let nodes = graph.candidates.nodes
        let root = rootStep(nodes[first].stadium, at: graph.chains.position[first])
        guard order.first == root.stadium, var trip = take(root, after: rules.start) else { return nil }
        if graph.candidates.startClock != nil && graph.chains.position[first] < root.arrival.first { return nil }
        var last = root
        var path = [first]
        var driveSeconds = root.driveSeconds
        var milliMiles = root.milliMiles
        for u in order.dropFirst() {
            guard let next = step(from: last.node, at: last.stadium, carry: trip.carry, restedBy: trip.restedBy, to: u),
                let extended = take(next, after: trip)
            else { return nil }
            trip = extended
            last = next
            path.append(next.node)
            driveSeconds += next.driveSeconds
            milliMiles += next.milliMiles
        }
        guard rules.canEnd(trip) else { return nil }
        return (
            path, cost(endingAt: last, driveSeconds: driveSeconds, milliMiles: milliMiles, firstDay: nodes[first].day)
        )
    }

    /// `bound` raised to the whole-tour days bound when that is higher (the other measures then
    /// bound nothing: 0).
    private func raised(_ bound: TourCost) -> TourCost {
        guard objective == .days, let days = daysBound, Int64(days) > bound.days else { return bound }
        return TourCost(days: Int64(days), driveSeconds: 0, milliMiles: 0)
    }

    /// The children of a state (earliest game at each unvisited building) in the order to try
    /// them, and the state's lower bound; nil when some unvisited building is out of reach.
    private mutating func expand(
        step: Step, trip: PartialTrip, mask: UInt64, driveSeconds: Int64, milliMiles: Int64, firstDay: Int
    ) -> Expansion? {
        let j = step.node
        let nodes = graph.candidates.nodes
        let carry = trip.carry
        let from = step.stadium
        var steps: [Step] = []
        var lastDay = nodes[j].day
        var nearestDrive = Int64.max
        var nearestMilli = Int64.max
        var endDrive = Int64.max
        var endMilli = Int64.max
        let chains = graph.chains
        var rest = full & ~mask
        while rest != 0 {
            let u = rest.trailingZeroBitCount
            rest &= rest - 1
            // However the fan gets there, no sooner than driving straight on without nights.
            let soonest = chains.firstStarting(
                u, atOrAfter: earliestArrival(from: j, to: u, carry: carry) + graph.bufferBefore)
            guard soonest < chains.length(u) else { return nil }
            lastDay = max(lastDay, chains.days[chains.start[u] + soonest])
            let drive = Self.seconds(graph.legs.driveSeconds[from * stadiumCount + u])
            let milli = graph.milliMiles[from * stadiumCount + u]
            if let child = self.step(from: j, at: from, carry: carry, restedBy: trip.restedBy, to: u) {
                steps.append(child)
            }
            nearestDrive = min(nearestDrive, drive)
            nearestMilli = min(nearestMilli, milli)
            endDrive = min(endDrive, Self.seconds(graph.endDriveSeconds[u]))
            endMilli = min(endMilli, graph.endMilliMiles[u])
        }
        if mask == full {
            nearestDrive = 0
            nearestMilli = 0
            endDrive = Self.seconds(graph.endDriveSeconds[from])
            endMilli = graph.endMilliMiles[from]
        }
        let tree = spanningTree(of: full & ~mask)
        let remainingDrive = nearestDrive + tree.drive + endDrive
        let remainingMilli = nearestMilli + tree.milli + endMilli
        // The driving still to do needs that many days at the limit, the game day included
        // (one day of slack for clocks in different zones).
        let hops = Double((((full & ~mask) | (UInt64(1) << from)) & hopBuildings).nonzeroBitCount)
        let counted = max(0, Double(remainingDrive - endDrive) - hops * DriveModel.hopSeconds)
        // A leg that flies drives only to and from its airports, which no limit counts: with
        // flights the days the driving needs bound nothing (the soonest arrivals still do).
        if graph.legs.flights == nil {
            let drivingDays = Int((counted / perDayDrive).rounded(.up))
            lastDay = max(lastDay, nodes[j].day + drivingDays - 2)
        }
        let bound = TourCost(
            days: Int64(lastDay - firstDay + 1), driveSeconds: driveSeconds + remainingDrive,
            milliMiles: milliMiles + remainingMilli)
        switch objective {
        case .days:
            steps.sort {
                (nodes[$0.node].start, $0.driveSeconds) < (nodes[$1.node].start, $1.driveSeconds)
            }
        case .driving: steps.sort { ($0.driveSeconds, nodes[$0.node].start) < ($1.driveSeconds, nodes[$1.node].start) }
        case .distance: steps.sort { ($0.milliMiles, nodes[$0.node].start) < ($1.milliMiles, nodes[$1.node].start) }
        }
        return Expansion(steps: steps, bound: bound)
    }

    /// The soonest the fan can be at building u after node j by any legs (`DriveModel.earliestArrival`).
    private func earliestArrival(from j: Int, to u: Int, carry: Double) -> Double {
        graph.soonestArrival(from: j, to: u, carry: carry)
    }

    /// A minimum spanning tree's driving and miles over the buildings in `mask` (Prim's, cached).
    private mutating func spanningTree(of mask: UInt64) -> (drive: Int64, milli: Int64) {
        if let cached = spanningTrees[mask] { return cached }
        var members: [Int] = []
        var rest = mask
        while rest != 0 {
            members.append(rest.trailingZeroBitCount)
            rest &= rest - 1
        }
        let tree = (
            drive: Self.prim(members) { Self.seconds(graph.legs.driveSeconds[$0 * stadiumCount + $1]) },
            milli: Self.prim(members) { graph.milliMiles[$0 * stadiumCount + $1] }
        )
        if spanningTrees.count > 1 << 20 { spanningTrees.removeAll(keepingCapacity: true) }
        spanningTrees[mask] = tree
        return tree
    }

    private static func prim(_ members: [Int], _ weight: (Int, Int) -> Int64) -> Int64 {
        guard members.count > 1 else { return 0 }
        var distance = [Int64](repeating: .max, count: members.count)
        var inTree = [Bool](repeating: false, count: members.count)
        distance[0] = 0
        var total: Int64 = 0
        for _ in members.indices {
            var next = -1
            for i in members.indices where !inTree[i] && (next < 0 || distance[i] < distance[next]) { next = i }
            inTree[next] = true
            // Buildings across an ocean: the tree weight is capped, never infinite.
            total += min(distance[next], Int64(Int32.max))
            for i in members.indices where !inTree[i] {
                distance[i] = min(distance[i], weight(members[next], members[i]), weight(members[i], members[next]))
            }
        }
        return total
    }

    static func seconds(_ value: Double) -> Int64 { value.isFinite ? Int64(value.rounded()) : Int64(Int32.max) }
}
