import TripsModel

/// Stage 2 of the planner: which games can follow which.
///
/// Game k can follow game j when the fan, leaving j at its end plus the buffer, drives the road
/// miles under the driving rules and arrives a buffer before k starts; k is on a later local day
/// unless both are at the same stadium (doubleheaders, homestands: no buffers, k starts after j
/// ends); and k starts at least the minimum gap after j.
///
/// Edges are not stored. The games of each stadium form a chain in time order
/// (`StadiumChains`), and j's successors in a chain are always a contiguous run of it: from the
/// first game the fan can reach (one drive simulated per game and stadium, `reach`) to the last
/// game before the next must-see game (skipping a must-see game is never allowed). So the graph
/// costs O(games × stadiums) to build and store however dense it is — a whole season has
/// millions of edges, because any game can follow any game a fortnight earlier.
///
/// Drives here assume no driving yet on the departure day: a relaxation (a superset of edges)
/// that the bounds and the search tighten with the driving actually done before each departure.
///
/// A class with constant properties: the search reads it millions of times, and a reference
/// is passed without copying its tables.
final class FeasibilityGraph {
    let candidates: CandidateSet
    let chains: StadiumChains
    let legs: Reachability
    /// Drives between stadiums: the fan's road times where given, else the model.
    let roads: RoadMap
    let stadiumCount: Int
    /// Road milli-miles between stadiums (S × S, from `roads`), from the start place and to the end place
    /// (0 when not given).
    let milliMiles: [Int64]
    let startMilliMiles: [Int64]
    let endMilliMiles: [Int64]
    /// Driving seconds from each stadium to the end place, and when the fan must be there.
    let endDriveSeconds: [Double]
    let tripCloses: Double
    /// With an end place: whether each node's drive there, starting rested, arrives in time.
    private let endsRested: [Bool]
    /// When the fan leaves each game (its end plus the buffer).
    let leaveTime: [Double]
    /// For each node: ordinal of the next must-see game after it (must-see count: none).
    let nextMustOrdinal: [Int]
    let legsSimulated: Int
    let edges: Int
    /// `reach[j × S + s]`: first position in chain s that can follow node j, and the local day
    /// and driving on that day at the end of that (relaxed) drive.
    private let reach: [Int32]
    private let reachRestedBy: [Double]
    private let reachCarry: [Double]
    private let startArrivals: [Arrival]
    /// `cut[m][s]`: first position in chain s after must-see game number m.
    private let cut: [[Int]]

    var nodeCount: Int { candidates.nodes.count }
    var mustSeeCount: Int { candidates.mustSeeNodes.count }
    var drive: DriveModel { legs.drive }
    var bufferBefore: Double { legs.bufferBefore }

