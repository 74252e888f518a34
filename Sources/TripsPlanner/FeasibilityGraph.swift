import TripsModel

/// Stage 2 of the planner: which games can follow which.
///
/// Game k can follow game j when the fan, leaving j at its end plus the buffer, drives the road
/// miles under the driving rules and arrives a buffer before k starts; k is on a later local day
/// unless both are at the same stadium (doubleheaders, homestands: no buffers, k starts after j
/// ends); and k starts at least the minimum gap after j.
///
/// Edges are not stored. The games of each stadium form a *chain* in time order, and j's
/// successors in a chain are always a contiguous run of it: from the first game the fan can
/// reach (one drive simulated per game and stadium, `reach`) to the last game before the next
/// must-see game (skipping a must-see game is never allowed). So the graph costs
/// O(games × stadiums) to build and store however dense it is — a whole season has millions of
/// edges, because any game can follow any game a fortnight earlier.
///
/// Drives here assume no driving yet on the departure day: a relaxation (a superset of edges)
/// that the search tightens with the driving actually done before each departure.
struct FeasibilityGraph: Sendable {
    let candidates: CandidateSet
    let drive: DriveModel
    let stadiumCount: Int
    let bufferBefore: Double
    let bufferAfter: Double
    let minGap: Double

    /// Chain of stadium s: node ids `chainNodes[chainStart[s] ..< chainStart[s + 1]]`.
    private(set) var chainStart: [Int] = []
    private(set) var chainNodes: [Int] = []
    /// Position of each node within its chain.
    private(set) var chainPosition: [Int] = []
    private var chainStarts: [Double] = []
    private var chainDays: [Int] = []
    /// Road milli-miles and driving seconds between stadiums (S × S).
    private(set) var milliMiles: [Int64] = []
    private(set) var driveSeconds: [Double] = []
    /// Road milli-miles from the start place / to the end place, per stadium (0 when not given).
    private(set) var startMilliMiles: [Int64] = []
    private(set) var endMilliMiles: [Int64] = []
    /// First position in each chain the start place can reach (0 without a start place).
    private(set) var startReach: [Int] = []
    private var startDriveSeconds: [Double] = []
    /// Local day (the venue's) on which the fan leaves each game.
    private(set) var leaveDay: [Int] = []
    /// `reach[j × S + s]`: first position in chain s that can follow node j.
    private(set) var reach: [Int32] = []
    /// Local day and driving on that day at the end of the relaxed drive from j to s.
    private var reachDay: [Int32] = []
    private var reachCarry: [Double] = []
    private var startArrivals: [Arrival] = []
    /// For each node: ordinal of the next must-see game after it (mustSee count = none).
    private(set) var nextMustOrdinal: [Int] = []
    /// `cut[m][s]`: first position in chain s after must-see game number m.
    private var cut: [[Int]] = []
    private(set) var legsSimulated = 0
    private(set) var edges = 0

    var nodeCount: Int { candidates.nodes.count }
    var mustSeeCount: Int { candidates.mustSeeNodes.count }

    init(candidates: CandidateSet, request: PlanRequest) {
        self.candidates = candidates
        self.drive = DriveModel(request.driving)
        self.stadiumCount = candidates.stadiums.count
        self.bufferBefore = request.driving.bufferBeforeGameMinutes * 60
        self.bufferAfter = request.driving.bufferAfterGameMinutes * 60
        self.minGap = request.minHoursBetweenGames * 3600
        leaveDay = candidates.nodes.map { node in
            candidates.clocks[candidates.stadiumClock[node.stadium]].day(at: node.end + request.driving.bufferAfterGameMinutes * 60)
        }
        buildChains()
        buildDistances(request: request)
        buildMustSeeCuts()
        buildReach()
    }

    func chainLength(_ s: Int) -> Int { chainStart[s + 1] - chainStart[s] }

    /// One past the last position of chain s that node ordinal `mustOrdinal`'s successors may use.
    func limit(mustOrdinal: Int, stadium s: Int) -> Int {
        mustOrdinal < cut.count ? cut[mustOrdinal][s] : chainLength(s)
    }

    /// Successor range of node j in chain s (relaxed: no driving before departure).
    func successors(of j: Int, in s: Int) -> Range<Int> {
        let lower = Int(reach[j * stadiumCount + s])
        let upper = limit(mustOrdinal: nextMustOrdinal[j], stadium: s)
        return lower < upper ? lower..<upper : 0..<0
    }

