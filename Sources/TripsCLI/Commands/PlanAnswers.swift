import FoundationEssentials
import Glibc
import TripsInput
import TripsModel
import TripsPlanner
import TripsRender
import TripsStore

/// What the fan asked of the planner, as typed: flags fill it first (`PlanCommand.init`), then
/// on a terminal `PlanQuestions` fills what the flags left out; `inputs` resolves names and
/// places against the store and applies the defaults. Nil means "not answered".
struct PlanAnswers {
    /// Sport names as typed; nil: not answered (every sport unless asked).
    var sports: [String]?
    var from: CalendarDay?
    var to: CalendarDay?
    var days: Int?
    var start: String?
    var end: String?
    var teams: [String] = []
    var games: [String] = []
    var homeOnly: [String] = []
    var maxDriveHours: Double?
    var minGapHours: Double?
    var maxGames: Int?
    var distinctStadiums = false
    var nightDriving = false
    var speed: Double?
    var objective: PlanObjective?
    var options: Int?
    var travel: TravelMode?

    /// Nothing answered yet that only a date window takes, so a tour may still be asked for.
    var leavesTourOpen: Bool {
        from == nil && to == nil && days == nil && teams.count <= 1 && games.isEmpty && homeOnly.isEmpty
            && minGapHours == nil && maxGames == nil && !distinctStadiums && options == nil
    }

    /// The last day of the window: `--to`, else `--days` from the first day (default a week).
    var lastDay: CalendarDay? { from.map { to ?? $0.adding(days: (days ?? 7) - 1) } }

    /// The answers resolved against the store, with defaults for what nobody answered.
    func inputs(provider: DataProvider, places: PlaceInput) throws -> PlanInputs {
        guard let from, let last = lastDay else { throw InputError.other("missing --from") }
        if last < from { throw InputError.emptyRange(from: "\(from)", to: "\(last)") }
        let sports = try resolvedSports(provider)
        let start = try self.start.map { try places.resolve($0) }
        let end = try self.end.map { try places.resolve($0) }
        let asOf = from.start(in: .utc)
        // A team named twice (`--team NYY --team Yankees`) is one must-see team.
        var seen = Set<String>()
        let teams = try provider.resolveTeams(self.teams, sports: sports, asOf: asOf).map(\.team)
            .filter { seen.insert($0.id).inserted }
        seen = []
        let homeOnly = try self.homeOnly.map { try provider.resolveTeam($0, sports: sports, asOf: asOf).team.id }
            .filter { seen.insert($0).inserted }

        var request = PlanRequest(from: from, to: last, sports: sports)
        request.start = start.map { PlanPlace(name: $0.label, coordinate: $0.coordinate, timeZone: $0.timeZone) }
        request.end = end.map { PlanPlace(name: $0.label, coordinate: $0.coordinate, timeZone: $0.timeZone) }
        request.mustSeeTeamIds = teams.map(\.id)
        request.mustSeeGameIds = games
        request.homeGamesOnlyTeamIds = Set(homeOnly)
        request.maxGames = maxGames
        request.minHoursBetweenGames = minGapHours ?? 0
        request.distinctStadiumsOnly = distinctStadiums
        request.driving = DrivingRules(maxHoursPerDay: maxDriveHours ?? 6)
        if let speed { request.driving.averageSpeedMph = speed }
        request.driving.allowsOvernightDriving = nightDriving
        request.objective = objective ?? .games
        request.options = options ?? 3
        request.travel = travel
        return PlanInputs(request: request, startLabel: start?.label, endLabel: end?.label, mustSeeTeams: teams)
    }

    /// The sport ids the answer names; every sport when unanswered.
    func resolvedSports(_ provider: DataProvider) throws -> Set<String> {
        guard let sports else { return Set(try provider.sports().map(\.sportId)) }
        return try provider.resolveSports(sports)
    }
}
