import FoundationEssentials
import OutputText
import TripsModel
import TripsPlanner
import TripsRender
import TripsZones

/// A saved trip as planned beside the same trip planned again: a row per day, its games then
/// and now, so the fan sees at a glance what the league's change costs.
struct SavedTripComparison {
    var review: SavedTripReview
    var replanned: Itinerary
    private let clock = LocalTimeFormatter()

    init(review: SavedTripReview, replanned: Itinerary) {
        self.review = review
        self.replanned = replanned
    }

    /// (day, "MIL @ CHC 19:05") of each game as planned: the times it had then.
    private var before: [(CalendarDay, String)] {
        let matchups = Dictionary(review.games.map { ($0.id, ScheduleEntry($0, now: $0.game.startTime).matchup) }) {
            a, _ in a
        }
        let moved = Set(review.changes.map(\.gameId))
        let planned = PlannedGame.list(review.trip.record.fields[SavedTripReview.plannedField]) ?? []
        return planned.map { game in
            let zone =
                review.changes.first { $0.gameId == game.id }?.plannedZone
                ?? review.games.first { $0.id == game.id }?.stadium.timeZone ?? "UTC"
            let parts = clock.parts(of: game.start, zone: zone)
            let mark = moved.contains(game.id) ? " *" : ""
            return (parts.day, "\(matchups[game.id] ?? game.id) \(game.timeTBD ? "TBD" : parts.time)\(mark)")
        }
    }

    private var after: [(CalendarDay, String)] {
        replanned.stops.map { stop in
            let parts = clock.parts(of: stop.game.game.startTime, zone: stop.game.stadium.timeZone)
            return (parts.day, "\(ScheduleEntry(stop.game, now: stop.expectedStart).matchup) \(parts.time)")
        }
    }

    func table(style: Style) -> String {
        let old = Dictionary(grouping: before, by: \.0).mapValues { $0.map(\.1) }
        let new = Dictionary(grouping: after, by: \.0).mapValues { $0.map(\.1) }
        var table = TextTable(headers: ["DAY", "AS PLANNED", "NOW"])
        for day in Set(old.keys).union(new.keys).sorted() {
            let a = old[day] ?? []
            let b = new[day] ?? []
            for i in 0..<max(a.count, b.count) {
                table.add([i == 0 ? day.shortLabel : "", i < a.count ? a[i] : "", i < b.count ? b[i] : ""])
            }
        }
        let plannedVenues = Set(review.trip.stadiumIds).count
        let gamesThen = before.count
        let totals = replanned.totals
        var text = table.render(style: style)
        text +=
            style.dim(
                "as planned: \(gamesThen) game\(gamesThen == 1 ? "" : "s") at \(plannedVenues) venue"
                    + "\(plannedVenues == 1 ? "" : "s") · now: \(totals.games) game\(totals.games == 1 ? "" : "s") at "
                    + "\(totals.distinctStadiums) venue\(totals.distinctStadiums == 1 ? "" : "s"), "
                    + "\(Int(totals.miles.rounded()).grouped) mi")
            + "\n"
        if !review.changes.isEmpty { text += style.dim("* moved, postponed or relocated since it was planned") + "\n" }
        return text
    }
}
