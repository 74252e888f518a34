/// Stage 3e (games objective, most games proven): the most venues of any trip that sees the most
/// games, proven, by one sweep over the games in time order — where the branch-and-bound runs
/// out of states over a whole season, since its bound on distinct stadiums (`StadiumPrices`)
/// stays several venues above the truth there.
///
/// At each game the sweep keeps every partial trip ending there that no other one dominates,
/// and extends the survivors to later games. What keeps that small is what the future can still
/// see: stadiums without a later game on a trip of the most games no longer matter, so a partial
/// trip dominates another when it has at least as many games, no more teams to see, no more
/// driving that still counts, and more stadiums by at least the number of still-visitable
/// stadiums only it has seen (the other can catch up by at most that many). Partial trips that
/// cannot still see the most games, or whose most optimistic completion (every still-visitable
/// stadium) cannot beat the best trip known, are dropped.
///
/// The partial trips kept at a game are indexed by their still-visitable venues
/// (`KeptTripIndex`), so a new one is checked only against those that could dominate it: over the
/// 2026 season from Chicago 8.5·10⁷ checks instead of 1.5·10⁹ pairs, and Seattle's season, which
/// gave up at a budget of 3·10⁹ pairs, is proven (461,000 partial trips kept).
///
/// Miles are not part of the dominance (with them the partial trips kept multiply past any
/// budget). Instead each kept partial trip carries a floor: the fewest miles so far of itself
/// and of every partial trip it dominated. The dominator can take every completion the dominated
/// trip could, with as many games and venues, so over the trips with the most games and venues
/// the least floor (plus the drive to the end) bounds their miles from below (`milesFloor`); the
/// exact run keeps partial trips that can tie the most venues known for it, and returns the one
/// of fewest miles. A window where it would keep more than `labelBudget` gives up.
struct TripSweep {
    /// One partial trip: the trip before it (`parent`) and the still-visitable venues it has seen.
    private struct Label {
        var trip: PartialTrip
        var parent: Int32
        var visited: VenueBits
        /// The fewest miles so far of this trip and of every one it dominated (their own floors).
        var floor: Int64
        /// Its venues with every still-visitable one not seen yet: the most it can end with.
        var reach: Int32 = 0
    }

    /// A way into game k not yet compared: the partial trip it extends and the drive's carry.
    private struct Entry {
        var parent: Int32
        var carry: Double
        var restedBy: Double
    }

    enum Outcome {
        /// A trip of the most games with more venues than the incumbent (or, exact, as many over
        /// fewer miles), and no trip has more venues.
        case mostVenues(ItinerarySearch.Found)
        /// No trip of the most games has more venues than the incumbent (or, exact, as many over
        /// fewer miles).
        case incumbentHasMostVenues
        /// Over budget (or more venues than `VenueBits` holds): nothing is proven.
        case gaveUp
    }

    static let labelBudget = 1_500_000
    /// The narrow sweep's partial trips per game: over the season it finds 50 venues in 0.1 s,
    /// which lets the exact sweep drop most partial trips at once.
    static let beamWidth = 16

    let graph: FeasibilityGraph
    let rules: TripRules
    let bounds: SuffixBounds
    let ceiling: Int32
    let countsVenues: Bool
    /// When each stadium last has a game on a trip of the most games (-∞: never): after that,
    /// it is no longer still-visitable.
    private let lastUseful: [Double]
    /// Each still-visitable stadium's bit in `VenueBits` (-1: none), and how many have one.
    private let bit: [Int]
    private let bits: Int
    /// `chainMost[chain start + p]`: the most games from any game at position p or later of a chain.
    private let chainMost: [Int32]
    /// Partial trips kept, over every run.
    private(set) var labelsKept = 0
    /// Index steps and dominance checks made (`KeptTripIndex.checks`), over every run.
    private(set) var comparisons = 0
    /// After an exact run: no trip with the most games and the most venues drives fewer milli-miles.
    private(set) var milesFloor: Int64?
    /// Asked every 256 games: true gives up (Ctrl-C).
    var stop: (() -> Bool)?

