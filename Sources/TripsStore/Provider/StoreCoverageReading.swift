import FoundationEssentials
import SQLite
import TripsModel

/// The store's answers to `CoverageCheck`, cheapest first: a league's spelling from one row,
/// a season's count from the `games_live_season` index (so a store of ten seasons answers as
/// fast), the bundle's season sizes from one row, and a league's days only for a season not
/// complete.
public final class StoreCoverageReading: SeasonCoverageReading {
    let provider: DataProvider
    /// The bundle's season sizes, read on first need (a season not loaded needs none).
    private let loadSizes: () -> BundleSeasonSizes?
    private var sizes: BundleSeasonSizes??
    private var leagues: [String: [SeasonCoverage]] = [:]

    public init(provider: DataProvider, sizes: @escaping () -> BundleSeasonSizes?) {
        self.provider = provider
        loadSizes = sizes
    }

    public func spellsSplitYears(_ sport: String) throws -> Bool? {
        try provider.database.row(
            "SELECT season FROM games WHERE sport = ? AND deprecated_at_ms IS NULL LIMIT 1", [.text(sport)]
        ) { $0.string(0).contains("-") }
    }

    /// One season's count over the index `games_live_season` (schema 011): no row of the
    /// table is read, no grouping, and the last start of each season type is one seek.
    public func games(_ sport: String, season: String) throws -> SeasonGames? {
        let live = "FROM games WHERE sport = ?1 AND season = ?2 AND deprecated_at_ms IS NULL"
        // One seek per type; the aggregate max skips a type with no games (NULL).
        let lastOfEachType = Game.SeasonType.allCases.map {
            "SELECT (SELECT max(start_ms) \(live) AND season_type = '\($0.rawValue)') AS last"
        }
        return try provider.database.row(
            """
            SELECT (SELECT count(*) \(live)), (SELECT count(*) \(live) AND season_type = 'postseason'),
                (SELECT max(last) FROM (\(lastOfEachType.joined(separator: " UNION ALL "))))
            """, [.text(sport), .text(season)]
        ) { row in
            guard row.int(0) > 0, let last = row.optionalInt64(2) else { return nil }
            return SeasonGames(
                games: row.int(0), postseason: row.int(1),
                lastUTCDay: CalendarDay(dayNumber: Int(floorDiv(last, 86_400_000))))
        } ?? nil
    }

    public func lastDay(_ sport: String, season: String) throws -> CalendarDay? {
        guard
            let last = try provider.database.row(
                """
                SELECT max(start_ms) FROM games WHERE sport = ? AND season = ? AND deprecated_at_ms IS NULL
                """, [.text(sport), .text(season)], { $0.optionalInt64(0) }) ?? nil
        else { return nil }
        return try provider.localDay(sport: sport, startMs: last)
    }

    public func expectedGames(_ sport: String, season: String) -> Int? {
        if sizes == nil { sizes = .some(loadSizes()) }
        return sizes??.fullSeasonGames(sport: sport, season: season)
    }

    public func seasons(_ sport: String) throws -> [SeasonCoverage] {
        if let known = leagues[sport] { return known }
        if sizes == nil { sizes = .some(loadSizes()) }
        let read = try provider.seasonCoverage(sports: [sport], sizes: sizes ?? nil)
        leagues[sport] = read
        return read
    }
}
