/// Everything one schedule source says about a league-season, normalised: what each league
/// reader produces and what the linker consumes.
struct LeagueSeason: Sendable {
    var sport: String
    /// "2026" or "2025-26".
    var season: String
    var teams: [TeamEntry]
    var entries: [SourceGame]
    var sources: [SourceReference]
    /// Whether every game of the regular season is present.
    var complete: Bool
    var notes: String
    /// The official number of games, checked after linking.
    var expectedGames: Int

    /// `2025` for "2025-26": the year game ids are numbered by.
    var startYear: String { String(season.prefix(4)) }
}
