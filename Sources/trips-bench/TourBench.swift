import Foundation
import TripsModel
import TripsPlanner
import TripsZones

/// `tours` suite: issue 13's great tours on the bundled seasons, in process (the planner alone).
/// The Ultimate-Fan-Trips workload — for each of the 30 NBA teams of 2025-26, the smallest daily
/// driving that admits its opponents tour, then the tour at that limit minimising days, driving
/// and distance — in CPU seconds against the published integer program's ~22 s; and the MLB
/// 2026 every-ballpark tour, with the time to a proof or the gap when the time limit stops it.
enum TourBench {
    static func run(_ context: BenchContext) throws -> [BenchRow] {
        let (sports, games) = try PlannerBench.load(context.dataDirectory.appendingPathComponent("records"))
        let planner = TripPlanner(sports: sports, zones: { ZoneDatabase.system.zone($0) })
        return [try opponents(planner, games), try ballparks(planner, games)]
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
        let season = games.filter { $0.game.sport == "mlb" && $0.game.season == "2026" }
        let hosts = Set(season.map(\.game.homeTeamId)).sorted()
        var request = TourRequest(kind: .venues(hostTeamIds: hosts), season: "2026", sports: ["mlb"])
        request.timeLimitSeconds = 30
        var result: TourResult?
        let start = clock()
        result = try planner.tour(request, games: season, clock: clock)
        let seconds = clock() - start
        let proof = result?.proof
        let note =
            result?.itinerary == nil
            ? "no tour"
            : proof?.optimal == true
                ? "\(Int(proof?.value ?? 0)) days, proven optimal"
                : "\(Int(proof?.value ?? 0)) days, bound \(Int(proof?.bound ?? 0)), "
                    + "gap \(String(format: "%.1f", proof?.gapPercent ?? 0))% at the 30 s limit"
        return BenchRow(
            name: "tours: MLB 2026 every ballpark (days)", median: seconds, unit: "s", target: "proof or gap",
            note: note)
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
