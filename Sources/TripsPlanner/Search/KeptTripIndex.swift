/// The partial trips `TripSweep` keeps at one game, indexed so that a new one is checked only
/// against those that could dominate it — instead of against all of them, which is quadratic
/// per game (1.5·10⁹ checks over a season from Chicago, past any budget from Seattle).
///
/// Kept trip o dominates new trip l when `TripRules.dominates(o, l)` and o's venues exceed l's
/// by at least the still-visitable venues only o has seen: s_o − s_l ≥ |K_o ∖ K_l| (K: the
/// venue key). Writing a = s − |K| (venues seen that no longer matter), that is the same as
/// a_o − a_l ≥ |K_l ∖ K_o|. So the keys go in a binary trie, one level per still-visitable venue:
/// a step where o has a venue l lacks spends from the first budget, a step where l has one o
/// lacks from the second, and a subtree is skipped once either budget, taken at the subtree's
/// most venues (or most such a), runs out — or when none of its trips has as many games, as
/// little carried driving, or no more teams to see. A node holds up to `bucket` trips before it
/// splits; they are checked in full, so the answer is the pairwise scan's
/// (`dominates(_:key:_:key:rules:)`, kept for the tests).
struct KeptTripIndex {
    private struct Node {
        var zero: Int32 = -1
        var one: Int32 = -1
        /// Over the trips below: the most venues, the most venues no longer visitable, the most
        /// games, the least carried driving, and the teams every one still has to see.
        var mostStadiums = Self.none
        var mostDead = Self.none
        var mostGames = Self.none
        var leastCarry: Double = .infinity
        var commonNeed: Int = -1
        /// Until it splits: its trips, a list through `members` (-1: none), and how many.
        var first: Int32 = -1
        var size: Int32 = 0

        /// Below every count, with room to subtract one from it (an empty node answers no).
        static let none: Int32 = -(1 << 24)

        var isLeaf: Bool { zero < 0 && one < 0 }

        mutating func include(_ trip: PartialTrip, dead: Int32) {
            mostStadiums = max(mostStadiums, trip.stadiums)
            mostDead = max(mostDead, dead)
            mostGames = max(mostGames, trip.games)
            leastCarry = min(leastCarry, trip.carry)
            commonNeed &= trip.need
        }
    }

    private struct Member {
        var trip: PartialTrip
        var key: VenueBits
        var label: Int32
        var next: Int32
    }

    private struct Step {
        var node: Int32
        var depth: Int32
        /// Venues the path's trips have that the new one lacks, and the other way round.
        var extra: Int32
        var missing: Int32
    }

    /// Trips a node holds before it splits by its level's venue.
    static let bucket: Int32 = 8

    let rules: TripRules
    /// Only a trip of as many games dominates (what a sweep without venues needs for a tight
    /// miles floor: one with more games would stand for completions of more games).
    var sameGamesOnly = false
    private var nodes: [Node] = []
    private var members: [Member] = []
    /// The trie's levels: the still-visitable venues' bits, in order.
    private var levels: [Int] = []
    private var stack: [Step] = []
    /// Trie nodes visited and trips checked at leaves, since the index was made.
    private(set) var checks = 0

    init(rules: TripRules) {
        self.rules = rules
    }

    var count: Int { members.count }

    /// Empties the index for the trips of one game, whose keys hold only venues in `useful`.
    mutating func reset(useful: VenueBits) {
        nodes.removeAll(keepingCapacity: true)
        members.removeAll(keepingCapacity: true)
        levels.removeAll(keepingCapacity: true)
        for i in 0..<VenueBits.capacity where useful.contains(i) { levels.append(i) }
        nodes.append(Node())
    }

    /// Whether kept trip `o` (key `oKey`) dominates `l` (key `lKey`): the rule the index answers.
    @inline(__always)
    static func dominates(
        _ o: PartialTrip, key oKey: VenueBits, _ l: PartialTrip, key lKey: VenueBits, rules: TripRules
    ) -> Bool {
        rules.dominates(o, l) && Int(o.stadiums - l.stadiums) >= oKey.countSubtracting(lKey)
    }

