import FoundationEssentials
import SQLite
import TripsModel

/// The store's answers to `CoverageCheck`, cheapest first: a league's spelling from one row,
/// game counts per season over the `(sport, start_ms)` index for the season's months only (so a
/// store of ten seasons answers as fast), and a league's days only for a season not complete.
public final class StoreCoverageReading: SeasonCoverageReading {
    let provider: DataProvider
    /// The bundle's manifest, read on first need (a season not loaded needs none).
    private let loadManifest: () -> BundleManifest?
    private var manifest: BundleManifest??
    private var leagues: [String: [SeasonCoverage]] = [:]

    public init(provider: DataProvider, manifest: @escaping () -> BundleManifest?) {
        self.provider = provider
        loadManifest = manifest
    }

    public func spellsSplitYears(_ sport: String) throws -> Bool? {
        try provider.database.row(
            "SELECT season FROM games WHERE sport = ? AND deprecated_at_ms IS NULL LIMIT 1", [.text(sport)]
        ) { $0.string(0).contains("-") }
    }

    public func gamesBySeason(_ sport: String, from: CalendarDay, to: CalendarDay) throws -> [String: SeasonGames] {
        let start = Int64(from.dayNumber) * 86_400_000
        let end = Int64(to.dayNumber + 1) * 86_400_000
        let rows = try provider.database.rows(
            """
            SELECT season, count(*), sum(season_type = 'postseason'), max(start_ms) FROM games
            WHERE sport = ? AND start_ms >= ? AND start_ms < ? AND deprecated_at_ms IS NULL GROUP BY season
            """, [.text(sport), .int(start), .int(end)]
        ) { row in
            let last = CalendarDay(dayNumber: Int(floorDiv(row.int64(3), 86_400_000)))
            return (row.string(0), SeasonGames(games: row.int(1), postseason: row.int(2), lastUTCDay: last))
        }
        return Dictionary(rows, uniquingKeysWith: { first, _ in first })
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
        if manifest == nil { manifest = .some(loadManifest()) }
        return manifest??.fullSeasonGames(sport: sport, season: season)
    }

    public func seasons(_ sport: String) throws -> [SeasonCoverage] {
        if let known = leagues[sport] { return known }
        if manifest == nil { manifest = .some(loadManifest()) }
        let read = try provider.seasonCoverage(sports: [sport], manifest: manifest ?? nil)
        leagues[sport] = read
        return read
    }
}
