import FoundationEssentials
import TripsModel
import TripsPlanner
import TripsRender
import TripsStore
import TripsZones

/// A saved trip against the schedule as it is now: what changed in its games since it was
/// planned, and whether the trip still works by its own rules — planned again on exactly its
/// games, as they are now, with the rules it was saved with. The same answer for the report
/// after a sync, `saved list`, `saved show`, the exports and `sync status`.
struct SavedTripReview {
    var trip: SavedTrip
    var plan: SavedTripPlan?
    var changes: [GameChange]
    /// The trip on its games as they are now, when it still works (nil: it does not, or it was
    /// saved before trips kept its rules).
    var current: PlanResult?
    /// Why it no longer works, in the planner's words.
    var unfit: String?
    /// The trip's games as the store has them now (the ones it still has).
    var games: [RichGame]

    /// Saved by a version that kept neither its games as planned nor its rules: nothing to
    /// compare, and nothing is claimed.
    var isFollowed: Bool { plan != nil && PlannedGame.list(trip.record.fields[Self.plannedField]) != nil }

    /// Changed so that the trip no longer works: until it is planned again or the change is
    /// dismissed, `sync status --check` fails and `saved list` says so.
    var needsAttention: Bool { !changes.isEmpty && current == nil }

    static let plannedField = "gamesAsPlanned"
    static let planField = "plan"
    /// How the planner's reasons begin; here the trip's own words say it.
    static let plannerLead = "no trip fits: "

    /// `plansAgain: false` skips the planner for a trip whose games are as planned (its fit is
    /// then not asked): what `sync status` and the report after a sync need, for every trip.
    /// - Parameter airports: for a trip planned to fly (`PlanRequest.travel`): planned again
    ///   without them, its legs would all be driven.
    init(_ trip: SavedTrip, provider: DataProvider, plansAgain: Bool = true, airports: AirportTable? = nil) throws {
        self.trip = trip
        plan = SavedTripPlan.read(trip.record.fields[Self.planField])
        let list = try provider.richGames(GameQuery(ids: trip.gameIds))
        games = list.games
        let now = Dictionary(list.games.map { ($0.id, $0) }) { a, _ in a }
        let unresolved = Dictionary(list.unresolved.map { ($0.game.id, $0) }) { a, _ in a }
        changes = []
        guard let planned = PlannedGame.list(trip.record.fields[Self.plannedField]), let plan else { return }
        for before in planned {
            if let rich = now[before.id] {
                let matchup = ScheduleEntry(rich, now: rich.game.startTime).matchup
                changes += try Self.changes(before, rich.game, matchup: matchup, provider: provider)
            } else if let game = unresolved[before.id] {
                let matchup = ScheduleEntry(game, now: game.game.startTime).matchup
                changes += try Self.changes(before, game.game, matchup: matchup, provider: provider)
            } else {
                let zone = try before.venue.flatMap { try provider.stadium(id: $0)?.timeZone } ?? "UTC"
                changes.append(
                    GameChange(gameId: before.id, matchup: before.id, kind: .gone, zone: zone, plannedZone: zone))
            }
        }
        if let lost = changes.first(where: \.losesTheGame) {
            unfit = lost.text(clock: LocalTimeFormatter())
            return
        }
        guard plansAgain || !changes.isEmpty else { return }
        // Planned again on exactly its games: a must-see game each, one option, its own rules.
        var request = plan.request
        request.mustSeeGameIds = Array(Set(request.mustSeeGameIds).union(trip.gameIds)).sorted()
        request.options = 1
        let sports = try provider.sports()
        let zones = provider.zones
        var planner = TripPlanner(sports: sports, zones: { zones.zone($0) })
        planner.airports = airports
        let result = try planner.plan(request, games: list.games, progress: nil, stop: { false })
        if let best = result.itineraries.first, Set(best.gameIds) == Set(trip.gameIds) {
            current = result
        } else {
            let messages = PlanMessages(
                games: list.games, teams: try plan.inputs(teams: provider.team).mustSeeTeams, request: request)
            let reason = result.infeasibility.map(messages.infeasibility) ?? "no trip fits its games as they are now"
            unfit = reason.hasPrefix(Self.plannerLead) ? String(reason.dropFirst(Self.plannerLead.count)) : reason
        }
    }

    /// How `game` differs from the game as planned: its time, its venue, its status.
    private static func changes(
        _ before: PlannedGame, _ game: Game, matchup: String, provider: DataProvider
    ) throws -> [GameChange] {
        let zone = try provider.timeZoneName(for: game)
        let plannedZone = try before.venue.flatMap { try provider.stadium(id: $0)?.timeZone } ?? zone
        func change(_ kind: GameChange.Kind) -> GameChange {
            GameChange(gameId: game.id, matchup: matchup, kind: kind, zone: zone, plannedZone: plannedZone)
        }
        var out: [GameChange] = []
        let status = game.status
        if status == .postponed || status == .cancelled || status == .suspended, status.rawValue != before.status {
            out.append(change(.status(status)))
        }
        let startMs = Int64((game.startTime.timeIntervalSince1970 * 1000).rounded())
        if startMs != before.startMs || game.timeTBD != before.timeTBD {
            out.append(
                change(.moved(from: before.start, to: game.startTime, fromTBD: before.timeTBD, toTBD: game.timeTBD)))
        }
        let venue = game.stadiumId ?? game.venueName
        if venue != before.venue {
            func name(_ id: String?) throws -> String {
                guard let id else { return "a venue not decided yet" }
                return try provider.stadium(id: id)?.name ?? id
            }
            out.append(change(.venue(from: try name(before.venue), to: try name(venue))))
        }
        return out
    }
}