    /// The first trip's successor range in chain s.
    func startSuccessors(in s: Int) -> Range<Int> {
        let upper = limit(mustOrdinal: 0, stadium: s)
        return startReach[s] < upper ? startReach[s]..<upper : 0..<0
    }

    func node(inChain s: Int, at position: Int) -> Int { chainNodes[chainStart[s] + position] }

    /// When the fan may leave node j.
    func leaving(_ j: Int) -> Double { candidates.nodes[j].end + bufferAfter }

    func clock(ofStadium s: Int) -> ZoneClock { candidates.clocks[candidates.stadiumClock[s]] }

    /// First position in chain s of a game the fan can make after leaving node j at `arrival`
    /// (nil arrival: same stadium).
    func firstReachable(from j: Int, in s: Int, arrival: Double?) -> Int {
        let node = candidates.nodes[j]
        let gapStart = node.start + minGap
        guard let arrival else { return lowerBound(s) { self.chainStarts[$0] >= max(node.end, gapStart) } }
        let byTime = lowerBound(s) { self.chainStarts[$0] >= max(arrival + self.bufferBefore, gapStart) }
        let byDay = lowerBound(s) { self.chainDays[$0] > node.day }
        return max(byTime, byDay)
    }

    /// Arrival at stadium s after leaving node j, with `usedToday` seconds already driven that day.
    func arrival<Log: DriveLog>(from j: Int, to s: Int, usedToday: Double, log: inout Log) -> Double {
        let from = candidates.nodes[j].stadium
        return drive.arrival(
            driving: driveSeconds[from * stadiumCount + s], from: leaving(j), clock: clock(ofStadium: from),
            usedToday: usedToday, log: &log)
    }

    /// Arrival at stadium s from the start place, leaving when the trip opens (no start place:
    /// no drive, the trip opens at its first game).
    func arrivalFromStart<Log: DriveLog>(at s: Int, log: inout Log) -> Double {
        guard let clockIndex = candidates.startClock else { return candidates.tripOpens }
        return drive.arrival(
            driving: startDriveSeconds[s], from: candidates.tripOpens, clock: candidates.clocks[clockIndex],
            usedToday: 0, log: &log)
    }

    /// A drive to stadium s (from node j, or from the start place when j is nil) with
    /// `usedToday` already driven: the first game it makes in chain s, and the driving it
    /// leaves on the books for games on its arrival day (`carry(at:after:)`).
    func arrive(from j: Int?, to s: Int, usedToday: Double) -> Arrival {
        guard j != nil || candidates.startClock != nil else { return Arrival(first: 0, day: .min, carry: 0) }
        var log = TailDriveLog()
        let arrival = j.map { self.arrival(from: $0, to: s, usedToday: usedToday, log: &log) }
            ?? arrivalFromStart(at: s, log: &log)
        guard arrival.isFinite else { return Arrival(first: chainLength(s), day: .min, carry: 0) }
        let clock = clock(ofStadium: s)
        let first = j.map { firstReachable(from: $0, in: s, arrival: arrival) }
            ?? lowerBound(s) { self.chainStarts[$0] >= arrival + self.bufferBefore }
        return Arrival(first: first, day: clock.day(at: arrival), carry: log.driving(onDayOf: arrival, clock: clock))
    }

    /// The drive from node j to stadium s (not j's own) with no driving done yet that day, as
    /// computed when the graph was built.
    func relaxedArrival(from j: Int, to s: Int) -> Arrival {
        let index = j * stadiumCount + s
        return Arrival(first: Int(reach[index]), day: Int(reachDay[index]), carry: reachCarry[index])
    }

    /// The drive from the start place to stadium s (from the first game when there is none).
    func startArrival(at s: Int) -> Arrival { startArrivals[s] }

    /// Driving the fan may still do on the day of leaving node j, having driven `used` already:
    /// the only way earlier driving changes where a leg from j gets.
    func allowance(leaving j: Int, used: Double) -> Double {
        let leave = leaving(j)
        let close = drive.closing(onDayOf: leave, clock: clock(ofStadium: candidates.nodes[j].stadium))
        return max(0, min(close - leave, drive.capSeconds - used))
    }

    /// Driving already done on the day the fan leaves game k, when k was reached by `arrival`.
    @inline(__always)
    func carry(at k: Int, after arrival: Arrival) -> Double {
        leaveDay[k] == arrival.day ? arrival.carry : 0
    }