    /// - Parameter flights: the airports, for a request that may fly (`PlanRequest.travel`);
    ///   without them every leg is driven.
    init(candidates: CandidateSet, request: PlanRequest, flights source: FlightSource? = nil) {
        let stadiumTotal = candidates.stadiums.count
        let nodeTotal = candidates.nodes.count
        let drive = DriveModel(request.driving)
        let chains = StadiumChains(nodes: candidates.nodes, stadiumCount: stadiumTotal)
        let locations = candidates.stadiums.map(\.location)
        let networks = locations.map(RoadNetwork.init)
        let roads = RoadMap(stadiums: candidates.stadiums, times: request.roadTimes, drive: drive)
        var miles = roads.miles
        var driveSeconds = roads.seconds
        func roadMiles(from place: PlanPlace?, to location: Coordinate) -> Double {
            place.map { drive.roadMiles(greatCircle: $0.coordinate.miles(to: location)) } ?? 0
        }
        var startMiles = locations.map { roadMiles(from: request.start, to: $0) }
        let startNetwork = request.start.map { RoadNetwork($0.coordinate) }
        var startSeconds = zip(startMiles, networks).map { miles, network in
            startNetwork == nil || startNetwork == network ? drive.seconds(roadMiles: miles) : .infinity
        }
        var endMiles = locations.map { roadMiles(from: request.end, to: $0) }
        let endNetwork = request.end.map { RoadNetwork($0.coordinate) }
        var endSeconds = zip(endMiles, networks).map { miles, network in
            endNetwork == nil || endNetwork == network ? drive.seconds(roadMiles: miles) : .infinity
        }
        let flights = source.flatMap {
            Self.flights(
                $0, candidates: candidates, request: request, driveSeconds: driveSeconds, startSeconds: startSeconds,
                endSeconds: endSeconds)
        }
        if let flights {
            // A flying leg's driving and miles are its drives to and from the airports.
            let start = flights.startPlace
            let end = flights.endPlace
            for a in 0..<stadiumTotal {
                for b in 0..<stadiumTotal where flights.flies(from: a, to: b) {
                    let index = flights.index(from: a, to: b)
                    driveSeconds[a * stadiumTotal + b] = flights.airportSeconds[index]
                    miles[a * stadiumTotal + b] = flights.airportMiles[index]
                }
                if flights.flies(from: start, to: a) {
                    startSeconds[a] = flights.airportSeconds[flights.index(from: start, to: a)]
                    startMiles[a] = flights.airportMiles[flights.index(from: start, to: a)]
                }
                if flights.flies(from: a, to: end) {
                    endSeconds[a] = flights.airportSeconds[flights.index(from: a, to: end)]
                    endMiles[a] = flights.airportMiles[flights.index(from: a, to: end)]
                }
            }
        }
        let legs = Reachability(
            candidates: candidates, chains: chains, drive: drive, driveSeconds: driveSeconds,
            startDriveSeconds: startSeconds, request: request, flights: flights)
        self.candidates = candidates
        self.chains = chains
        self.legs = legs
        self.roads = roads
        self.stadiumCount = stadiumTotal
        self.milliMiles = miles.map(Self.milli)
        startMilliMiles = startMiles.map(Self.milli)
        endMilliMiles = endMiles.map(Self.milli)
        endDriveSeconds = endSeconds
        soonestTravel = Self.soonestTravel(roads: roads, flights: flights)
        tripCloses = candidates.tripCloses
        // The search asks at every node it may end at: with no driving still counting (the
        // usual case) the answer is computed once here.
        endsRested =
            candidates.tripCloses.isFinite
            ? (0..<nodeTotal).map { [endDriveSeconds] j in
                Self.endArrival(from: j, carry: 0, legs: legs, seconds: endDriveSeconds) <= candidates.tripCloses
            } : []
        leaveTime = (0..<nodeTotal).map { legs.leaving($0) }
        startArrivals = (0..<stadiumTotal).map { legs.arrive(from: nil, to: $0, usedToday: 0) }

        let must = candidates.mustSeeNodes
        cut = must.map { m in (0..<stadiumTotal).map { s in chains.lowerBound(s) { chains.nodes[$0] > m } } }
        var nextMust = [Int](repeating: must.count, count: nodeTotal)
        var ordinal = must.count
        for j in stride(from: nodeTotal - 1, through: 0, by: -1) {
            nextMust[j] = ordinal
            if candidates.nodes[j].isMustSee { ordinal -= 1 }
        }
        nextMustOrdinal = nextMust

        var reach = [Int32](repeating: 0, count: nodeTotal * stadiumTotal)
        var reachRestedBy = [Double](repeating: -.infinity, count: nodeTotal * stadiumTotal)
        var reachCarry = [Double](repeating: 0, count: nodeTotal * stadiumTotal)
        var simulated = request.start == nil ? 0 : stadiumTotal
        let lastStart = (0..<stadiumTotal).map { chains.starts[chains.start[$0 + 1] - 1] }
        for j in 0..<nodeTotal {
            let from = candidates.nodes[j].stadium
            let leave = legs.leaving(j)
            for s in 0..<stadiumTotal {
                let index = j * stadiumTotal + s
                if s == from {
                    reach[index] = Int32(legs.firstReachable(from: j, in: s, arrival: nil))
                } else if leave + driveSeconds[from * stadiumTotal + s] + legs.bufferBefore <= lastStart[s] {
                    let arrival = legs.arrive(from: j, to: s, usedToday: 0)
                    simulated += 1
                    reach[index] = Int32(arrival.first)
                    reachRestedBy[index] = arrival.restedBy
                    reachCarry[index] = arrival.carry
                } else {
                    reach[index] = Int32(chains.length(s))
                }
            }
        }
        self.reach = reach
        self.reachRestedBy = reachRestedBy
        self.reachCarry = reachCarry
        legsSimulated = simulated
        var edges = 0
        for j in 0..<nodeTotal {
            for s in 0..<stadiumTotal {
                let upper = nextMust[j] < cut.count ? cut[nextMust[j]][s] : chains.length(s)
                edges += max(0, upper - Int(reach[j * stadiumTotal + s]))
            }
        }
        self.edges = edges
    }

