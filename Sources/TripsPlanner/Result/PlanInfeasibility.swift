import TripsModel

/// Why no itinerary fits, naming the tightest constraint so the fan knows what to change.
public enum PlanInfeasibility: Sendable, Hashable, Codable, CustomStringConvertible {
    /// No game passed the filters.
    case noGames(from: CalendarDay, to: CalendarDay, sports: [String])
    /// A must-see game id the planner was not given at all.
    case mustSeeGameNotFound(gameId: String)
    /// A must-see game that exists but cannot be planned.
    case mustSeeGameUnavailable(gameId: String, reason: GameSkipReason)
    /// A must-see team with no candidate game in the window.
    case mustSeeTeamHasNoGames(teamId: String)
    /// Two must-see games cannot both be attended (the second starts before the first ends).
    case mustSeeGamesClash(firstGameId: String, secondGameId: String)
    /// The daily driving limit is what stands in the way: relaxing it to `neededHours` makes a trip
    /// fit, and the named drive is the one that needs it.
    case dailyDrivingLimit(from: String, to: String, neededHours: Double, limitHours: Double, fromStart: Bool)
    /// As `dailyDrivingLimit`, but the drive breaks the limit only with `carriedHours` still
    /// counting from the drive before (from `carriedFrom`) — the same day, or with night driving
    /// no rest of 8 h between: the pair of games alone would fit.
    case carriedDrivingLimit(
        from: String, to: String, neededHours: Double, carriedHours: Double, carriedFrom: String,
        limitHours: Double, nightDriving: Bool)
    /// A trip fits only when driving through the night (23:00–07:00) is allowed.
    case needsOvernightDriving
    /// The must-see teams and games need more games than the `maxGames` limit allows.
    case maxGamesTooLow(limit: Int)
    /// A trip fits only without the minimum gap between games.
    case minimumGapTooLong(hours: Double)
    /// A trip fits only if a stadium may be visited twice.
    case needsRepeatedStadium
    /// No game in the window can be reached from the start place, even with relaxed limits.
    case unreachableFromStart(place: String)
    /// No trip covers every must-see team and game in the window, even with relaxed limits.
    case mustSeesCannotBeCombined
    /// Every trip that fits would get back to the end place only after the window's last day.
    case cannotReturnToEnd(place: String, by: CalendarDay)
    /// The search limit stopped the search before it found any trip.
    case searchLimitReached(limit: Int)

    public var description: String {
        let prefix = "no trip fits: "
        switch self {
        case .noGames(let from, let to, let sports):
            let which =
                sports.isEmpty ? "games" : sports.sorted().map { $0.uppercased() }.joined(separator: "/") + " games"
            return prefix + "no \(which) are loaded between \(from) and \(to)"
        case .mustSeeGameNotFound(let id):
            return prefix + "the must-see game \(id) is unknown"
        case .mustSeeGameUnavailable(let id, let reason):
            return prefix + "the must-see game \(id) \(reason.explanation)"
        case .mustSeeTeamHasNoGames(let id):
            return prefix + "\(id) has no games that can be planned in the window"
        case .mustSeeGamesClash(let a, let b):
            return prefix + "the must-see games \(a) and \(b) cannot both be attended"
        case .dailyDrivingLimit(let from, let to, let needed, let limit, let fromStart):
            let what = fromStart ? "the first drive needs" : "the closest pair of games needs"
            return prefix + "\(what) \(PlanFormat.hoursUp(needed)) h of driving in a day (\(from) → \(to)); "
                + "your limit is \(PlanFormat.number(limit)) h"
        case .carriedDrivingLimit(let from, let to, let needed, let carried, let before, let limit, let night):
            let together =
                night
                ? "with no 8-hour rest since leaving \(before)" : "on the same day as the drive from \(before)"
            return prefix + "the drive \(from) → \(to) comes \(together): \(PlanFormat.hoursUp(needed)) h "
                + "at the wheel, \(PlanFormat.hoursUp(carried)) h of it before \(from); "
                + "your limit is \(PlanFormat.number(limit)) h"
        case .needsOvernightDriving:
            return prefix + "every trip needs driving between 23:00 and 07:00, which is not allowed"
        case .maxGamesTooLow(let limit):
            return prefix + "the must-see games and teams need more than \(limit) games"
        case .minimumGapTooLong(let hours):
            return prefix + "no games are at least \(PlanFormat.number(hours)) h apart along any route"
        case .needsRepeatedStadium:
            return prefix + "every trip visits a stadium twice, and distinct stadiums only was asked"
        case .unreachableFromStart(let place):
            return prefix + "no game in the window can be reached from \(place)"
        case .mustSeesCannotBeCombined:
            return prefix + "no route reaches every must-see team and game in the window"
        case .cannotReturnToEnd(let place, let day):
            return prefix + "no trip gets back to \(place) by the end of \(day); allow more days or leave out the end"
        case .searchLimitReached(let limit):
            return prefix + "the search stopped at its limit of \(limit) states before finding one"
        }
    }
}
