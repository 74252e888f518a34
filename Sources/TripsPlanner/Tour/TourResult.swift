import TripsModel

/// A planned tour: the itinerary, which game covers each required building, and how sure the
/// planner is that nothing better exists.
public struct TourResult: Sendable, Hashable {
    /// The best tour found; nil when none fits (`infeasibility` says why).
    public var itinerary: Itinerary?
    /// One per required building, in trip order: the host teams it stands for and the game seen.
    public var visits: [TourVisit]
    /// Hosts the tour cannot cover at all (no game of theirs fits the tour's definition).
    public var uncovered: [TourUncoveredHost]
    public var proof: TourProof
    /// The daily driving limit the tour was planned with, and whether it is the smallest that
    /// admits a tour (`TourRequest.findsMinimumDriveHours`).
    public var driveHours: Double
    public var minimumDriveHours: MinimumDriveHours?
    /// Facts about the tour that fix its shape: games with no alternative, the binding pair.
    public var explanation: [TourFact]
    public var infeasibility: TourInfeasibility?
    public var statistics: TourStatistics
    /// Ctrl-C (`TripPlanner.tour`'s `stop`) ended the search: the tour is the best found so far.
    public var interrupted = false

    public init(
        itinerary: Itinerary?, visits: [TourVisit], uncovered: [TourUncoveredHost], proof: TourProof,
        driveHours: Double, minimumDriveHours: MinimumDriveHours?, explanation: [TourFact],
        infeasibility: TourInfeasibility?, statistics: TourStatistics
    ) {
        self.itinerary = itinerary
        self.visits = visits
        self.uncovered = uncovered
        self.proof = proof
        self.driveHours = driveHours
        self.minimumDriveHours = minimumDriveHours
        self.explanation = explanation
        self.infeasibility = infeasibility
        self.statistics = statistics
    }
}

/// A required building and the game that covers it.
public struct TourVisit: Sendable, Hashable {
    public var stadiumId: String
    /// The teams whose home this building is (two when tenants share it).
    public var hostTeamIds: [String]
    public var gameId: String
    /// How many games could have covered this building: 1 means the date was never a choice.
    public var choices: Int
}

/// A host with no game the tour may use (e.g. its only game against the team is at a neutral site).
public struct TourUncoveredHost: Sendable, Hashable {
    public var teamId: String
    /// Games of the host that would have counted but are at another venue.
    public var gamesElsewhere: Int
    /// Games of the host that would have counted but fall outside `TourRequest.window`.
    public var gamesOutsideWindow: Int = 0
}

/// How good the answer is: proven optimal, or the best found with a proven lower bound.
public struct TourProof: Sendable, Hashable {
    public var optimal: Bool
    /// The objective's value for the tour (days, driving hours or miles).
    public var value: Double
    /// No tour is better than this (equal to `value` when optimal).
    public var bound: Double
    /// (value − bound) / value in percent.
    public var gapPercent: Double {
        value > 0 ? max(0, (value - bound) / value * 100) : 0
    }

    public init(optimal: Bool, value: Double, bound: Double) {
        self.optimal = optimal
        self.value = value
        self.bound = bound
    }
}

/// The smallest whole number of daily driving hours that admits the tour.
public struct MinimumDriveHours: Sendable, Hashable {
    public var hours: Int
    /// False when a smaller limit could not be ruled out within the time limit.
    public var proven: Bool
    /// Set when the limit is the fewest hours that keep the tour within
    /// `TourRequest.slowerAllowance` of its length at this usual limit; nil: the fewest that
    /// admit a tour at all.
    public var keepsPaceWith: Double? = nil
    /// With `keepsPaceWith`: the days of the best tour at that usual limit, so the fan reads how
    /// many days longer the tour at `hours` is.
    public var usualDays: Int? = nil
    /// The days of the tour planned at `hours`.
    public var days: Int? = nil
    /// With `keepsPaceWith`: whether the tour at that usual limit is proven the shortest there;
    /// false when the time limit ended its search first (a shorter one may exist at that limit).
    public var usualProven = true

    /// How many days longer the tour at `hours` is than at the usual limit (0: as short).
    public var daysLonger: Int? {
        guard let usualDays, let days else { return nil }
        return max(0, days - usualDays)
    }
}

/// A fact that fixes the tour's shape, for `--explain`.
public enum TourFact: Sendable, Hashable {
    /// The building's only usable game: the tour must be there on that date.
    case onlyGame(gameId: String)
    /// The tour starts no earlier than this game because it is the last chance for its building.
    case startsBy(gameId: String)
    /// The tour cannot end before this game: the earliest its building can be reached.
    case endsAfter(gameId: String)
}

/// Why no tour fits.
public enum TourInfeasibility: Sendable, Hashable, Error {
    /// No games match the tour in that season.
    case noGames(season: String)
    /// Two buildings whose games can never be seen in one trip, in either order.
    case cannotConnect(firstGameIds: [String], secondGameIds: [String])
    /// With a start place: a building none of whose games any trip from there reaches.
    case cannotReachFromStart(gameIds: [String])
    /// No tour fits and no single pair explains it (the driving limit binds over several legs).
    case noTourFits(driveHours: Double)
    /// With an end place: no tour gets back there by the season's last day (and no single pair
    /// explains it). More driving a day brings the fan back sooner, so it is about driving too.
    case cannotReturnToEnd
    /// The time limit ran out before any tour was found.
    case timeLimitReached(seconds: Double)

    /// Whether more driving a day (or at night) might make a tour fit.
    public var isAboutDriving: Bool {
        switch self {
        case .cannotConnect, .cannotReachFromStart, .noTourFits, .cannotReturnToEnd: return true
        case .noGames, .timeLimitReached: return false
        }
    }
}

/// How much work the tour took.
public struct TourStatistics: Sendable, Hashable {
    public var candidateGames: Int
    public var buildings: Int
    public var statesExpanded: Int
    public var prunedByBound: Int
    public var prunedByDominance: Int
    /// Searches run (one per daily limit tried, plus the final one).
    public var searches: Int
    /// The whole-tour bound on days (`TourDaysBound`), when a days tour needed it.
    public var daysBound: Int?
    /// Orders of buildings the order search checked by the exact rules.
    public var ordersChecked = 0
}
