import FoundationEssentials
import TripsModel
import TripsPlanner

extension ItineraryRenderer {
    /// A tour rendered like any plan (table, JSON, CSV, ICS, maps), its report beside it: the
    /// one itinerary, the days from its first game to its last, the daily limit it was planned
    /// with, and whether it is proven the best.
    public init(
        tour report: TourReport, now: Date, durations: [String: Int], gazetteer: () throws -> Gazetteer
    ) rethrows {
        let tour = report.tour
        let result = report.result
        var request = PlanRequest(
            from: report.firstDay ?? CalendarDay(dayNumber: 0), to: report.lastDay ?? CalendarDay(dayNumber: 0),
            sports: tour.request.sports)
        request.start = tour.request.start
        request.end = tour.request.end
        request.driving = tour.request.driving
        request.roadTimes = tour.request.roadTimes
        request.driving.maxHoursPerDay = result.driveHours
        request.options = 1
        let plan = PlanResult(
            itineraries: result.itinerary.map { [$0] } ?? [], isExhaustive: result.proof.optimal, infeasibility: nil,
            statistics: PlanStatistics(
                gamesGiven: tour.games.count, gamesConsidered: result.statistics.candidateGames, gamesSkipped: [:],
                stadiums: result.statistics.buildings))
        self.init(
            result: plan,
            inputs: PlanInputs(
                request: request, startLabel: tour.startLabel, endLabel: tour.endLabel, mustSeeTeams: []),
            now: now, durations: durations, towns: try OvernightTowns(plan, gazetteer: gazetteer),
            messages: PlanMessages(games: tour.games, teams: Array(tour.teams.values), request: request))
        self.tour = report
    }
}