    /// One past the last position of chain s that node ordinal `mustOrdinal`'s successors may use.
    func limit(mustOrdinal: Int, stadium s: Int) -> Int {
        mustOrdinal < cut.count ? cut[mustOrdinal][s] : chains.length(s)
    }

    /// Successor range of node j in chain s (relaxed: no driving before departure).
    func successors(of j: Int, in s: Int) -> Range<Int> {
        let lower = Int(reach[j * stadiumCount + s])
        let upper = limit(mustOrdinal: nextMustOrdinal[j], stadium: s)
        return lower < upper ? lower..<upper : 0..<0
    }

    /// Whether a trip may end at node j: with an end place, the drive there (with `carry` still
    /// counting) arrives before the window closes.
    func endsInTime(_ j: Int, carry: Double) -> Bool {
        guard tripCloses.isFinite else { return true }
        // More driving still counting never arrives sooner: only a rested success needs a drive.
        guard endsRested[j], carry > 0 else { return endsRested[j] }
        return Self.endArrival(from: j, carry: carry, legs: legs, seconds: endDriveSeconds) <= tripCloses
    }

    /// When the drive from node j to the end place arrives, with `carry` still counting (or the
    /// flight, which nothing counting delays).
    private static func endArrival(from j: Int, carry: Double, legs: Reachability, seconds: [Double]) -> Double {
        let stadium = legs.nodes[j].stadium
        if let flights = legs.flights, flights.flies(from: stadium, to: flights.endPlace) {
            return flights.arrival(from: stadium, to: flights.endPlace, leaving: legs.leaving(j))
        }
        var log = NoDriveLog()
        return legs.drive.drive(
            seconds[stadium], from: legs.leaving(j), clock: legs.clock(ofStadium: stadium),
            toward: legs.endClock, used: carry, log: &log
        ).arrival
    }

    /// The first trip's successor range in chain s.
    func startSuccessors(in s: Int) -> Range<Int> {
        let upper = limit(mustOrdinal: 0, stadium: s)
        let lower = startArrivals[s].first
        return lower < upper ? lower..<upper : 0..<0
    }

    /// The drive from node j to stadium s (not j's own) with no driving done yet that day, as
    /// computed when the graph was built.
    func relaxedArrival(from j: Int, to s: Int) -> Arrival {
        let index = j * stadiumCount + s
        return Arrival(first: Int(reach[index]), restedBy: reachRestedBy[index], carry: reachCarry[index])
    }

