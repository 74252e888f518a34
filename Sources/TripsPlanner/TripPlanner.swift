import TripsModel

/// Plans trips around games: exact, ranked itineraries over whole seasons in milliseconds.
///
/// Pure: no I/O, no clock, no store. The CLI resolves places and loads games; the planner runs a
/// pipeline of typed stages, each testable alone —
/// `CandidateSet` (filter games into time-ordered nodes) → `FeasibilityGraph` (which game can
/// follow which, under the driving rules) → `SuffixBounds` (dynamic programming: best possible
/// rest of a trip from each game) → `PlanRun`'s passes (`ItinerarySearch`: exact best K by branch
/// and bound with dominance pruning, and the proofs around it), every search under one
/// `TripRules` → `ItineraryBuilder` (legs, totals, warnings). When nothing fits,
/// `InfeasibilityDiagnosis` finds the tightest constraint.
public struct TripPlanner: Sendable {
    /// Typical game length per sport id, from the `Sport` records.
    public var gameDurationMinutes: [String: Int]
    /// The rules of each zone the places and venues name — the caller's tz database
    /// (`ZoneDatabase`), so the planner's local days are the store's and the renderers'.
    public var zones: ZoneLookup
    /// The airports a request that may fly (`PlanRequest.travel`) flies from (`Data/airports.tsv`);
    /// without them every leg is driven.
    public var airports: AirportTable?
    /// How a flight is estimated.
    public var flightRules = FlightRules()

    var flightSource: FlightSource? {
        airports.map { FlightSource(airports: $0, rules: flightRules, zones: zones) }
    }

    /// Used for a sport the planner was not told about (about a baseball game's length).
    public static let defaultGameDurationMinutes = 180

    public init(gameDurationMinutes: [String: Int], zones: @escaping ZoneLookup) {
        self.gameDurationMinutes = gameDurationMinutes
        self.zones = zones
    }

    /// Takes the durations from the sports' records (`Sport.gameDurationMinutes`).
    public init(sports: [Sport], zones: @escaping ZoneLookup) {
        self.init(
            gameDurationMinutes: Dictionary(sports.map { ($0.sportId, $0.gameDurationMinutes) }) { a, _ in a },
            zones: zones)
    }

    /// The best `request.options` itineraries among `games` (any superset of the window's games
    /// will do: the planner filters by the request). Throws only for an invalid request; a
    /// request nothing fits comes back with `infeasibility` set.
    /// `progress` hears from the searches every `PlanRun.progressInterval` expansions; `stop`, asked
    /// every few thousand, ends them early when it answers true (Ctrl-C): the result is then the
    /// best found so far, `interrupted`, with a `bound`.
    public func plan(
        _ request: PlanRequest, games: [RichGame], progress: ((PlanProgress) -> Void)? = nil,
        stop: (() -> Bool)? = nil
    ) throws(PlanRequestError) -> PlanResult {
        try request.validate(zones: zones)
        var result = PlanRun(
            request: request, games: games, durations: duration(of:), zones: zones, flights: flightSource,
            progress: progress, stop: stop
        )
        .result
        result = setOffByDay(result, request: request, games: games, progress: progress, stop: stop)
        guard result.itineraries.isEmpty, result.isExhaustive, result.infeasibility == nil, !result.interrupted
        else { return result }
        var diagnosed = result
        diagnosed.infeasibility = InfeasibilityDiagnosis(
            request: request, games: games, durations: duration(of:), zones: zones, flights: flightSource
        )
        .tightestConstraint()
        return diagnosed
    }

    func duration(of sport: String) -> Int {
        gameDurationMinutes[sport] ?? Self.defaultGameDurationMinutes
    }
}
