import FoundationEssentials
import TripsModel

/// Stage 1 of a tour: the games that count for it, and the host teams each building stands for.
///
/// A game counts when it is a regular-season game of the season, neither cancelled nor
/// postponed, and played in the host's own building (not a neutral site abroad): for an
/// opponents tour, the team's away games; for a venues tour, the hosts' home games.
struct TourCandidates {
    private(set) var games: [RichGame] = []
    /// Host team ids per stadium id, in the order the hosts were given or met.
    private(set) var hosts: [String: [String]] = [:]
    private(set) var uncovered: [TourUncoveredHost] = []

    /// `day` is a game's venue-local day, asked only when the request has a `window`.
    init(games given: [RichGame], request: TourRequest, day: (RichGame) -> CalendarDay? = { _ in nil }) {
        var hostOrder: [String] = []
        var usable: [String: Int] = [:]
        var elsewhere: [String: Int] = [:]
        var outside: [String: Int] = [:]
        let wanted: Set<String>?
        switch request.kind {
        case .opponents: wanted = nil
        case .venues(let ids):
            hostOrder = ids
            wanted = Set(ids)
        }
        for rich in given {
            let game = rich.game
            guard game.season == request.season, game.seasonType == .regular,
                request.sports.isEmpty || request.sports.contains(game.sport),
                game.status != .cancelled && game.status != .postponed
            else { continue }
            let host = game.homeTeamId
            switch request.kind {
            case .opponents(let teamId): guard game.awayTeamId == teamId else { continue }
            case .venues: guard wanted?.contains(host) == true else { continue }
            }
            if usable[host] == nil && elsewhere[host] == nil && outside[host] == nil && wanted == nil {
                hostOrder.append(host)
            }
            if let window = request.window,
                day(rich).map({ window.contains($0) }) != true
                    || request.notBefore.map({ game.startTime < $0 }) == true
            {
                outside[host, default: 0] += 1
                continue
            }
            let atHome = !game.isNeutralSite && (rich.homeTeam.stadiumId.map { $0 == rich.stadium.id } ?? true)
            guard atHome else {
                elsewhere[host, default: 0] += 1
                continue
            }
            usable[host, default: 0] += 1
            games.append(rich)
            if hosts[rich.stadium.id]?.contains(host) != true { hosts[rich.stadium.id, default: []].append(host) }
        }
        uncovered = hostOrder.filter { usable[$0] == nil }.map {
            TourUncoveredHost(teamId: $0, gamesElsewhere: elsewhere[$0] ?? 0, gamesOutsideWindow: outside[$0] ?? 0)
        }
    }

    /// The planner's window around the games: the day before the first to the day after the
    /// last (UTC days; the candidate filter keeps every game of the tour inside it).
    var window: ClosedRange<CalendarDay>? {
        let times = games.map { $0.game.startTime.timeIntervalSince1970 }
        guard let first = times.min(), let last = times.max() else { return nil }
        let day = { (t: Double) in Int((t / 86_400).rounded(.down)) }
        return CalendarDay(dayNumber: day(first) - 1)...CalendarDay(dayNumber: day(last) + 1)
    }
}