    /// `ceiling` is the proven most games of any trip. What does not depend on the trip to beat
    /// is worked out here, once for the narrow and the exact run.
    /// With `countsVenues` false, a run ignores venues and only partial trips of as many games
    /// dominate: its `milesFloor` bounds the miles of every trip with the most games, closely
    /// (its trip's venues mean nothing).
    init(graph: FeasibilityGraph, bounds: SuffixBounds, request: PlanRequest, ceiling: Int32, countsVenues: Bool = true)
    {
        self.init(
            rules: TripRules(graph: graph, request: request), bounds: bounds, ceiling: ceiling,
            countsVenues: countsVenues)
    }

    init(rules: TripRules, bounds: SuffixBounds, ceiling: Int32, countsVenues: Bool = true) {
        let graph = rules.graph
        self.graph = graph
        self.rules = rules
        self.bounds = bounds
        self.ceiling = ceiling
        self.countsVenues = countsVenues
        let weight = rules.venueWeights
        let nodes = graph.legs.nodes
        let chains = graph.chains
        let stadiumTotal = graph.stadiumCount
        let most = Self.mostGames(graph: graph, bounds: bounds)
        var lastUseful = [Double](repeating: -.infinity, count: stadiumTotal)
        for k in 0..<graph.nodeCount where most.before[k] > 0 && most.before[k] + most.after[k] - 1 >= ceiling {
            lastUseful[nodes[k].stadium] = max(lastUseful[nodes[k].stadium], nodes[k].start)
        }
        var bit = [Int](repeating: -1, count: stadiumTotal)
        var bits = 0
        for s in 0..<stadiumTotal where countsVenues && lastUseful[s] > -.infinity && weight[s] > 0 {
            bit[s] = bits
            bits += 1
        }
        var chainMost = [Int32](repeating: 0, count: chains.nodes.count + 1)
        for t in 0..<stadiumTotal {
            for p in stride(from: chains.length(t) - 1, through: 0, by: -1) {
                let flat = chains.start[t] + p
                chainMost[flat] = max(
                    most.after[chains.nodes[flat]], p + 1 < chains.length(t) ? chainMost[flat + 1] : 0)
            }
        }
        self.lastUseful = lastUseful
        self.bit = bit
        self.bits = bits
        self.chainMost = chainMost
    }