    /// First chain position (relative to the chain) where `predicate` holds; predicates are
    /// monotone along a chain (later games, later days).
    private func lowerBound(_ s: Int, _ predicate: (Int) -> Bool) -> Int {
        var low = chainStart[s], high = chainStart[s + 1]
        while low < high {
            let mid = (low + high) / 2
            if predicate(mid) { high = mid } else { low = mid + 1 }
        }
        return low - chainStart[s]
    }

    private mutating func buildChains() {
        let nodes = candidates.nodes
        var counts = [Int](repeating: 0, count: stadiumCount + 1)
        for node in nodes { counts[node.stadium + 1] += 1 }
        for s in 0..<stadiumCount { counts[s + 1] += counts[s] }
        chainStart = counts
        var fill = counts
        chainNodes = [Int](repeating: 0, count: nodes.count)
        chainPosition = [Int](repeating: 0, count: nodes.count)
        for (j, node) in nodes.enumerated() {
            chainNodes[fill[node.stadium]] = j
            chainPosition[j] = fill[node.stadium] - counts[node.stadium]
            fill[node.stadium] += 1
        }
        chainStarts = chainNodes.map { nodes[$0].start }
        chainDays = chainNodes.map { nodes[$0].day }
    }

    private mutating func buildDistances(request: PlanRequest) {
        let S = stadiumCount
        let locations = candidates.stadiums.map(\.location)
        milliMiles = [Int64](repeating: 0, count: S * S)
        driveSeconds = [Double](repeating: 0, count: S * S)
        for a in 0..<S {
            for b in 0..<S where a != b {
                let miles = drive.roadMiles(greatCircle: locations[a].miles(to: locations[b]))
                milliMiles[a * S + b] = Self.milli(miles)
                driveSeconds[a * S + b] = drive.seconds(roadMiles: miles)
            }
        }
        endMilliMiles = locations.map { location in
            request.end.map { Self.milli(drive.roadMiles(greatCircle: location.miles(to: $0.coordinate))) } ?? 0
        }
        startMilliMiles = [Int64](repeating: 0, count: S)
        startReach = [Int](repeating: 0, count: S)
        startDriveSeconds = [Double](repeating: 0, count: S)
        startArrivals = [Arrival](repeating: Arrival(first: 0, day: .min, carry: 0), count: S)
        guard let start = request.start else { return }
        for s in 0..<S {
            let miles = drive.roadMiles(greatCircle: start.coordinate.miles(to: locations[s]))
            startMilliMiles[s] = Self.milli(miles)
            startDriveSeconds[s] = drive.seconds(roadMiles: miles)
            startArrivals[s] = arrive(from: nil, to: s, usedToday: 0)
            startReach[s] = startArrivals[s].first
            legsSimulated += 1
        }
    }

    private mutating func buildMustSeeCuts() {
        let must = candidates.mustSeeNodes
        cut = must.map { m in (0..<stadiumCount).map { s in lowerBound(s) { self.chainNodes[$0] > m } } }
        nextMustOrdinal = [Int](repeating: must.count, count: nodeCount)
        var ordinal = must.count
        for j in stride(from: nodeCount - 1, through: 0, by: -1) {
            nextMustOrdinal[j] = ordinal
            if candidates.nodes[j].isMustSee { ordinal -= 1 }
        }
    }

    private mutating func buildReach() {
        let S = stadiumCount
        let nodes = candidates.nodes
        reach = [Int32](repeating: 0, count: nodeCount * S)
        reachDay = [Int32](repeating: 0, count: nodeCount * S)
        reachCarry = [Double](repeating: 0, count: nodeCount * S)
        let lastStart = (0..<S).map { chainStarts[chainStart[$0 + 1] - 1] }
        for j in 0..<nodeCount {
            let from = nodes[j].stadium
            let leave = leaving(j)
            for s in 0..<S {
                let index = j * S + s
                var position = chainLength(s)
                if s == from {
                    position = firstReachable(from: j, in: s, arrival: nil)
                } else if leave + driveSeconds[from * S + s] + bufferBefore <= lastStart[s] {
                    let arrival = arrive(from: j, to: s, usedToday: 0)
                    legsSimulated += 1
                    position = arrival.first
                    reachDay[index] = Int32(clamping: arrival.day)
                    reachCarry[index] = arrival.carry
                }
                reach[index] = Int32(position)
                edges += successors(of: j, in: s).count
            }
        }
    }

    /// Where a drive gets the fan: the first reachable chain position, the local day of arrival
    /// (at the destination) and the seconds driven on that day.
    struct Arrival {
        var first: Int
        var day: Int
        var carry: Double
    }

    static func milli(_ miles: Double) -> Int64 { Int64((miles * 1000).rounded()) }
}
