import Foundation

/// Cold-process timings against the `sqlite3` shell running the equivalent query on the same
/// store file: `trips games` (table and JSON), `trips teams`, `trips __complete`; `trips sync
/// status` next to `trips games`; the first run's bundle import; peak RSS; the binary's size.
enum CLIBench {
    static let join = """
        SELECT g.start_ms, a.abbreviation, h.abbreviation, s.name, s.city, s.state, s.time_zone
        FROM games g JOIN teams h ON h.id = g.home_team_id JOIN teams a ON a.id = g.away_team_id
        LEFT JOIN stadiums s ON s.id = g.stadium_id
        WHERE (g.home_team_id = 'team_mlb_hou' OR g.away_team_id = 'team_mlb_hou') AND g.sport = 'mlb'
          AND g.season = '2026' AND g.deprecated_at_ms IS NULL
        ORDER BY g.start_ms;
        """

    /// `trips teams --sport mlb`'s query: teams with their league structure and home venue.
    static let teamsJoin = """
        SELECT t.abbreviation, t.name, l.name, c.name, d.name, s.name
        FROM teams t LEFT JOIN league_structures l ON l.id = t.league_id
        LEFT JOIN league_structures c ON c.id = t.conference_id
        LEFT JOIN league_structures d ON d.id = t.division_id LEFT JOIN stadiums s ON s.id = t.stadium_id
        WHERE t.sport = 'mlb' AND t.deprecated_at_ms IS NULL ORDER BY t.abbreviation;
        """

    /// Ten more seasons of every league in a copy of a bootstrapped store: each bundled game again
    /// 2, 4, … 20 years earlier (whole weeks, so weekdays hold), its season renamed to match
    /// (`2026` → `2024`, `2025-26` → `2023-24`). The store the ten-season rows measure.
    static let tenSeasons = """
        WITH RECURSIVE k(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM k WHERE n < 10)
        INSERT INTO games (id, sport, season, start_ms, time_tbd, home_team_id, away_team_id, stadium_id,
            game_number, status, is_neutral_site, season_type, change_tag, modified_ms, schema_version,
            deprecated_at_ms, deprecation_reason, resumed_ms)
        SELECT g.id || '-past' || k.n, g.sport,
            CASE WHEN length(g.season) = 4 THEN CAST(CAST(g.season AS INTEGER) - 2 * k.n AS TEXT)
            ELSE CAST(CAST(substr(g.season, 1, 4) AS INTEGER) - 2 * k.n AS TEXT) || '-'
                || substr('0' || CAST((CAST(substr(g.season, 6, 2) AS INTEGER) + 100 - 2 * k.n) % 100 AS TEXT), -2)
            END,
            g.start_ms - CAST(round(2 * k.n * 365.2425 / 7.0) AS INTEGER) * 7 * 86400000, g.time_tbd,
            g.home_team_id, g.away_team_id, g.stadium_id, g.game_number, g.status, g.is_neutral_site, g.season_type,
            g.change_tag, g.modified_ms, g.schema_version, g.deprecated_at_ms, g.deprecation_reason,
            CASE WHEN g.resumed_ms IS NULL THEN NULL
                ELSE g.resumed_ms - CAST(round(2 * k.n * 365.2425 / 7.0) AS INTEGER) * 7 * 86400000 END
        FROM games g, k;
        PRAGMA wal_checkpoint(TRUNCATE);
        SELECT count(*) FROM games;
        """

