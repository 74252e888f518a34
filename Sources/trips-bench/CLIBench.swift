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
            firstRSS = max(firstRSS, r.maxRSSKilobytes)
        }
        let store = context.scratch.appendingPathComponent("first-0.sqlite").path
        let cold = try ChildProcess.median(trips, ["--store", store] + query, runs: 31, environment: environment)
        let sqlite = try ChildProcess.median("sqlite3", [store, join], runs: 31, environment: environment)
        let status = try ChildProcess.median(
            trips, ["--store", store, "sync", "status"], runs: 31, environment: environment)
        let json = try ChildProcess.median(
            trips, ["--store", store] + query + ["--format", "json"], runs: 31, environment: environment)
        let teams = try ChildProcess.median(
            trips, ["--store", store, "teams", "--sport", "mlb"], runs: 31, environment: environment)
        let teamsSQLite = try ChildProcess.median("sqlite3", [store, teamsJoin], runs: 31, environment: environment)
        let complete = try ChildProcess.median(
            trips, ["--store", store, "__complete", "games", "--team", "HO"], runs: 31, environment: environment)
        let size = (try FileManager.default.attributesOfItem(atPath: trips)[.size] as? Int) ?? 0
        func versus(_ measured: Double, _ base: Double, _ what: String) -> String {
            String(format: "%.2f× %@", measured / base, what)
        }
        return [
            BenchRow(
                name: "trips games --sport mlb --team HOU (cold process)", median: cold.seconds, unit: "ms",
                target: "≤ 5× sqlite3",
                note: versus(cold.seconds, sqlite.seconds, "sqlite3")),
            BenchRow(name: "sqlite3 CLI, equivalent join, same store", median: sqlite.seconds, unit: "ms"),
            BenchRow(
                name: "trips games … --format json (cold process)", median: json.seconds, unit: "ms",
                target: "≤ 2.5× sqlite3", note: versus(json.seconds, sqlite.seconds, "sqlite3")),
            BenchRow(
                name: "trips teams --sport mlb (cold process)", median: teams.seconds, unit: "ms",
                target: "≤ 1.5× sqlite3", note: versus(teams.seconds, teamsSQLite.seconds, "sqlite3")),
            BenchRow(name: "sqlite3 CLI, teams join, same store", median: teamsSQLite.seconds, unit: "ms"),
            BenchRow(
                name: "trips __complete games --team HO (cold process)", median: complete.seconds, unit: "ms",
                target: "≤ 1.5× sqlite3", note: versus(complete.seconds, teamsSQLite.seconds, "sqlite3 teams")),
            BenchRow(
                name: "trips binary size", median: Double(size) / 1_048_576, unit: "MB", target: "≤ 25 MB"),
            BenchRow(
                name: "trips sync status (cold process)", median: status.seconds, unit: "ms",
                target: "≤ 1.2× games", note: versus(status.seconds, cold.seconds, "trips games")),
            BenchRow(
                name: "first run (new store, bundle import + query)", median: firstRuns.sorted()[2], unit: "ms",
                note: "import alone: see 'bundle import'"),
            BenchRow(
                name: "peak RSS, trips games", median: Double(cold.maxRSSKilobytes) / 1024, unit: "MB",
                target: "≤ 40 MB"),
            BenchRow(
                name: "peak RSS, first run with import", median: Double(firstRSS) / 1024, unit: "MB", target: "≤ 40 MB"),
        ]
    }
}
