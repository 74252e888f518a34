import CloudKitWeb
import Foundation
import TripsModel
import TripsPlanner
import TripsRecords
import TripsZones

/// `planner` suite: exact best-3 itineraries over every bundled league, starting near Chicago,
/// for a 7-day, a 30-day and a whole-season window. Reads `Data/records/*.json` directly
/// (whatever leagues are bundled), so it measures the planner alone, not the store.
enum PlannerBench {
    static let chicago = PlanPlace(
        name: "Chicago", coordinate: Coordinate(latitude: 41.8781, longitude: -87.6298), timeZone: "America/Chicago")

    static let windows: [(name: String, from: CalendarDay, to: CalendarDay, target: String)] = [
        (
            "planner 7-day window", CalendarDay(year: 2026, month: 6, day: 1),
            CalendarDay(year: 2026, month: 6, day: 7), "≤ 20 ms"
        ),
        (
            "planner 30-day window", CalendarDay(year: 2026, month: 6, day: 1),
            CalendarDay(year: 2026, month: 6, day: 30), "≤ 2 s, proven"
        ),
        (
            "planner whole season", CalendarDay(year: 2026, month: 3, day: 25),
            CalendarDay(year: 2026, month: 9, day: 27), "≤ 10 s"
        ),
    ]

    static func run(_ context: BenchContext) throws -> [BenchRow] {
        let (sports, games) = try load(context.dataDirectory.appendingPathComponent("records"))
        let planner = TripPlanner(sports: sports, zones: { ZoneDatabase.system.zone($0) })
        return try windows.map { window in
            let request = PlanRequest(from: window.from, to: window.to, start: chicago)
            var result: PlanResult?
            let seconds = try medianSeconds(runs: 5) { result = try planner.plan(request, games: games) }
            let stats = result?.statistics ?? PlanStatistics()
            let best =
                result?.itineraries.first.map { "best \($0.totals.games) games/\($0.totals.distinctStadiums) stadiums" }
                ?? "no trip"
            let note =
                "\(stats.gamesConsidered) games, \(stats.edges) edges, \(stats.statesExpanded) states, \(best)"
                + (result.map(limitNote) ?? "")
            return BenchRow(name: window.name, median: seconds, unit: "ms", target: window.target, note: note)
        }
    }

    /// Whether the ranking is exact, and what is proven when the search limit stopped it.
    static func limitNote(_ result: PlanResult) -> String {
        if result.isExhaustive { return ", exact" }
        if result.bestIsProven { return ", option 1 proven best (search limit reached for the others)" }
        var proven: [String] = []
        if let most = result.mostGames { proven.append("most games \(most)") }
        if let venues = result.mostVenues { proven.append("venues ≤ \(venues)") }
        return ", search limit reached" + (proven.isEmpty ? "" : " (proven: \(proven.joined(separator: ", ")))")
    }

    /// Sports and every game with its teams and stadium resolved; undecodable records are skipped.
    static func load(_ folder: URL) throws -> ([Sport], [RichGame]) {
        var sports: [Sport] = []
        var teams: [String: Team] = [:]
        var stadiums: [String: Stadium] = [:]
        var games: [Game] = []
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }
        for file in files {
            let list = try JSONDecoder().decode(RecordList.self, from: Data(contentsOf: file))
            for record in list.records {
                guard let canonical = try? CanonicalRecord(record: record), !canonical.meta.isDeprecated else {
                    continue
                }
                switch canonical.entity {
                case .sport(let sport): sports.append(sport)
                case .team(let team): teams[team.id] = team
                case .stadium(let stadium): stadiums[stadium.id] = stadium
                case .game(let game): games.append(game)
                default: continue
                }
            }
        }
        let rich = games.compactMap { game -> RichGame? in
            guard let home = teams[game.homeTeamId], let away = teams[game.awayTeamId],
                let stadium = game.stadiumId.flatMap({ stadiums[$0] })
            else { return nil }
            return RichGame(game: game, homeTeam: home, awayTeam: away, stadium: stadium)
        }
        return (sports, rich)
    }
}