    /// The drive from node j (nil: the start place) to stadium s when the fan leaves j with
    /// `carry` of driving still counting until `restedBy`: exact, where `relaxedArrival` assumes
    /// none. Staying at j's stadium is no drive, and a hop next door no driving: the carry goes on.
    @inline(__always)
    func arrival(from j: Int?, to s: Int, carry: Double, restedBy: Double) -> Arrival {
        guard let j else { return startArrivals[s] }
        if legs.nodes[j].stadium == s {
            return Arrival(first: successors(of: j, in: s).lowerBound, restedBy: restedBy, carry: carry)
        }
        return carry > 0
            ? legs.arrive(from: j, to: s, usedToday: carry, restedBy: restedBy) : relaxedArrival(from: j, to: s)
    }

    /// The drive from the start place to stadium s (from the first game when there is none).
    func startArrival(at s: Int) -> Arrival { startArrivals[s] }

    static func milli(_ miles: Double) -> Int64 { Int64((miles * 1000).rounded()) }

    /// The soonest the fan can be at stadium u after node j with `carry` still counting, by any
    /// legs at all: driving straight on with the shortest rests (`DriveModel.earliestArrival`
    /// over `RoadMap.soonestSeconds`), or, where legs may fly, travelling without rests or
    /// waits over the quickest chain of drives and flights (`soonestTravel`).
    func soonestArrival(from j: Int, to u: Int, carry: Double) -> Double {
        let a = candidates.nodes[j].stadium
        let driving = drive.earliestArrival(roads.soonestSeconds[a * stadiumCount + u], from: leaveTime[j], used: carry)
        guard let soonestTravel else { return driving }
        return min(driving, leaveTime[j] + soonestTravel[a * stadiumCount + u])
    }

    /// With flights: the fewest seconds between stadiums over any chain of legs, each the
    /// quicker of its drive and its flight door to door (Floyd–Warshall, O(S³)); nil without.
    private let soonestTravel: [Double]?

    private static func soonestTravel(roads: RoadMap, flights: FlightLegs?) -> [Double]? {
        guard let flights else { return nil }
        let count = roads.stadiumCount
        var best = roads.seconds
        for a in 0..<count {
            for b in 0..<count where a != b {
                best[a * count + b] = min(best[a * count + b], flights.doorToDoorSeconds[flights.index(from: a, to: b)])
            }
        }
        for k in 0..<count {
            for a in 0..<count where best[a * count + k].isFinite {
                let viaK = best[a * count + k]
                for b in 0..<count where viaK + best[k * count + b] < best[a * count + b] {
                    best[a * count + b] = viaK + best[k * count + b]
                }
            }
        }
        return best
    }

    /// The flights of `request` over the candidates (nil: by road only).
    private static func flights(
        _ source: FlightSource, candidates: CandidateSet, request: PlanRequest, driveSeconds: [Double],
        startSeconds: [Double], endSeconds: [Double]
    ) -> FlightLegs? {
        guard request.travelMode != .drive else { return nil }
        let count = candidates.stadiums.count
        let placeCount = count + 2
        var road = [Double](repeating: .infinity, count: placeCount * placeCount)
        for a in 0..<count {
            for b in 0..<count { road[a * placeCount + b] = driveSeconds[a * count + b] }
            road[count * placeCount + a] = startSeconds[a]
            road[a * placeCount + count + 1] = endSeconds[a]
        }
        let nowhere = Coordinate(latitude: .nan, longitude: .nan)
        let places =
            candidates.stadiums.map(\.location) + [
                request.start?.coordinate ?? nowhere, request.end?.coordinate ?? nowhere,
            ]
        let day = ZoneClock.secondsPerDay
        let last = max(candidates.nodes.last?.end ?? candidates.tripOpens, candidates.tripOpens)
        let closes = candidates.tripCloses.isFinite ? max(candidates.tripCloses, last) : last
        return FlightLegs(
            mode: request.travelMode, places: places, roadSeconds: road, airports: source.airports,
            rules: source.rules, driving: request.driving, zones: source.zones,
            covering: (candidates.tripOpens - 2 * day)...(closes + 3 * day))
    }
}
