import TripsModel
import TripsRender
import TripsStore

/// Whether days asked at the plan's date question hold any game of the sports chosen, and if
/// not, why: a season the store lacks (`CoverageQuestion`'s shortfalls, as `trips games` words
/// them) or the league's off-season, so the fan can pick other days instead of planning none.
struct DateWindowGames {
    var provider: DataProvider
    var context: CLIContext

    /// Nil when some game of `sports` is played from `from` to `to`; else the reason, e.g. "no
    /// games Tue Dec 1–7: MLB 2026 ended Sep 27 (the off-season) — pick other dates".
    func whyNone(sports: Set<String>, from: CalendarDay, to: CalendarDay) throws -> String? {
        guard try provider.games(GameQuery(sports: sports, fromDay: from, toDay: to, limit: 1)).isEmpty else {
            return nil
        }
        let today = CalendarDay(context.now, in: .utc)
        // The off-season is said below, from every loaded season (a break inside one too).
        let shortfalls = try CoverageQuestion(leagues: sports, from: from, to: to).shortfalls(
            context, provider: provider
        ).filter { if case .offSeason = $0 { false } else { true } }
        var reasons: [String] = []
        for sport in sports.sorted() {
            let lacking = shortfalls.filter { $0.sport == sport }
            if !lacking.isEmpty {
                reasons += lacking.map { CoverageNote.text($0, today: today).replacing(CoverageNote.glue, with: " ") }
            } else {
                reasons.append(try offSeason(sport, from: from, to: to))
            }
        }
        let days = Self.days(from, to)
        let remedy = shortfalls.isEmpty ? "pick other dates" : "pick other dates, or `trips sync`"
        return "no games \(days): \(reasons.joined(separator: "; ")) — \(remedy)"
    }

    /// "on Mon Jun 1", "Jun 1–3": the days of a window as its messages say them.
    static func days(_ from: CalendarDay, _ to: CalendarDay) -> String {
        from == to ? "on \(from.shortLabel)" : CoverageNote.range(from, to)
    }

    /// Why a league with every season it should have plays nothing on these days: between or
    /// after its loaded seasons, or a break inside one.
    private func offSeason(_ sport: String, from: CalendarDay, to: CalendarDay) throws -> String {
        let name = sport.uppercased()
        let seasons = try provider.loadedSeasons(sports: [sport])
        let ended = seasons.last { $0.lastDay < from }
        let next = seasons.first { $0.firstDay > to }
        let day = { (day: CalendarDay) in "\(day.monthName) \(day.day)" }
        switch (ended, next) {
        case (let ended?, let next?):
            return "\(name) is between seasons (\(ended.season) ended \(day(ended.lastDay)), "
                + "\(next.season) begins \(day(next.firstDay)))"
        case (let ended?, nil): return "\(name) \(ended.season) ended \(day(ended.lastDay)) (the off-season)"
        case (nil, let next?): return "\(name) \(next.season) begins \(day(next.firstDay))"
        case (nil, nil):
            if let during = seasons.first(where: { $0.firstDay <= from && $0.lastDay >= to }) {
                return "\(name) takes a break in its \(during.season) season"
            }
            return seasons.isEmpty ? "no \(name) season is loaded" : "\(name) plays no games then"
        }
    }
}
