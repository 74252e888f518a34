import ArgumentParsing

/// The values `trips` lists from its store when a shell asks (`trips __complete`): options
/// declare them with `.completing(.dynamic(.team))`, `DataCompletion` looks them up.
extension DynamicValues {
    /// Sport ids: `mlb`, `nba` (comma lists are completed piece by piece).
    static let sport = DynamicValues("sport")
    /// Team codes, nicknames and names: `HOU`, `Astros`, `Houston Astros`.
    static let team = DynamicValues("team")
    /// Venue names: `Wrigley Field`.
    static let stadium = DynamicValues("stadium")
    /// Seasons in the store: `2026`, `2025-26`.
    static let season = DynamicValues("season")
    /// Places `--near` and `--start` read: venue names, then towns ("Chicago, IL"), biggest first.
    static let place = DynamicValues("place")
    /// Saved trips' names (`trips saved show Texas<TAB>`).
    static let savedTrip = DynamicValues("saved-trip")
    /// A league's divisions and conferences by short name: `Atlantic`, `AFC East`; `East`, `AL`.
    static let division = DynamicValues("division")
    static let conference = DynamicValues("conference")
}