    static func run(_ context: BenchContext) throws -> [BenchRow] {
        let trips = context.binaries.appendingPathComponent("trips").path
        let environment = ProcessInfo.processInfo.environment.merging(
            ["TRIPS_DATA": context.dataDirectory.path, "NO_COLOR": "1"]) { _, new in new }
        let query = ["games", "--sport", "mlb", "--team", "HOU", "--season", "2026"]

        // First run on a new store: bundle import included.
        var firstRuns: [Double] = []
        var firstRSS = 0
        for i in 0..<5 {
            let store = context.scratch.appendingPathComponent("first-\(i).sqlite").path
            let r = try ChildProcess.run(trips, ["--store", store] + query, environment: environment)
            guard r.status == 0 else { throw BenchError("trips exited \(r.status) on first run") }
            firstRuns.append(r.seconds)
            let rssStore = context.scratch.appendingPathComponent("first-rss-\(i).sqlite").path
            firstRSS = max(
                firstRSS,
                try ChildProcess.peakRSSKilobytes(trips, ["--store", rssStore] + query, environment: environment))
        }
        let store = context.scratch.appendingPathComponent("first-0.sqlite").path
        let rss =
            try (0..<5).map { _ in
                try ChildProcess.peakRSSKilobytes(trips, ["--store", store] + query, environment: environment)
            }.max() ?? 0
        // In turns, so each ratio to sqlite3 compares runs made at the same moments.
        let medians = try ChildProcess.interleavedMedians(
            [
                (trips, ["--store", store] + query), ("sqlite3", [store, join]),
                (trips, ["--store", store, "sync", "status"]),
                (trips, ["--store", store] + query + ["--format", "json"]),
                (trips, ["--store", store, "teams", "--sport", "mlb"]), ("sqlite3", [store, teamsJoin]),
                (trips, ["--store", store, "__complete", "games", "--team", "HO"]),
            ], runs: 31, environment: environment)
        let (cold, sqlite, status, json) = (medians[0], medians[1], medians[2], medians[3])
        let (teams, teamsSQLite, complete) = (medians[4], medians[5], medians[6])
        let size = (try FileManager.default.attributesOfItem(atPath: trips)[.size] as? Int) ?? 0

        // The same commands on a store with ten more seasons: start-up must not grow with it.
        // Measured in turns with the big store's runs, so the ratios compare like with like.
        let big = context.scratch.appendingPathComponent("ten-seasons.sqlite").path
        try FileManager.default.copyItem(atPath: store, toPath: big)
        let games = try ChildProcess.output("sqlite3", [big, tenSeasons], environment: environment)
        let sizes = try ChildProcess.interleavedMedians(
            [
                (trips, ["--store", store] + query), (trips, ["--store", store, "teams", "--sport", "mlb"]),
                (trips, ["--store", big, "teams", "--sport", "mlb"]), (trips, ["--store", big] + query),
            ], runs: 31, environment: environment)
        let (season, shippedTeams, bigTeams, bigSeason) = (sizes[0], sizes[1], sizes[2], sizes[3])
        func percent(_ measured: Double, _ base: Double) -> String {
            String(format: "%.2f× the shipped store's", measured / base)
        }
        func versus(_ measured: Double, _ base: Double, _ what: String) -> String {
            String(format: "%.2f× %@", measured / base, what)
        }
        return [
            BenchRow(
                name: "trips games --sport mlb --team HOU (cold process)", median: cold, unit: "ms",
                target: "≤ 2× sqlite3",
                note: versus(cold, sqlite, "sqlite3")),
            BenchRow(name: "sqlite3 CLI, equivalent join, same store", median: sqlite, unit: "ms"),
            BenchRow(
                name: "trips games … --format json (cold process)", median: json, unit: "ms",
                target: "≤ 2.5× sqlite3", note: versus(json, sqlite, "sqlite3")),
            BenchRow(
                name: "trips teams --sport mlb (cold process)", median: teams, unit: "ms",
                target: "≤ 1.5× sqlite3", note: versus(teams, teamsSQLite, "sqlite3")),
            BenchRow(name: "sqlite3 CLI, teams join, same store", median: teamsSQLite, unit: "ms"),
            BenchRow(
                name: "trips __complete games --team HO (cold process)", median: complete, unit: "ms",
                target: "≤ 1.5× sqlite3", note: versus(complete, teamsSQLite, "sqlite3 teams")),
            BenchRow(
                name: "trips binary size", median: Double(size) / 1_048_576, unit: "MB", target: "≤ 25 MB"),
            BenchRow(
                name: "ten-season store: games",
                median: games.split(separator: "\n").last.flatMap { Double($0) } ?? 0, unit: "games",
                target: "≥ 100000"),
            BenchRow(
                name: "ten-season store: trips teams --sport mlb", median: bigTeams, unit: "ms",
                target: "≤ 1.10×", note: percent(bigTeams, shippedTeams)),
            BenchRow(
                name: "ten-season store: trips games … --season 2026", median: bigSeason, unit: "ms",
                target: "≤ 1.20×", note: percent(bigSeason, season)),
            BenchRow(
                name: "trips sync status (cold process)", median: status, unit: "ms",
                target: "≤ 1.2× games", note: versus(status, cold, "trips games")),
            BenchRow(
                name: "first run (new store, bundle import + query)", median: firstRuns.sorted()[2], unit: "ms",
                note: "import alone: see 'bundle import'"),
            BenchRow(
                name: "peak RSS, trips games", median: Double(rss) / 1024, unit: "MB",
                target: "≤ 12 MB"),
            BenchRow(
                name: "peak RSS, first run with import", median: Double(firstRSS) / 1024, unit: "MB", target: "≤ 40 MB"),
        ]
    }
}
