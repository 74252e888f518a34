/// What the store holds of one season of one league, judged once for every command that can
/// come up short (`games`, `plan`, tours, `--favorites`, `seasons`): its first and last
/// scheduled day, whether every game is loaded, and its gaps.
///
/// The rules, kept simple so the notes can say them:
/// - **complete**: at least as many games as a full season of the league (the bundle's count);
///   unknown when no full season is known, which counts as not complete.
/// - **gap**: `gapDays` or more consecutive days with no game of the league between its first
///   and last day — 4 for a league that plays on at least half the days of its season (MLB,
///   NBA, NHL, WNBA), 8 for one that plays weekly (NFL, MLS).
/// - a gap is a **break** when the season is complete, or when a complete season of the league
///   had a gap starting within `breakTolerance` days of the same date a year (or more) apart;
///   otherwise its days have **no games yet**.
public struct SeasonCoverage: Sendable, Hashable {
    public var sport: String
    /// As stored: "2026", "2025-26".
    public var season: String
    public var games: Int
    /// Games in a full season of the league, when known.
    public var expectedGames: Int?
    public var firstDay: CalendarDay
    public var lastDay: CalendarDay
    public var gaps: [ScheduleGap]
    /// Postseason games among `games` (the bundle holds regular seasons only).
    public var postseasonGames = 0

    public init(
        sport: String, season: String, games: Int, expectedGames: Int?, firstDay: CalendarDay,
        lastDay: CalendarDay, gaps: [ScheduleGap]
    ) {
        self.sport = sport
        self.season = season
        self.games = games
        self.expectedGames = expectedGames
        self.firstDay = firstDay
        self.lastDay = lastDay
        self.gaps = gaps
    }

    /// A break start this many days from a complete season's (a year apart) is the same break:
    /// All-Star weekends move by about a week from one season to the next.
    public static let breakTolerance = 14

    /// Whether every game is loaded; nil when no full season is known to compare.
    public var isComplete: Bool? { expectedGames.map { games >= $0 } }

    /// The gaps whose days have no games published yet.
    public var unpublished: [ScheduleGap] { gaps.filter { $0.kind == .notPublished } }

    /// The shortest run of empty days that is a gap, for a season with `gameDays` days with
    /// games over `spanDays` days.
    public static func gapDays(gameDays: Int, spanDays: Int) -> Int { gameDays * 2 >= spanDays ? 4 : 8 }

    /// Every season of one league, from the days its games are on (any order, repeats allowed)
    /// and its game count; `expectedGames` is the size of a full season of the league.
    public static func league(
        _ sport: String, seasons: [(season: String, games: Int, days: [CalendarDay])], expectedGames: (String) -> Int?
    ) -> [SeasonCoverage] {
        var all: [SeasonCoverage] = seasons.compactMap { season in
            let days = Set(season.days).sorted()
            guard let first = days.first, let last = days.last else { return nil }
            let minimum = gapDays(gameDays: days.count, spanDays: last.dayNumber - first.dayNumber + 1)
            var gaps: [ScheduleGap] = []
            for (before, after) in zip(days, days.dropFirst()) where after.dayNumber - before.dayNumber - 1 >= minimum {
                gaps.append(
                    ScheduleGap(first: before.adding(days: 1), last: after.adding(days: -1), kind: .leagueBreak))
            }
            return SeasonCoverage(
                sport: sport, season: season.season, games: season.games, expectedGames: expectedGames(season.season),
                firstDay: first, lastDay: last, gaps: gaps)
        }
        let knownBreaks = all.filter { $0.isComplete == true }.flatMap(\.gaps)
        for index in all.indices where all[index].isComplete != true {
            for g in all[index].gaps.indices where !knownBreaks.contains(where: { isSameBreak($0, all[index].gaps[g]) })
            {
                all[index].gaps[g].kind = .notPublished
            }
        }
        return all.sorted { $0.season < $1.season }
    }

    /// Whether `gap` starts within `breakTolerance` days of `known`'s start moved by whole
    /// years (a break near New Year may fall on either side of it).
    static func isSameBreak(_ known: ScheduleGap, _ gap: ScheduleGap) -> Bool {
        let years = gap.first.year - known.first.year
        return [years - 1, years, years + 1].contains { shift in
            guard shift != 0 else { return false }
            let year = known.first.year + shift
            let day = min(known.first.day, CalendarDay.daysIn(month: known.first.month, year: year))
            let moved = CalendarDay(year: year, month: known.first.month, day: day)
            return abs(moved.dayNumber - gap.first.dayNumber) <= breakTolerance
        }
    }
}
