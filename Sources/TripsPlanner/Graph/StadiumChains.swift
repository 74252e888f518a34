/// The candidate games of each stadium in time order — the planner's unit of "successors": a
/// game's successors at one stadium are always a contiguous run of that stadium's chain.
struct StadiumChains: Sendable {
    /// Chain of stadium s: node ids `nodes[start[s] ..< start[s + 1]]`.
    let start: [Int]
    let nodes: [Int]
    /// Position of each node within its chain.
    let position: [Int]
    /// Start instant and venue-local day of each chain entry (flat, like `nodes`).
    let starts: [Double]
    let days: [Int]

    init(nodes planNodes: [PlanNode], stadiumCount: Int) {
        var counts = [Int](repeating: 0, count: stadiumCount + 1)
        for node in planNodes { counts[node.stadium + 1] += 1 }
        for s in 0..<stadiumCount { counts[s + 1] += counts[s] }
        var fill = counts
        var nodes = [Int](repeating: 0, count: planNodes.count)
        var position = [Int](repeating: 0, count: planNodes.count)
        for (j, node) in planNodes.enumerated() {
            nodes[fill[node.stadium]] = j
            position[j] = fill[node.stadium] - counts[node.stadium]
            fill[node.stadium] += 1
        }
        self.start = counts
        self.nodes = nodes
        self.position = position
        starts = nodes.map { planNodes[$0].start }
        days = nodes.map { planNodes[$0].day }
    }

    func length(_ s: Int) -> Int { start[s + 1] - start[s] }

    func node(_ s: Int, at position: Int) -> Int { nodes[start[s] + position] }

    /// First position (relative to chain s) where `predicate` of the flat index holds; every
    /// predicate used is monotone along a chain (later games, later days).
    func lowerBound(_ s: Int, _ predicate: (Int) -> Bool) -> Int {
        var low = start[s]
        var high = start[s + 1]
        while low < high {
            let mid = (low + high) / 2
            if predicate(mid) { high = mid } else { low = mid + 1 }
        }
        return low - start[s]
    }

    /// First position of chain s starting at or after `instant`.
    func firstStarting(_ s: Int, atOrAfter instant: Double) -> Int { lowerBound(s) { starts[$0] >= instant } }

    /// First position of chain s on a local day after `day`.
    func firstDay(_ s: Int, after day: Int) -> Int { lowerBound(s) { days[$0] > day } }
}
