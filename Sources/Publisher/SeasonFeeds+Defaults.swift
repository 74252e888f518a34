import TripsModel

extension SeasonFeeds {
    /// The seasons `trips sync` brings when none is asked for: the one under way (or the next to
    /// begin), and the next one too while the league may already have published it and the
    /// current one still runs. Only MLB overlaps so: its next schedule comes out in the summer,
    /// months before the current postseason ends. The others publish theirs after the season
    /// turns over (`season(of:on:)` already names the next one then). A next season not yet
    /// published answers with no games and changes nothing.
    public static func defaultSeasons(of league: String, on today: CalendarDay) -> [String] {
        let current = season(of: league, on: today)
        guard league == "mlb", (7...11).contains(today.month), let year = Int(current) else { return [current] }
        return [current, String(year + 1)]
    }

    /// The league-seasons to read for `leagues`: `season` for each when one is asked, else each
    /// league's default seasons — what `trips sync` and `trips-cloud publish --league` both read.
    public static func leagueSeasons(
        _ leagues: [String], season: String?, on today: CalendarDay
    ) -> [(league: String, season: String)] {
        leagues.flatMap { league in
            (season.map { [$0] } ?? defaultSeasons(of: league, on: today)).map { (league: league, season: $0) }
        }
    }
}
