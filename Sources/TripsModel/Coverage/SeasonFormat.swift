/// How many teams a league's regular season has and how many games each plays: the league's own
/// format, which says how big a season is before any of it is loaded. A season's size is never
/// taken from the previous season's count — the NHL's 2026-27 season is 84 games a team (1,344),
/// where 2025-26 was 82 (1,312) — so a format change is a new row here, from the season it
/// begins.
public struct SeasonFormat: Sendable, Hashable {
    /// The first season the format holds for, as the repository names seasons ("2026-27", "2025").
    public var from: String
    public var teams: Int
    public var gamesPerTeam: Int

    public init(from: String, teams: Int, gamesPerTeam: Int) {
        (self.from, self.teams, self.gamesPerTeam) = (from, teams, gamesPerTeam)
    }

    /// Regular-season games in all: each game has two teams.
    public var games: Int { teams * gamesPerTeam / 2 }

    /// Each league's formats, oldest first: only the seasons trips holds or may sync.
    public static let leagues: [String: [SeasonFormat]] = [
        "mlb": [SeasonFormat(from: "2013", teams: 30, gamesPerTeam: 162)],
        "nba": [SeasonFormat(from: "2004-05", teams: 30, gamesPerTeam: 82)],
        "nfl": [
            SeasonFormat(from: "2002", teams: 32, gamesPerTeam: 16),
            SeasonFormat(from: "2021", teams: 32, gamesPerTeam: 17),
        ],
        "nhl": [
            SeasonFormat(from: "2021-22", teams: 32, gamesPerTeam: 82),
            SeasonFormat(from: "2026-27", teams: 32, gamesPerTeam: 84),
        ],
        "mls": [
            SeasonFormat(from: "2023", teams: 29, gamesPerTeam: 34),
            SeasonFormat(from: "2025", teams: 30, gamesPerTeam: 34),
        ],
        "wnba": [
            SeasonFormat(from: "2023", teams: 12, gamesPerTeam: 40),
            SeasonFormat(from: "2025", teams: 13, gamesPerTeam: 44),
            SeasonFormat(from: "2026", teams: 15, gamesPerTeam: 44),
        ],
    ]

    /// The format of `season` of `sport`: the latest that began at or before it (a season after
    /// the last row keeps the last format until the league announces another); nil for a league
    /// or a season before any row.
    public static func of(_ sport: String, season: String) -> SeasonFormat? {
        leagues[sport]?.last { $0.from <= season }
    }
}
