import Foundation

/// Cold-process timings of `trips games` against the `sqlite3` shell running the equivalent
/// join on the same store file (target ≤ 5×), the first run's bundle import, and peak RSS.
enum CLIBench {
    static let join = """
        SELECT g.start_ms, a.abbreviation, h.abbreviation, s.name, s.city, s.state, s.time_zone
        FROM games g JOIN teams h ON h.id = g.home_team_id JOIN teams a ON a.id = g.away_team_id
        LEFT JOIN stadiums s ON s.id = g.stadium_id
        WHERE (g.home_team_id = 'team_mlb_hou' OR g.away_team_id = 'team_mlb_hou') AND g.sport = 'mlb'
          AND g.season = '2026' AND g.deprecated_at_ms IS NULL
        ORDER BY g.start_ms;
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
        let ratio = cold.seconds / sqlite.seconds
        let status = try ChildProcess.median(
            trips, ["--store", store, "sync", "status"], runs: 31, environment: environment)
        return [
            BenchRow(
                name: "trips games --sport mlb --team HOU (cold process)", median: cold.seconds, unit: "ms",
                target: "≤ 5× sqlite3",
                note: String(format: "%.2f× sqlite3", ratio)),
            BenchRow(name: "sqlite3 CLI, equivalent join, same store", median: sqlite.seconds, unit: "ms"),
            BenchRow(
                name: "trips sync status (cold process)", median: status.seconds, unit: "ms",
                target: "≤ 1.2× games", note: String(format: "%.2f× trips games", status.seconds / cold.seconds)),
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
