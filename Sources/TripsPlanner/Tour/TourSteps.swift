/// A tour's moves as its relaxation sees them: from each game, the earliest game that a leg
/// started rested reaches at every other building, and the next game at its own (waiting there).
///
/// Why rested: driving still counting from earlier only makes a leg arrive later, and leaving
/// a building later never arrives sooner, so no tour reaches a building's games sooner than by
/// these steps. That makes them the days bound's relaxation (`TourDaysBound`) and the order
/// search's fast, optimistic walk (`TourOrderSearch`), which the exact rules then check.
struct TourSteps {
    let buildings: Int
    /// `next[j × buildings + u]`: the node j's step to building u reaches (u = j's own: its
    /// next game there), or -1 for none. Always a later node: the graph's nodes are in time order.
    let next: [Int32]
    /// Each node's building and venue-local day.
    let building: [Int32]
    let day: [Int32]
    /// Whether a tour may start at each node (the start place, if any, reaches it) and end
    /// there (the end place, if any, is reached in time).
    let mayStart: [Bool]
    let mayEnd: [Bool]
    /// Each building's games in time order (the graph's own chains).
    let games: StadiumChains

    var nodeCount: Int { building.count }

    init(graph: FeasibilityGraph) {
        let count = graph.stadiumCount
        let nodes = graph.candidates.nodes
        let games = graph.chains
        var next = [Int32](repeating: -1, count: nodes.count * count)
        for j in nodes.indices {
            let own = nodes[j].stadium
            for u in 0..<count {
                let position =
                    u == own
                    ? graph.successors(of: j, in: u).first ?? games.length(u)
                    : graph.relaxedArrival(from: j, to: u).first
                guard position < games.length(u) else { continue }
                let k = games.node(u, at: position)
                if k > j { next[j * count + u] = Int32(k) }
            }
        }
        let hasStart = graph.candidates.startClock != nil
        buildings = count
        self.next = next
        building = nodes.map { Int32($0.stadium) }
        day = nodes.map { Int32($0.day) }
        mayStart = nodes.indices.map { j in
            !hasStart || games.position[j] >= graph.startArrival(at: nodes[j].stadium).first
        }
        mayEnd = nodes.indices.map { graph.endsInTime($0, carry: 0) }
        self.games = games
    }
}
