import Foundation
import TripsModel
import TripsPlanner
import TripsZones

/// `seasons` suite: the whole 2026 season (every bundled league) planned from ten start cities,
/// one run each, with what each proves: the most games, the most venues of trips that see them
/// (`TripSweep`), and how far option 1's miles may be from the fewest such a trip can drive.
enum SeasonBench {
    static let from = CalendarDay(year: 2026, month: 3, day: 25)
    static let to = CalendarDay(year: 2026, month: 9, day: 27)

    static let starts: [PlanPlace] = [
        PlannerBench.chicago,
        place("Seattle", 47.6062, -122.3321, "America/Los_Angeles"),
        place("Miami", 25.7617, -80.1918, "America/New_York"),
        place("Denver", 39.7392, -104.9903, "America/Denver"),
        place("Boston", 42.3601, -71.0589, "America/New_York"),
        place("New York", 40.7128, -74.006, "America/New_York"),
        place("Los Angeles", 34.0522, -118.2437, "America/Los_Angeles"),
        place("Atlanta", 33.749, -84.388, "America/New_York"),
        place("Dallas", 32.7767, -96.797, "America/Chicago"),
        place("Minneapolis", 44.9778, -93.265, "America/Chicago"),
    ]

    static func place(_ name: String, _ latitude: Double, _ longitude: Double, _ zone: String) -> PlanPlace {
        PlanPlace(name: name, coordinate: Coordinate(latitude: latitude, longitude: longitude), timeZone: zone)
    }

    static func run(_ context: BenchContext) throws -> [BenchRow] {
        let (sports, games) = try PlannerBench.load(context.dataDirectory.appendingPathComponent("records"))
        let planner = TripPlanner(sports: sports, zones: { ZoneDatabase.system.zone($0) })
        let only = ProcessInfo.processInfo.environment["SEASON_STARTS"].map {
            Set($0.split(separator: ",").map(String.init))
        }
        return try starts.filter { only?.contains($0.name) ?? true }.map { start in
            let request = PlanRequest(from: from, to: to, start: start)
            var result: PlanResult?
            let seconds = try medianSeconds(runs: 1, warmup: 0) { result = try planner.plan(request, games: games) }
            return BenchRow(
                name: "planner season from \(start.name)", median: seconds, unit: "s", target: "≤ 10 s, proven",
                note: result.map(note) ?? "no result")
        }
    }

    /// "224 games, 52 venues (both proven), miles gap 3.1 % (≥ 18,210 mi); 1.2e9 comparisons, 260k kept".
    static func note(_ result: PlanResult) -> String {
        guard let first = result.itineraries.first?.totals else { return "no trip" }
        if result.bestIsProven { return "\(first.games) games, \(first.distinctStadiums) venues, miles: all proven" }
        var parts: [String] = []
        let games = result.mostGames.map { $0 == first.games ? "\($0) games proven" : "games \(first.games) ≤ \($0)" }
        parts.append(games ?? "\(first.games) games unproven")
        if let venues = result.mostVenues {
            parts.append(
                venues == first.distinctStadiums
                    ? "\(venues) venues proven" : "venues \(first.distinctStadiums) ≤ \(venues)")
        } else {
            parts.append("\(first.distinctStadiums) venues unproven")
        }
        if let bound = result.milesBound {
            let miles = first.miles
            let gap = miles > 0 ? max(0, (miles - bound) / miles * 100) : 0
            parts.append(String(format: "%.0f mi, miles gap %.1f %% (≥ %.0f mi)", miles, gap, bound))
        } else {
            parts.append(String(format: "%.0f mi, no miles bound", first.miles))
        }
        let stats = result.statistics
        parts.append(
            String(
                format: "%.2g comparisons, %d partial trips kept", Double(stats.sweepComparisons),
                stats.sweepPartialTrips))
        return parts.joined(separator: ", ")
    }
}
