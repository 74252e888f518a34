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

    /// Other starts and months for 30-day windows: "any sports, any start" is checked on six.
    static let starts: [(place: PlanPlace, month: Int)] = [
        (
            PlanPlace(
                name: "New York", coordinate: Coordinate(latitude: 40.7128, longitude: -74.006),
                timeZone: "America/New_York"), 4
        ),
        (
            PlanPlace(
                name: "Los Angeles", coordinate: Coordinate(latitude: 34.0522, longitude: -118.2437),
                timeZone: "America/Los_Angeles"), 5
        ),
        (
            PlanPlace(
                name: "Atlanta", coordinate: Coordinate(latitude: 33.749, longitude: -84.388),
                timeZone: "America/New_York"), 6
        ),
        (
            PlanPlace(
                name: "Seattle", coordinate: Coordinate(latitude: 47.6062, longitude: -122.3321),
                timeZone: "America/Los_Angeles"), 7
        ),
        (
            PlanPlace(
                name: "Denver", coordinate: Coordinate(latitude: 39.7392, longitude: -104.9903),
                timeZone: "America/Denver"), 8
        ),
        (chicago, 9),
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
        } + [try otherStarts(planner: planner, games: games)]
    }

    /// The slowest of six more 30-day windows (one run each), and how many were proven exact.
    static func otherStarts(planner: TripPlanner, games: [RichGame]) throws -> BenchRow {
        var slowest = 0.0
        var slowestName = ""
        var exact = 0
        for (place, month) in starts {
            let request = PlanRequest(
                from: CalendarDay(year: 2026, month: month, day: 1), to: CalendarDay(year: 2026, month: month, day: 30),
                start: place)
            var result: PlanResult?
            let seconds = try medianSeconds(runs: 1) { result = try planner.plan(request, games: games) }
            if result?.isExhaustive == true { exact += 1 }
            if seconds > slowest {
                slowest = seconds
                slowestName = "\(place.name), month \(month)"
            }
        }
        return BenchRow(
            name: "planner 30-day windows, 6 more starts (slowest)", median: slowest, unit: "ms",
            target: "≤ 2 s, proven",
            note: "\(exact) of \(starts.count) exact; slowest \(slowestName)")
    }

    /// Whether the ranking is exact, and what is proven when the search limit stopped it.
    static func limitNote(_ result: PlanResult) -> String {
        if result.isExhaustive { return ", exact" }
        if result.bestIsProven { return ", option 1 proven best (search limit reached for the others)" }
        var proven: [String] = []
        if let most = result.mostGames { proven.append("most games \(most)") }
        if let venues = result.mostVenues {
            if let found = result.itineraries.first?.totals, found.distinctStadiums == venues {
                let miles =
                    result.milesBound.map {
                        String(format: "its miles %.0f ≥ %.0f proven", found.miles, $0)
                            + String(format: ", gap %.1f %%", max(0, (found.miles - $0) / found.miles * 100))
                    } ?? "its miles the best found"
                proven.append("most venues \(venues), option 1's (venue gap 0 %; \(miles))")
            } else {
                proven.append("venues ≤ \(venues)")
                if let found = result.itineraries.first?.totals.distinctStadiums, venues > 0 {
                    proven.append(String(format: "venue gap %.1f %%", Double(venues - found) / Double(venues) * 100))
                }
            }
        }
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
