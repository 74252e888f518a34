import FoundationEssentials
import SQLite
import TripsModel

/// One season of one sport as the store holds it: how many live games, the venue-local days of
/// its first and last game, and how many of its games the cloud changed after the bundled
/// snapshot. `trips seasons` lists these; an empty `trips games` names them.
public struct LoadedSeason: Sendable, Hashable {
    public var sport: String
    /// As stored: "2026", "2025-26".
    public var season: String
    public var games: Int
    public var firstDay: CalendarDay
    public var lastDay: CalendarDay
    /// Games written or changed by `trips sync` (modified after the bundle's watermark).
    public var syncedGames: Int
}

extension DataProvider {
    /// Every loaded season of `sports` (nil: all), by sport then season.
    public func loadedSeasons(sports: Set<String>? = nil) throws -> [LoadedSeason] {
        let bundleMark = try store.info(CanonicalStore.bundleWatermarkKey(.game)).flatMap(Int64.init) ?? 0
        let rows = try database.rows(
            """
            SELECT sport, season, count(*), min(start_ms), max(start_ms), sum(modified_ms > ?)
            FROM games WHERE deprecated_at_ms IS NULL GROUP BY sport, season ORDER BY sport, season
            """, [.int(bundleMark)]
        ) { ($0.string(0), $0.string(1), $0.int(2), $0.int64(3), $0.int64(4), $0.int(5)) }
        return try rows.filter { sports?.contains($0.0) ?? true }.map { sport, season, games, first, last, synced in
            LoadedSeason(
                sport: sport, season: season, games: games, firstDay: try localDay(sport: sport, startMs: first),
                lastDay: try localDay(sport: sport, startMs: last), syncedGames: synced)
        }
    }

    /// The venue-local day of the game of `sport` starting at `startMs`.
    func localDay(sport: String, startMs: Int64) throws -> CalendarDay {
        let start = Date(timeIntervalSince1970: Double(startMs) / 1000)
        let game = try games(GameQuery(sports: [sport], from: start, to: start.addingTimeInterval(0.001), limit: 1))
            .first
        return try game.map(localDay(of:)) ?? CalendarDay(start, in: .utc)
    }
}
