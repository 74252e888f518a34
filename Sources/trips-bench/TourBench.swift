import Foundation
import TripsModel
import TripsPlanner
import TripsZones

/// `tours` suite: issue 13's great tours on the bundled seasons, in process (the planner alone).
/// The Ultimate-Fan-Trips workload — for each of the 30 NBA teams of 2025-26, the smallest daily
/// driving that admits its opponents tour, then the tour at that limit minimising days, driving
/// and distance — in CPU seconds against the published integer program's ~22 s; and the MLB
/// 2026 every-ballpark tour, with the time to a proof or the gap when the time limit stops it,
/// and the same for the NBA's, NHL's and NFL's every venue.
enum TourBench {
    static func run(_ context: BenchContext) throws -> [BenchRow] {
        let (sports, games) = try PlannerBench.load(context.dataDirectory.appendingPathComponent("records"))
        let planner = TripPlanner(sports: sports, zones: { ZoneDatabase.system.zone($0) })
        return [try opponents(planner, games), try ballparks(planner, games)] + (try venues(planner, games))
    }

    static func opponents(_ planner: TripPlanner, _ games: [RichGame]) throws -> BenchRow {
        let season = games.filter { $0.game.sport == "nba" && $0.game.season == "2025-26" }
        let teams = Set(season.map(\.game.homeTeamId)).sorted()
        var proven = 0
        var solved = 0
        var nightDriving = 0
        var states = 0
        let cpu = try cpuSeconds {
            for team in teams {
                var request = TourRequest(kind: .opponents(teamId: team), season: "2025-26", sports: ["nba"])
                request.findsMinimumDriveHours = true
                request.keepsPaceWithLimit = false
                var smallest = try planner.tour(request, games: season, clock: clock)
                if smallest.itinerary == nil {
                    request.driving.allowsOvernightDriving = true
                    smallest = try planner.tour(request, games: season, clock: clock)
                    nightDriving += 1
                }
                states += smallest.statistics.statesExpanded
                guard smallest.itinerary != nil else { continue }
                request.findsMinimumDriveHours = false
                request.driving.maxHoursPerDay = smallest.driveHours
                for objective in TourObjective.allCases {
                    request.objective = objective
                    let result = try planner.tour(request, games: season, clock: clock)
                    states += result.statistics.statesExpanded
                    if result.itinerary != nil { solved += 1 }
                    if result.proof.optimal { proven += 1 }
                }
            }
        }
        return BenchRow(
            name: "tours: 30 NBA opponents tours, min h + 3 goals", median: cpu, unit: "s",
            target: "≤ 5 s CPU",
            note: "\(teams.count) teams, \(solved) tours, \(proven) proven optimal, "
                + "\(nightDriving) need night driving, \(states) states; integer program ≈ 22 s")
    }

    static func ballparks(_ planner: TripPlanner, _ games: [RichGame]) throws -> BenchRow {
        try everyVenue(
            planner, games, sport: "mlb", season: "2026", name: "tours: MLB 2026 every ballpark (days)",
            target: "gap ≤ 10 %")
    }

    /// The every-venue tours of the other leagues, each with its own row. The NFL's at 10 h a
    /// day: at 6 h none is found within a minute (its bound leaves 6 of the season's 118 days).
    static func venues(_ planner: TripPlanner, _ games: [RichGame]) throws -> [BenchRow] {
        try [("nba", "2025-26", 6.0), ("nhl", "2025-26", 6), ("nfl", "2026", 10)].map { sport, season, hours in
            try everyVenue(
                planner, games, sport: sport, season: season,
                name: "tours: \(sport.uppercased()) \(season) every venue (days\(hours == 6 ? "" : ", 10 h"))",
                target: "gap ≤ 15 %", hours: hours)
        }
    }

    /// A season's every-venue tour at the default rules, minimising days, with the time to a
    /// proof or the gap when the 30 s limit stops it.
    static func everyVenue(
        _ planner: TripPlanner, _ games: [RichGame], sport: String, season: String, name: String, target: String,
        hours: Double = 6
    ) throws -> BenchRow {
        let games = games.filter { $0.game.sport == sport && $0.game.season == season }
        let hosts = Set(games.map(\.game.homeTeamId)).sorted()
        var request = TourRequest(kind: .venues(hostTeamIds: hosts), season: season, sports: [sport])
        request.timeLimitSeconds = 30
        request.driving.maxHoursPerDay = hours
        let start = clock()
        let result = try planner.tour(request, games: games, clock: clock)
        let seconds = clock() - start
        let proof = result.proof
        let days = "\(Int(proof.value)) days"
        let note =
            result.itinerary == nil
            ? "no tour found; bound \(result.statistics.daysBound.map(String.init) ?? "none")"
            : proof.optimal
                ? "\(days), proven optimal"
                : "\(days), bound \(Int(proof.bound)), gap \(String(format: "%.1f", proof.gapPercent))% at the 30 s limit"
        return BenchRow(name: name, median: seconds, unit: "s", target: target, note: note)
    }

    /// Seconds on a monotonic clock.
    static func clock() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    /// CPU seconds (user + system) `body` takes.
    static func cpuSeconds(_ body: () throws -> Void) rethrows -> Double {
        func now() -> Double {
            var usage = rusage()
            getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
            let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            return user + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        }
        let start = now()
        try body()
        return now() - start
    }
}