    /// A trip of `ceiling` games with more venues than `incumbent` (the best trip known), or as
    /// many over fewer miles, and the proof that none has more venues; `milesFloor` is then a
    /// lower bound on the miles of any trip with the most games and venues. With `width`, at
    /// most that many partial trips are kept per game (the most games, then venues, first): a
    /// beam search, fast, that proves nothing and only looks for more venues.
    mutating func run(incumbent: Tally, width: Int? = nil) -> Outcome {
        let nodeTotal = graph.nodeCount
        let stadiumTotal = graph.stadiumCount
        let nodes = graph.legs.nodes
        let chains = graph.chains
        milesFloor = nil
        // Only stadiums still visitable on a trip of the most games can be on one.
        guard bits <= VenueBits.capacity else { return .gaveUp }
        var entries = [[Entry]](repeating: [], count: nodeTotal)
        var labels: [Label] = []
        var index = KeptTripIndex(rules: rules)
        index.sameGamesOnly = !countsVenues
        // The exact sweep keeps partial trips that can tie the most venues known (for the miles
        // floor); the narrow one only those that can beat it.
        let beyond: Int32 = width == nil ? 0 : 1
        var mostVenues = incumbent.isNone ? -1 : incumbent.stadiums
        var target = incumbent.isNone ? 0 : mostVenues + beyond
        defer {
            labelsKept += labels.count
            comparisons += index.checks
        }

        /// Queues the ways into chain s's games over `arrival` that can still see the most games.
        func enter(_ s: Int, range: Range<Int>, arrival: Arrival, parent: Int32, games: Int32, need: Int) {
            var position = min(max(arrival.first, range.lowerBound), range.upperBound)
            while position < range.upperBound {
                let k = chains.node(s, at: position)
                position += 1
                let carry = arrival.carry(leaving: graph.leaveTime[k])
                let rest = bounds.value(k, need: need, carry: carry).games
                guard games + rest >= ceiling else { continue }
                entries[k].append(Entry(parent: parent, carry: carry, restedBy: arrival.restedBy))
            }
        }

        let start = rules.start
        for s in 0..<stadiumTotal {
            let range = graph.startSuccessors(in: s)
            guard !range.isEmpty else { continue }
            enter(s, range: range, arrival: graph.startArrival(at: s), parent: -1, games: 0, need: start.need)
        }
        /// The stadiums a trip can go on to from a game, with the most games it can still see there.
        var onward: [(stadium: Int, range: Range<Int>, most: Int32)] = []
        var fresh: [Label] = []
        for k in 0..<nodeTotal {
            if k % 256 == 0, stop?() == true { return .gaveUp }
            guard !entries[k].isEmpty else { continue }
            let node = nodes[k]
            let s = node.stadium
            var useful = VenueBits()
            for t in 0..<stadiumTotal where lastUseful[t] > node.start && bit[t] >= 0 { useful.insert(bit[t]) }
            onward.removeAll(keepingCapacity: true)
            Self.forEachRelaxedSuccessor(of: k, in: graph) { t, range, first in
                onward.append((t, range, chainMost[chains.start[t] + first]))
            }
            fresh.removeAll(keepingCapacity: true)
            for entry in entries[k] {
                let parent = entry.parent < 0 ? nil : labels[Int(entry.parent)]
                let before = parent?.trip ?? start
                // Only still-visitable venues count: the others are on no trip of the most games.
                let isNew = countsVenues && (parent.map { bit[s] >= 0 && !$0.visited.contains(bit[s]) } ?? true)
                guard
                    let trip = rules.extend(
                        before, to: k, leg: rules.legMilliMiles(from: before.last, to: s), isNew: isNew,
                        carry: entry.carry, restedBy: entry.restedBy)
                else { continue }
                var label = Label(
                    trip: trip, parent: entry.parent, visited: parent?.visited ?? VenueBits(),
                    floor: (parent?.floor ?? 0) + trip.milliMiles - before.milliMiles)
                if bit[s] >= 0 { label.visited.insert(bit[s]) }
                // The most optimistic completion: every still-visitable stadium not seen yet, no more miles.
                label.reach = label.trip.stadiums + Int32(useful.countSubtracting(label.visited))
                guard label.reach >= target else { continue }
                fresh.append(label)
            }
            entries[k] = []
            fresh.sort {
                let (a, b) = ($0.trip, $1.trip)
                if a.games != b.games { return a.games > b.games }
                if a.stadiums != b.stadiums { return a.stadiums > b.stadiums }
                if a.milliMiles != b.milliMiles { return a.milliMiles < b.milliMiles }
                return a.carry < b.carry
            }
            index.reset(useful: useful)
            for label in fresh {
                if let width, index.count >= width { break }
                let key = label.visited.intersection(useful)
                if let dominator = index.dominator(of: label.trip, key: key) {
                    // Every completion of the dominated trip is open to the dominator, with as
                    // many games and venues: its floor stands for both — unless it can no longer
                    // reach the most venues known.
                    if label.reach >= mostVenues {
                        labels[Int(dominator)].floor = min(labels[Int(dominator)].floor, label.floor)
                    }
                    continue
                }
                labels.append(label)
                guard labels.count <= Self.labelBudget else { return .gaveUp }
                let here = Int32(labels.count - 1)
                index.insert(label.trip, key: key, label: here)
                let trip = label.trip
                if trip.games == ceiling, rules.canEnd(trip), trip.stadiums > mostVenues {
                    mostVenues = trip.stadiums
                    target = mostVenues + beyond
                }
                guard trip.games < ceiling else { continue }
                for next in onward where trip.games + next.most >= ceiling {
                    enter(
                        next.stadium, range: next.range,
                        arrival: graph.arrival(from: k, to: next.stadium, carry: trip.carry, restedBy: trip.restedBy),
                        parent: here, games: trip.games, need: trip.need)
                }
            }
        }
        // The trips of the most games and venues found: the one of fewest miles, and the floor.
        var best: (tally: Tally, label: Int)?
        var floor = Int64.max
        for (i, label) in labels.enumerated()
        where label.trip.games == ceiling && label.trip.stadiums == mostVenues && rules.canEnd(label.trip) {
            let tally = rules.weight(label.trip)
            floor = min(floor, label.floor + tally.milliMiles - label.trip.milliMiles)
            if best.map({ tally.milliMiles < $0.tally.milliMiles }) ?? true { best = (tally, i) }
        }
        if width == nil, floor < .max { milesFloor = floor }
        guard let best,
            incumbent.isNone || best.tally.stadiums > incumbent.stadiums
                || (width == nil && best.tally.milliMiles < incumbent.milliMiles)
        else { return .incumbentHasMostVenues }
        var path: [Int] = []
        var step = best.label
        while step >= 0 {
            path.append(Int(labels[step].trip.node))
            step = Int(labels[step].parent)
        }
        return .mostVenues(ItinerarySearch.Found(tally: best.tally, path: path.reversed()))
    }

