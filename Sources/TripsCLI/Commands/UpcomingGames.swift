import FoundationEssentials
import TripsInput
import TripsModel
import TripsRender
import TripsStore

/// What `trips next` shows for each favourite: its games ahead from the run's "now" — the next
/// one, or every one in the next `days` days — within `--near`'s radius if given, with each
/// venue's miles from that place (else from `config home`); or why there are none.
struct UpcomingGames {
    var lines: [NextGamesDocument.Line] = []

    /// A game started no more than `Game.liveWindow` ago may still be on (`live`): it counts as
    /// ahead, as a fan heading to the arena would want.
    init(
        teams: [Team], provider: DataProvider, now: Date, days: Int?, near: (place: ResolvedPlace, radius: Double)?,
        home: ResolvedPlace?
    ) throws {
        let from = now.addingTimeInterval(-Game.liveWindow)
        let origin = near?.place ?? home
        for team in teams {
            let ahead = ScheduleEntry.list(try provider.richGames(GameQuery(teamIds: [team.id], from: from)), now: now)
                .filter { $0.status == .live || ($0.status == .scheduled && $0.game.startTime >= now) }
                .map { entry in
                    var entry = entry
                    if let origin, let stadium = entry.stadium {
                        entry.miles = origin.coordinate.miles(to: stadium.location)
                    }
                    return entry
                }
            let end = days.map { now.addingTimeInterval(Double($0) * 86_400) }
            let inWindow = ahead.filter { entry in end.map { entry.game.startTime < $0 } ?? true }
            let near = near.map { near in (near, inWindow.filter { ($0.miles ?? .infinity) <= near.radius }) }
            let chosen = near?.1 ?? inWindow
            if ahead.isEmpty {
                let past = try provider.richGames(GameQuery(teamIds: [team.id], to: now))
                lines.append(
                    .init(team: team, entries: [], absence: .seasonOver(last: ScheduleEntry.list(past, now: now).last)))
            } else if !chosen.isEmpty {
                lines.append(.init(team: team, entries: days == nil ? [chosen[0]] : chosen))
            } else if let near {
                lines.append(
                    .init(
                        team: team, entries: [],
                        absence: .notNear(
                            place: near.0.place.label, radius: near.0.radius, days: days, next: ahead.first)))
            } else if let days, let next = ahead.first {
                lines.append(.init(team: team, entries: [], absence: .notWithin(days: days, next: next)))
            }
        }
    }

    /// Every game shown, in start order: what CSV and calendars hold.
    var entries: [ScheduleEntry] {
        lines.flatMap(\.entries).sorted {
            ($0.game.startTime, $0.game.gameNumber, $0.game.id) < ($1.game.startTime, $1.game.gameNumber, $1.game.id)
        }
    }
}
