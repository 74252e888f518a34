import Digest
import Foundation
import HTTPServer

/// Suite `feeds`: `trips sync` from the leagues' feeds, a cold process against a local server
/// (this process) that answers the league's own paths with the recorded responses in
/// `../shared/data/feeds`, with ETags (so a second sync is answered 304).
/// - A whole MLB season (2025 as played, 2,462 games) into a fresh `TRIPS_HOME`: target ≤ 1.5 s.
/// - Every league's default seasons, cold: target ≤ 6 s. WNBA has no recording and is left out;
///   NHL's weekly walk (44 requests) is answered with its one recorded 2026-27 week throughout.
/// - The same again with nothing changed (every request 304): target ≤ 0.5 s.
/// Each fresh `TRIPS_HOME` imports the bundle on its first command; that is timed apart.
enum FeedsBench {
    static func run(_ context: BenchContext) throws -> [BenchRow] {
        let feeds = context.root.deletingLastPathComponent().appendingPathComponent("shared/data/feeds")
        let server = try HTTPServer()
        server.start(handler: try RecordedFeeds(root: feeds))
        defer { server.stop() }
        let trips = context.binaries.appendingPathComponent("trips").path
        var home = 0
        func freshHome() throws -> [String: String] {
            home += 1
            var environment = ProcessInfo.processInfo.environment
            environment["TRIPS_HOME"] = context.scratch.appendingPathComponent("feeds-\(home)").path
            environment["TRIPS_FEEDS_URL"] = "http://127.0.0.1:\(server.port)"
            environment["TRIPS_NOW"] = "2026-12-02T18:00:00Z"
            environment["NO_COLOR"] = "1"
            try check(ChildProcess.run(trips, ["seasons"], environment: environment), "trips seasons")
            return environment
        }
        let leagues = ["sync", "--sport", "mlb,nba,nhl,nfl,mls"]

        var mlb: [Double] = []
        var cold: [Double] = []
        var unchanged: [Double] = []
        for _ in 0..<5 {
            let environment = try freshHome()
            let run = try ChildProcess.run(
                trips, ["sync", "--sport", "mlb", "--season", "2025"], environment: environment)
            mlb.append(try check(run, "trips sync --sport mlb --season 2025").seconds)
        }
        for _ in 0..<5 {
            let environment = try freshHome()
            cold.append(try check(ChildProcess.run(trips, leagues, environment: environment), "trips sync").seconds)
            let again = try ChildProcess.run(trips, leagues, environment: environment)
            unchanged.append(try check(again, "a second trips sync").seconds)
        }
        let first = try medianSeconds(runs: 3, warmup: 0) {
            var environment = ProcessInfo.processInfo.environment
            home += 1
            environment["TRIPS_HOME"] = context.scratch.appendingPathComponent("feeds-\(home)").path
            try check(ChildProcess.run(trips, ["seasons"], environment: environment), "trips seasons")
        }
        return [
            BenchRow(
                name: "feeds: MLB 2025 season, fresh home", median: median(mlb), unit: "s", target: "≤ 1.5 s",
                note: "3.2 MB, 2,462 games, cold process"),
            BenchRow(
                name: "feeds: default seasons, 5 leagues", median: median(cold), unit: "s", target: "≤ 6 s",
                note: "every request of their seasons, cold process"),
            BenchRow(
                name: "feeds: no-change sync, 5 leagues", median: median(unchanged), unit: "s", target: "≤ 0.5 s",
                note: "every request 304"),
            BenchRow(
                name: "  (a fresh home's bundle import)", median: first, unit: "s",
                note: "before each run above, untimed"),
        ]
    }

    private static func median(_ samples: [Double]) -> Double { samples.sorted()[samples.count / 2] }

    @discardableResult
    private static func check(_ run: ChildProcess.Run, _ what: String) throws -> ChildProcess.Run {
        guard run.status == 0 else { throw BenchError("\(what) exited \(run.status)") }
        return run
    }
}

/// The leagues' own paths answered with recorded responses, conditionally (ETag).
private struct RecordedFeeds: RequestHandler {
    let files: [String: (body: Data, etag: String)]

    init(root: URL) throws {
        var files: [String: (Data, String)] = [:]
        for (key, file) in [
            "mlb": "mlb/mlb_schedule_2025.json",
            "nba": "nba/scheduleLeagueV2_2024-25_as_released_2024-08-16.json",
            "nhl": "nhl/schedule_week_2026-10-01_20262027_TRANSCRIBED.json",
            "nfl": "espn/ha-teamtracker_nfl.json", "mls": "espn/ha-teamtracker_mls.json",
        ] {
            let body = try Data(contentsOf: root.appendingPathComponent(file))
            var digest = SHA256()
            digest.update(body)
            files[key] = (body, "\"" + SHA256.hex(digest.finalize()).prefix(16) + "\"")
        }
        self.files = files
    }

    func handle(_ request: ServerRequest) -> ServerResponse {
        let path = request.path
        let key: String? =
            if path == "/api/v1/schedule" { "mlb" } else if path == "/static/json/staticData/scheduleLeagueV2.json" {
                "nba"
            } else if path.hasPrefix("/v1/schedule/") { "nhl" } else if path.hasSuffix("/football/nfl/scoreboard") {
                "nfl"
            } else if path.hasSuffix("/soccer/usa.1/scoreboard") { "mls" } else { nil }
        guard let key, let file = files[key] else { return .text(404, "no recording") }
        if request.headers["if-none-match"] == file.etag {
            var response = ServerResponse(status: 304, body: Data())
            response.headers = [("ETag", file.etag)]
            return response
        }
        var response = ServerResponse(status: 200, body: file.body)
        response.headers = [("ETag", file.etag)]
        return response
    }

    func reject(status: Int, reason: String) -> ServerResponse { .text(status, reason) }
}