    /// Every stadium game k can go on to, with its chain's range and the first position a drive
    /// with no driving carried over reaches (the earliest any drive does).
    private static func forEachRelaxedSuccessor(
        of k: Int, in graph: FeasibilityGraph, _ body: (Int, Range<Int>, Int) -> Void
    ) {
        let here = graph.legs.nodes[k].stadium
        for t in 0..<graph.stadiumCount {
            let range = graph.successors(of: k, in: t)
            guard !range.isEmpty else { continue }
            let first = t == here ? range.lowerBound : max(graph.relaxedArrival(from: k, to: t).first, range.lowerBound)
            if first < range.upperBound { body(t, range, first) }
        }
    }

    /// For every game, the most games of a trip up to it (`before`, 0: none reaches it) and from
    /// it (`after`), both counting it and both relaxed (no driving carried over from earlier the
    /// same day): a game can be on a trip of the most games only if before + after − 1 reaches it.
    private static func mostGames(graph: FeasibilityGraph, bounds: SuffixBounds) -> (before: [Int32], after: [Int32]) {
        let nodeTotal = graph.nodeCount
        let stadiumTotal = graph.stadiumCount
        let chains = graph.chains
        let nodes = graph.legs.nodes
        // offers[chain start + p]: the most games of a trip that can next go to position p or later.
        var offers = [Int32](repeating: 0, count: chains.nodes.count)
        for s in 0..<stadiumTotal {
            let range = graph.startSuccessors(in: s)
            guard !range.isEmpty else { continue }
            offers[chains.start[s] + range.lowerBound] = 1
        }
        var before = [Int32](repeating: 0, count: nodeTotal)
        var running = [Int32](repeating: 0, count: stadiumTotal)
        var scanned = [Int](repeating: 0, count: stadiumTotal)
        for k in 0..<nodeTotal {
            let s = nodes[k].stadium
            let p = chains.position[k]
            while scanned[s] <= p {
                running[s] = max(running[s], offers[chains.start[s] + scanned[s]])
                scanned[s] += 1
            }
            before[k] = running[s]
            guard before[k] > 0 else { continue }
            Self.forEachRelaxedSuccessor(of: k, in: graph) { t, _, first in
                let flat = chains.start[t] + first
                offers[flat] = max(offers[flat], before[k] + 1)
            }
        }
        let after = (0..<nodeTotal).map { max(0, bounds.value($0, need: 0, carry: 0).games) }
        return (before, after)
    }
}

/// A set of up to 128 venues as two words: what `TripSweep` copies and compares per partial trip.
struct VenueBits: Sendable {
    static let capacity = 128
    private var low: UInt64 = 0
    private var high: UInt64 = 0

    @inline(__always)
    mutating func insert(_ i: Int) {
        if i < 64 { low |= 1 << UInt64(i) } else { high |= 1 << UInt64(i - 64) }
    }

    @inline(__always)
    func contains(_ i: Int) -> Bool {
        i < 64 ? low & (1 << UInt64(i)) != 0 : high & (1 << UInt64(i - 64)) != 0
    }

    @inline(__always)
    func intersection(_ other: VenueBits) -> VenueBits {
        var result = VenueBits()
        result.low = low & other.low
        result.high = high & other.high
        return result
    }

    @inline(__always)
    var count: Int { low.nonzeroBitCount + high.nonzeroBitCount }

    /// How many of this set's venues `other` lacks.
    @inline(__always)
    func countSubtracting(_ other: VenueBits) -> Int {
        (low & ~other.low).nonzeroBitCount + (high & ~other.high).nonzeroBitCount
    }
}
