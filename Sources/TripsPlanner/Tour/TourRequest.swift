import FoundationEssentials
import TripsModel

/// The great tours a fan asks for by name: follow one team to every rival's building, or see a
/// game in every ballpark (arena, stadium) of a league in one season. Codable, so a saved tour
/// keeps the question that produced it.
public struct TourRequest: Sendable, Hashable, Codable {
    /// Which buildings the tour must visit.
    public enum Kind: Sendable, Hashable, Codable {
        /// One game of `teamId` at each opponent's home building: its away games, one per host.
        case opponents(teamId: String)
        /// One home game of each team in `hostTeamIds` at its own venue (a league, a division).
        case venues(hostTeamIds: [String])
    }

    public var kind: Kind
    /// The season the games belong to ("2026", "2025-26"); regular-season games only.
    public var season: String
    /// Only games on these venue-local days (`--from`/`--to`, or from today in a season under
    /// way); nil: the whole season. A host with no game inside is left out, and said so.
    public var window: ClosedRange<CalendarDay>?
    /// Sport ids the games come from (the team's sport for an opponents tour).
    public var sports: Set<String>
    public var objective: TourObjective
    /// Where the fan sets off and finishes; nil: at the first and last game.
    public var start: PlanPlace?
    public var end: PlanPlace?
    public var driving: DrivingRules
    /// The fan's own road miles and minutes between venues (`PlanRequest.roadTimes`).
    public var roadTimes: RoadTimes?
    /// Now, for a tour from today (`PlanRequest.notBefore`).
    public var notBefore: Date?
    /// By road, by air, or each leg the better way (nil: by road).
    public var travel: TravelMode?
    /// Find the smallest whole number of daily driving hours that admits the tour first, then
    /// plan the tour at that limit (`driving.maxHoursPerDay` is ignored).
    public var findsMinimumDriveHours: Bool
    /// With `findsMinimumDriveHours`: the fewest hours whose best tour is at most
    /// `slowerAllowance` worse, in the objective's first measure (days, by default), than at
    /// `driving.maxHoursPerDay` (the fewest that admit a tour when that limit admits none) — what
    /// a fan means by "as little driving a day as possible" (`--max-drive-hours min`); false: the
    /// fewest that admit a tour at all, however much longer (`least`, the benchmark's question).
    public var keepsPaceWithLimit = true
    /// How much longer (a fraction of the first measure at the usual limit) `min` may make the
    /// tour: a tour 10 % longer for far less driving a day is what a fan asking for the least
    /// driving wants; exactly as short kept 6 h for most tours, and any length gave 1 h a day.
    public var slowerAllowance = 0.1
    /// Seconds the exact search may take before it answers with the best tour found and a bound.
    public var timeLimitSeconds: Double
    /// States the exact search expands before a days tour also gets the whole-tour bound and
    /// the order search (`TourSearch`); tests set 0 to run them on every tour.
    var quickExpansions = TourSearch.quickExpansions

    public static let defaultTimeLimitSeconds: Double = 60
    /// The daily limits `findsMinimumDriveHours` tries: beyond 16 h only night driving helps.
    public static let driveHourRange = 1...24

    public init(
        kind: Kind, season: String, sports: Set<String>, objective: TourObjective = .days,
        driving: DrivingRules = DrivingRules()
    ) {
        self.kind = kind
        self.season = season
        self.sports = sports
        self.objective = objective
        self.driving = driving
        findsMinimumDriveHours = false
        timeLimitSeconds = Self.defaultTimeLimitSeconds
    }
}

/// What a tour minimises. Each is a strict order of three measures, ties broken by the others.
public enum TourObjective: String, Sendable, Hashable, Codable, CaseIterable {
    /// Fewest calendar days from the first game to the last (venue-local), then least driving.
    case days
    /// Least time at the wheel, then fewest miles, then fewest days.
    case driving
    /// Fewest road miles, then least driving, then fewest days.
    case distance

    /// Indexes into `TourCost.measures` (days, drive seconds, milli-miles) in comparison order.
    var order: [Int] {
        switch self {
        case .days: return [0, 1, 2]
        case .driving: return [1, 2, 0]
        case .distance: return [2, 1, 0]
        }
    }
}
