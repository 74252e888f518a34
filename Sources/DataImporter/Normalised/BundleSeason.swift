import LeagueFeeds

/// Everything one schedule source says about a league-season, normalised: what each league
/// reader produces and what the linker consumes.
struct BundleSeason: Sendable {
    var sport: String
    /// "2026" or "2025-26".
    var season: String
    var teams: [TeamEntry]
    /// The source's games, their league and season set to this season's.
    var entries: [FeedGame]
    var sources: [SourceReference]
    /// Whether every game of the regular season is present.
    var complete: Bool
    var notes: String
    /// The official number of games, checked after linking.
    var expectedGames: Int
    /// Whether the source flags neutral sites itself (ESPN, nhl-sim); otherwise the linker finds
    /// them from where each club plays its home games.
    var statesNeutralSites: Bool

    init(
        sport: String, season: String, teams: [TeamEntry], entries: [FeedGame], sources: [SourceReference],
        complete: Bool, notes: String, expectedGames: Int, statesNeutralSites: Bool = false
    ) {
        self.sport = sport
        self.season = season
        self.teams = teams
        self.entries = entries.map { game in
            var game = game
            game.league = sport
            game.season = season
            return game
        }
        self.sources = sources
        self.complete = complete
        self.notes = notes
        self.expectedGames = expectedGames
        self.statesNeutralSites = statesNeutralSites
    }

    /// `2025` for "2025-26": the year game ids were numbered by.
    var startYear: String { String(season.prefix(4)) }
}
