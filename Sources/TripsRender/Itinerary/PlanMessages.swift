import FoundationEssentials
import Glibc
import OutputText
import TripsModel
import TripsPlanner
import TripsZones

/// What a plan tells the fan in words — its warnings, and why nothing fits — naming teams,
/// venues and dates ("SEA @ DET on Fri Jun 5 at Comerica Park"). The planner speaks in ids;
/// nobody reading a terminal should meet `game_mlb_2026_0605_sea_det`.
public struct PlanMessages {
    private var games: [String: RichGame]
    private var teams: [String: Team]
    private var request: PlanRequest
    private let clock = LocalTimeFormatter()

    /// `games`: every game the planner was given (must-see games outside the window too);
    /// `teams`: the must-see teams.
    public init(games: [RichGame], teams: [Team], request: PlanRequest) {
        self.games = Dictionary(games.map { ($0.id, $0) }) { first, _ in first }
        self.teams = Dictionary(teams.map { ($0.id, $0) }) { first, _ in first }
        self.request = request
    }

    /// "SEA @ DET on Fri Jun 5 at Comerica Park" (the id only for a game nobody knows).
    func game(_ id: String) -> String {
        guard let rich = games[id] else { return id }
        let day = clock.parts(of: rich.game.startTime, zone: rich.stadium.timeZone).day
        return "\(Self.matchup(rich)) on \(day.shortLabel) at \(rich.stadium.name)"
    }

    /// "SEA @ DET", "SEA @ DET (G2)".
    static func matchup(_ rich: RichGame) -> String {
        "\(rich.awayTeam.abbreviation) @ \(rich.homeTeam.abbreviation)"
            + (rich.game.gameNumber > 1 ? " (G\(rich.game.gameNumber))" : "")
    }

    /// "Seattle Mariners" (the id only for a team nobody knows).
    func team(_ id: String) -> String { teams[id]?.name ?? id }

    /// Why option 1 sets off in the night, when it does: what the best trip that sets off after
    /// 07:00 gives up — "sets off Wed Apr 29 at 00:35 CDT: a start after 07:00
    /// sees 24 games, not 25". When a night start was declined for miles alone, what it would
    /// have saved — "sets off after 07:00: a start at 02:45 EDT would save 90 mi, and no game,
    /// venue or day". Nil otherwise.
    func nightSetOff(_ choice: NightSetOff?) -> String? {
        guard let choice else { return nil }
        let at = clock.parts(of: choice.departure, zone: choice.timeZone)
        let opens = (DrivingRules.restEndHour < 10 ? "0" : "") + "\(DrivingRules.restEndHour):00"
        guard choice.isKept else {
            // Declined for miles alone: say what the night start would have saved.
            guard let saved = choice.milesSavedAtNight else { return nil }
            return "sets off after \(opens): a start at \(at.time) \(at.zoneAbbreviation) would save "
                + "\(Int(saved.rounded()).grouped) mi, and no game, venue or day"
        }
        let lead = "sets off \(at.day.shortLabel) at \(at.time) \(at.zoneAbbreviation): a start after \(opens)"
        guard let byDay = choice.byDay else { return lead + " fits no trip" }
        let (day, night) = (byDay.totals, choice.atNight.totals)
        func count(_ n: Int, _ noun: String) -> String { "\(n.grouped) \(noun)\(n == 1 ? "" : "s")" }
        var costs: [String] = []
        if day.games < night.games { costs.append("sees \(count(day.games, "game")), not \(night.games.grouped)") }
        if day.distinctStadiums < night.distinctStadiums {
            costs.append("visits \(count(day.distinctStadiums, "venue")), not \(night.distinctStadiums.grouped)")
        }
        if byDay.days > choice.atNight.days {
            costs.append("takes \(count(byDay.days, "day")), not \(choice.atNight.days.grouped)")
        }
        if costs.isEmpty, day.miles > night.miles {
            let miles = { (m: Double) in Int(m.rounded()).grouped }
            costs.append("drives \(miles(day.miles)) mi, not \(miles(night.miles))")
        }
        return lead + " " + (costs.isEmpty ? "finds no trip as good" : Self.joined(costs))
    }

    /// "a, not 5, and b, not 6" (the items have commas of their own).
    private static func joined(_ items: [String]) -> String {
        items.count < 2 ? items.joined() : items.dropLast().joined(separator: ", ") + ", and " + items.last!
    }

    /// A warning in words; with `trip`, a tight connection's margin is read from the times the
    /// table shows (the leg's arrival and the game's start, to the minute).
    func warning(_ warning: ItineraryWarning, in trip: Itinerary? = nil) -> String {
        switch warning {
        case .tightConnection(let legIndex, let gameId, let slack):
            // The planner keeps `bufferBeforeGameMinutes` before each start for parking and
            // getting in: the margin shown is all of it, and the buffer named.
            let buffer = request.driving.bufferBeforeGameMinutes
            var margin = Int(max(0, slack + buffer).rounded())
            if let trip, trip.legs.indices.contains(legIndex),
                let stop = trip.stops.first(where: { $0.game.id == gameId })
            {
                let minute = { (date: Date) in Int((date.timeIntervalSince1970 / 60).rounded(.down)) }
                margin = max(0, minute(stop.expectedStart) - minute(trip.legs[legIndex].arrival))
            }
            let kept = Int(buffer.rounded())
            let parking = kept > 0 && margin > 0 ? " (\(min(kept, margin)) min of it for parking and getting in)" : ""
            let when = margin == 0 ? "just as it starts" : "\(margin) min before it starts\(parking)"
            return "tight connection: you reach \(game(gameId)) \(when)"
        case .estimatedStart(let gameId):
            return "\(game(gameId)) follows game 1 of a doubleheader: its start time is an estimate"
        }
    }

    /// Why no trip fits, in the planner's words where they name no id.
    public func infeasibility(_ reason: PlanInfeasibility) -> String {
        let prefix = "no trip fits: "
        switch reason {
        case .mustSeeGameUnavailable(let id, let skip):
            return prefix + "the must-see game \(game(id)) \(explain(skip))"
        case .mustSeeGameNotFound(let id):
            return prefix + "the must-see game \(game(id)) is not in the schedule"
        case .mustSeeTeamHasNoGames(let id):
            return prefix + "no \(team(id)) game can be planned \(window)"
        case .mustSeeGamesClash(let first, let second):
            return prefix + "the must-see games \(game(first)) and \(game(second)) cannot both be attended"
        case .cannotReturnToEnd(let place, let day):
            return prefix + "no trip gets back to \(place) by the end of \(day.shortLabel); "
                + "allow more days, or leave out --end"
        default:
            return reason.description
        }
    }

    /// "between Mon Jun 1 and Wed Jun 3", "on Mon Jun 1".
    private var window: String {
        request.from == request.to
            ? "on \(request.from.shortLabel)" : "between \(request.from.shortLabel) and \(request.to.shortLabel)"
    }

    private func explain(_ reason: GameSkipReason) -> String {
        guard reason == .outsideWindow else { return reason.explanation }
        let dates =
            request.from == request.to
            ? request.from.shortLabel : "\(request.from.shortLabel) to \(request.to.shortLabel)"
        return "\(reason.explanation) (\(dates))"
    }
}
