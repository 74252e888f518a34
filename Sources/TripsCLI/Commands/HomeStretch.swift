import FoundationEssentials
import TripsModel
import TripsStore

/// A team's next run of home games in a row, from its next home game to the last before it
/// goes on the road: the first dates `trips plan` offers a fan with favourites, since a
/// homestand is when a trip to see them (and the teams nearby) is easiest to plan.
struct HomeStretch {
    var team: Team
    /// Venue-local days of the first and last home game of the run.
    var first: CalendarDay
    var last: CalendarDay
    var games: Int

    /// The soonest stretch among `teams` from `now` (games still to come only), nil if none
    /// has a home game ahead in the store.
    static func soonest(of teams: [Team], provider: DataProvider, now: Date) throws -> HomeStretch? {
        var best: (start: Date, stretch: HomeStretch)?
        for team in teams {
            let ahead = try provider.games(GameQuery(teamIds: [team.id], from: now)).filter {
                $0.reportedStatus(asOf: now) == .scheduled
            }
            guard let opener = ahead.firstIndex(where: { $0.homeTeamId == team.id }) else { continue }
            let run = ahead[opener...].prefix { $0.homeTeamId == team.id }
            guard let head = run.first, let tail = run.last, best.map({ head.startTime < $0.start }) ?? true
            else { continue }
            let stretch = HomeStretch(
                team: team, first: try provider.localDay(of: head), last: try provider.localDay(of: tail),
                games: run.count)
            best = (head.startTime, stretch)
        }
        return best?.stretch
    }

    /// "NYR's next home stretch, 4 games" (the dates go in the answer offered).
    var label: String { "\(team.abbreviation)'s next home stretch, \(games) game\(games == 1 ? "" : "s")" }
}
