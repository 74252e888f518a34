/// The rules of a trip, in one place: which next game a partial trip may take (`extend`), where
/// it may end (`canEnd`), what it weighs when it ends there (`weight`), and when one partial trip
/// at a game makes another pointless (`dominates`). Every search asks these — `ItinerarySearch`,
/// `TripSweep`, `TripImprovement`, `TourSearch` — and `SuffixBounds` asks `canEnd`, so a new rule
/// is one edit here (ARCHITECTURE.md, "How to add a rule"). Which game *can* follow which under
/// the driving rules is the graph's (`FeasibilityGraph`); these rules say what a trip does with it.
///
/// A value over the graph's tables, asked millions of times per plan: the questions are inlined.
struct TripRules {
    let graph: FeasibilityGraph
    /// 1 for a stadium the venues measure counts, 0 for one the fan has been to.
    let venueWeights: [Int32]
    let maxGames: Int32?
    /// Whether a trip may see each stadium once only.
    let distinctOnly: Bool
    private let fullNeed: Int

    init(graph: FeasibilityGraph, request: PlanRequest) {
        self.graph = graph
        venueWeights = Self.venueWeights(graph: graph, request: request)
        maxGames = request.maxGames.map { Int32(clamping: $0) }
        distinctOnly = request.distinctStadiumsOnly
        fullNeed = Int(graph.candidates.fullTeamMask)
    }

    /// The rules with no request's caps: every venue counts, no game limit, revisits allowed —
    /// what the bounds relax the request to, and all a tour asks.
    init(relaxing graph: FeasibilityGraph) {
        self.graph = graph
        venueWeights = [Int32](repeating: 1, count: graph.stadiumCount)
        maxGames = nil
        distinctOnly = false
        fullNeed = Int(graph.candidates.fullTeamMask)
    }

    /// 1 for each stadium the stadiums measure counts (not one the fan has been to), else 0.
    static func venueWeights(graph: FeasibilityGraph, request: PlanRequest) -> [Int32] {
        graph.candidates.stadiums.map { request.visitedStadiumIds.contains($0.id) ? 0 : 1 }
    }

    /// The trip before its first game: at the start place, every must-see team still to see.
    var start: PartialTrip {
        PartialTrip(
            node: -1, games: 0, stadiums: 0, need: fullNeed, milliMiles: 0, carry: 0, restedBy: -.infinity)
    }

    /// The road milli-miles from game j (nil: the start place) to stadium s; 0 for staying put.
    @inline(__always)
    func legMilliMiles(from j: Int?, to s: Int) -> Int64 {
        guard let j else { return graph.startMilliMiles[s] }
        let here = graph.legs.nodes[j].stadium
        return here == s ? 0 : graph.milliMiles[here * graph.stadiumCount + s]
    }

    /// Whether `trip` may take another game at all: a cheap test before any drive is simulated.
    @inline(__always)
    func mayGoOn(_ trip: PartialTrip) -> Bool {
        maxGames.map { trip.games < $0 } ?? true
    }

    /// `trip` extended by game k, which the graph says it can reach (leaving k with `carry` still
    /// counting until `restedBy`, over a leg of `leg` milli-miles; `isNew`: k's stadium is not on
    /// the trip yet), or nil when a rule forbids k next.
    @inline(__always)
    func extend(
        _ trip: PartialTrip, to k: Int, leg: Int64, isNew: Bool, carry: Double, restedBy: Double
    ) -> PartialTrip? {
        guard mayGoOn(trip), isNew || !distinctOnly else { return nil }
        let node = graph.legs.nodes[k]
        return PartialTrip(
            node: Int32(k), games: trip.games + 1, stadiums: trip.stadiums + (isNew ? venueWeights[node.stadium] : 0),
            need: trip.need & ~Int(node.teams), milliMiles: trip.milliMiles + leg, carry: carry, restedBy: restedBy)
    }

    /// Whether a trip may end at game k with the teams in `need` still to see and `carry` of
    /// driving still counting: every must-see team seen, no must-see game left, and the end
    /// place reached in time.
    @inline(__always)
    func canEnd(at k: Int, need: Int, carry: Double) -> Bool {
        need == 0 && graph.nextMustOrdinal[k] == graph.mustSeeCount && graph.endsInTime(k, carry: carry)
    }

    /// Whether `trip` may end where it is (never before its first game).
    @inline(__always)
    func canEnd(_ trip: PartialTrip) -> Bool {
        trip.node >= 0 && canEnd(at: Int(trip.node), need: trip.need, carry: trip.carry)
    }

    /// What `trip` weighs ended where it is: its games, venues and miles, the drive to the end
    /// place included.
    @inline(__always)
    func weight(_ trip: PartialTrip) -> Tally {
        Tally(
            games: trip.games, stadiums: trip.stadiums,
            milliMiles: trip.milliMiles + graph.endMilliMiles[graph.legs.nodes[Int(trip.node)].stadium])
    }

    /// Whether every way on from `b` is open to `a` as well, with at least as many games and no
    /// later: `seesAsMuch` and no more driving still counting (now or at a later game at the
    /// same stadium). Both end at the same game; venues and miles are each search's to weigh.
    @inline(__always)
    func dominates(_ a: PartialTrip, _ b: PartialTrip) -> Bool {
        seesAsMuch(a, b) && a.carry <= b.carry && (a.carry == 0 || a.restedBy <= b.restedBy)
    }

    /// At least as many games (exactly as many under a game limit) and no more teams to see:
    /// dominance apart from the driving, which `TourSearch` weighs its own way.
    @inline(__always)
    func seesAsMuch(_ a: PartialTrip, _ b: PartialTrip) -> Bool {
        (maxGames == nil ? a.games >= b.games : a.games == b.games) && a.need & ~b.need == 0
    }
}