    /// The label of a kept trip that dominates `trip` (whose key is `key`), or nil if none does.
    mutating func dominator(of trip: PartialTrip, key: VenueBits) -> Int32? {
        let dead = trip.stadiums - Int32(key.count)
        let gamesCount = rules.maxGames == nil
        stack.removeAll(keepingCapacity: true)
        stack.append(Step(node: 0, depth: 0, extra: 0, missing: 0))
        while let step = stack.popLast() {
            checks += 1
            let (zero, one, isLeaf, first): (Int32, Int32, Bool, Int32)
            do {
                let node = nodes[Int(step.node)]
                guard node.mostStadiums - trip.stadiums >= step.extra, node.mostDead - dead >= step.missing,
                    !gamesCount || node.mostGames >= trip.games, node.leastCarry <= trip.carry,
                    node.commonNeed & ~trip.need == 0
                else { continue }
                (zero, one, isLeaf, first) = (node.zero, node.one, node.isLeaf, node.first)
            }
            if isLeaf {
                var m = first
                while m >= 0 {
                    checks += 1
                    let member = members[Int(m)]
                    if !sameGamesOnly || member.trip.games == trip.games,
                        Self.dominates(member.trip, key: member.key, trip, key: key, rules: rules)
                    {
                        return member.label
                    }
                    m = member.next
                }
                continue
            }
            let has = key.contains(levels[Int(step.depth)])
            let depth = step.depth + 1
            // The costly child first onto the stack, so the free one is tried first.
            if has {
                if zero >= 0 {
                    stack.append(Step(node: zero, depth: depth, extra: step.extra, missing: step.missing + 1))
                }
                if one >= 0 { stack.append(Step(node: one, depth: depth, extra: step.extra, missing: step.missing)) }
            } else {
                if one >= 0 {
                    stack.append(Step(node: one, depth: depth, extra: step.extra + 1, missing: step.missing))
                }
                if zero >= 0 { stack.append(Step(node: zero, depth: depth, extra: step.extra, missing: step.missing)) }
            }
        }
        return nil
    }

    /// Keeps `trip` (key `key`, `label` in the sweep's list).
    mutating func insert(_ trip: PartialTrip, key: VenueBits, label: Int32) {
        let dead = trip.stadiums - Int32(key.count)
        var index = 0
        var depth = 0
        while !nodes[index].isLeaf {
            nodes[index].include(trip, dead: dead)
            index = child(of: index, has: key.contains(levels[depth]))
            depth += 1
        }
        members.append(Member(trip: trip, key: key, label: label, next: -1))
        add(Int32(members.count - 1), to: index, dead: dead)
        guard nodes[index].size > Self.bucket, depth < levels.count else { return }
        // Split: the node's trips go one level down, by whether they have this level's venue.
        var m = nodes[index].first
        nodes[index].first = -1
        while m >= 0 {
            let next = members[Int(m)].next
            let member = members[Int(m)]
            let below = child(of: index, has: member.key.contains(levels[depth]))
            add(m, to: below, dead: member.trip.stadiums - Int32(member.key.count))
            m = next
        }
    }

    /// Adds member m to leaf `index`'s list and summary.
    private mutating func add(_ m: Int32, to index: Int, dead: Int32) {
        members[Int(m)].next = nodes[index].first
        nodes[index].first = m
        nodes[index].size += 1
        nodes[index].include(members[Int(m)].trip, dead: dead)
    }

    /// Node `index`'s child for trips with (`has`) or without its level's venue, made if new.
    private mutating func child(of index: Int, has: Bool) -> Int {
        let existing = has ? nodes[index].one : nodes[index].zero
        if existing >= 0 { return Int(existing) }
        let made = Int32(nodes.count)
        nodes.append(Node())
        if has { nodes[index].one = made } else { nodes[index].zero = made }
        return Int(made)
    }
}
