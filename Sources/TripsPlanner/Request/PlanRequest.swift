import FoundationEssentials
import TripsModel

/// Everything a fan asks of the planner. Dates are venue-local calendar days: a game belongs to
/// the window when the date on its ticket does. Codable, so a saved trip can keep the inputs
/// that produced it.
public struct PlanRequest: Sendable, Hashable, Codable {
    /// First day of the trip (inclusive).
    public var from: CalendarDay
    /// Last day with a game (inclusive).
    public var to: CalendarDay
    /// Sport ids (`mlb`, `nba`, …); empty means every sport given to the planner.
    public var sports: Set<String>
    /// Where the fan sets off; nil starts the trip at its first game.
    public var start: PlanPlace?
    /// Where the fan goes afterwards; nil ends the trip at its last game.
    public var end: PlanPlace?
    /// Team record names: the trip includes at least one game involving each.
    public var mustSeeTeamIds: [String]
    /// Game record names the trip must include.
    public var mustSeeGameIds: [String]
    /// Teams the fan only wants to see at home: their away games are not candidates, so a
    /// must-see team listed here is seen in its own building.
    public var homeGamesOnlyTeamIds: Set<String>
    /// At most this many games (nil: no limit).
    public var maxGames: Int?
    /// Hours from one game's start to the next game's start, at least.
    public var minHoursBetweenGames: Double
    /// Never the same stadium twice (this rules out doubleheaders).
    public var distinctStadiumsOnly: Bool
    public var driving: DrivingRules
    public var objective: PlanObjective
    /// How many ranked itineraries to return (K).
    public var options: Int
    /// Search states the exact search may expand before it stops and says so.
    public var searchLimit: Int
    /// The fan's own road miles and minutes between venues; pairs it does not list are
    /// estimated by the driving rules' straight-line model.
    public var roadTimes: RoadTimes?
    /// Venues the fan has been to already. When set, the "distinct stadiums" measure counts only
    /// the others (new venues), so `.stadiums` ranks by unvisited venues, then games, then miles.
    public var visitedStadiumIds: Set<String> = []
    /// Now, for a trip from today: the fan sets off no earlier, and a game that has started is
    /// not one to drive to. Nil for other days (days begun before today are history).
    public var notBefore: Date?
    /// By road, by air, or each leg the better way (nil: by road, as before flights; optional so
    /// a trip saved before them still reads).
    public var travel: TravelMode?

    /// How the fan travels: `travel`, by road when not set.
    public var travelMode: TravelMode { travel ?? .drive }

    /// Must-see teams are tracked as a bit set, so their number is bounded.
    public static let maxMustSeeTeams = 8
    public static let defaultSearchLimit = 1_000_000

    public init(
        from: CalendarDay, to: CalendarDay, sports: Set<String> = [], start: PlanPlace? = nil,
        end: PlanPlace? = nil, mustSeeTeamIds: [String] = [], mustSeeGameIds: [String] = [],
        homeGamesOnlyTeamIds: Set<String> = [], maxGames: Int? = nil, minHoursBetweenGames: Double = 0,
        distinctStadiumsOnly: Bool = false, driving: DrivingRules = DrivingRules(),
        objective: PlanObjective = .games, options: Int = 3, searchLimit: Int = PlanRequest.defaultSearchLimit
    ) {
        self.from = from
        self.to = to
        self.sports = sports
        self.start = start
        self.end = end
        self.mustSeeTeamIds = mustSeeTeamIds
        self.mustSeeGameIds = mustSeeGameIds
        self.homeGamesOnlyTeamIds = homeGamesOnlyTeamIds
        self.maxGames = maxGames
        self.minHoursBetweenGames = minHoursBetweenGames
        self.distinctStadiumsOnly = distinctStadiumsOnly
        self.driving = driving
        self.objective = objective
        self.options = options
        self.searchLimit = searchLimit
    }

    /// Checks every setting (and that `zones` knows the places' zones); the planner calls this
    /// first so bad input is a message, not a hang.
    public func validate(zones: ZoneLookup) throws(PlanRequestError) {
        guard from <= to else { throw .windowEndsBeforeStart(from: from, to: to) }
        try Self.require(driving.maxHoursPerDay > 0, "max drive hours per day", driving.maxHoursPerDay, "more than 0")
        try Self.require(driving.averageSpeedMph > 0, "average speed", driving.averageSpeedMph, "more than 0 mph")
        try Self.require(driving.roadFactor >= 1, "road factor", driving.roadFactor, "at least 1")
        try Self.require(
            driving.bufferBeforeGameMinutes >= 0, "buffer before games", driving.bufferBeforeGameMinutes, "0 or more")
        try Self.require(
            driving.bufferAfterGameMinutes >= 0, "buffer after games", driving.bufferAfterGameMinutes, "0 or more")
        try Self.require(minHoursBetweenGames >= 0, "minimum hours between games", minHoursBetweenGames, "0 or more")
        try Self.require(options >= 1, "options", Double(options), "at least 1")
        try Self.require(searchLimit >= 1, "search limit", Double(searchLimit), "at least 1")
        if let maxGames { try Self.require(maxGames >= 1, "max games", Double(maxGames), "at least 1") }
        for road in roadTimes?.roads.values.flatMap(\.values) ?? [] {
            try Self.require(road.miles >= 0, "road miles", road.miles, "0 or more")
            try Self.require(road.minutes > 0, "road minutes", road.minutes, "more than 0")
        }
        let teams = Set(mustSeeTeamIds)
        guard teams.count <= Self.maxMustSeeTeams else {
            throw .tooManyMustSeeTeams(count: teams.count, limit: Self.maxMustSeeTeams)
        }
        for place in [start, end].compactMap({ $0 }) {
            guard place.coordinate.isValid else {
                throw .invalidPlace(name: place.name, reason: "coordinates out of range")
            }
            guard zones(place.timeZone) != nil else {
                throw .invalidPlace(name: place.name, reason: "unknown time zone \(place.timeZone)")
            }
        }
    }

    private static func require(
        _ condition: Bool, _ setting: String, _ value: Double, _ requirement: String
    ) throws(PlanRequestError) {
        guard condition, value.isFinite else {
            throw .invalidSetting(setting: setting, value: value, requirement: requirement)
        }
    }
}
