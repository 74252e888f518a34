/// What `CoverageCheck` reads of a store, from the cheapest question up, so that a command
/// whose seasons are loaded and complete reads a count per season and no game's day.
public protocol SeasonCoverageReading {
    /// Whether the league's loaded seasons are spelt "2026-27" (true) or "2026"; nil when none
    /// is loaded.
    func spellsSplitYears(_ sport: String) throws -> Bool?
    /// Live games of `season` of `sport`; nil when none is loaded.
    func games(_ sport: String, season: String) throws -> SeasonGames?
    /// The venue-local day of the season's last game.
    func lastDay(_ sport: String, season: String) throws -> CalendarDay?
    /// Games in a full season of the league, when known.
    func expectedGames(_ sport: String, season: String) -> Int?
    /// Every loaded season of the league with its days and gaps: read only for a season not
    /// known to be complete.
    func seasons(_ sport: String) throws -> [SeasonCoverage]
}

/// Seasons already judged (`trips seasons`, tests) answer as a store would.
extension Array: SeasonCoverageReading where Element == SeasonCoverage {
    public func spellsSplitYears(_ sport: String) -> Bool? {
        let own = filter { $0.sport == sport }
        return own.isEmpty ? nil : own.contains { $0.season.contains("-") }
    }

    public func games(_ sport: String, season: String) -> SeasonGames? {
        first { $0.sport == sport && $0.season == season }.map {
            SeasonGames(games: $0.games, postseason: $0.postseasonGames, lastUTCDay: $0.lastDay)
        }
    }

    public func lastDay(_ sport: String, season: String) -> CalendarDay? {
        first { $0.sport == sport && $0.season == season }?.lastDay
    }

    public func expectedGames(_ sport: String, season: String) -> Int? {
        first { $0.sport == sport && $0.season == season }?.expectedGames
    }

    public func seasons(_ sport: String) -> [SeasonCoverage] { filter { $0.sport == sport } }
}
