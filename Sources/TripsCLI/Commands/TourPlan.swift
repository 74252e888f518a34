import FoundationEssentials
import Glibc
import TripsModel
import TripsPlanner
import TripsStore

/// `trips plan --tour …`: resolves the tour against the store, runs the exact tour search
/// within its time limit, and renders the tour like any plan (table, JSON, CSV, ICS, maps)
/// with what it covers and how sure the answer is.
struct TourPlan {
    var answers: TourAnswers
    var destination: OutputDestination
    /// `--drive-times`: the fan's road times, used for the pairs they list.
    var roadTimes: RoadTimes?

    func run(_ context: CLIContext, provider: DataProvider) throws {
        let places = PlaceInput(context: context, provider: provider)
        var tour = try answers.resolve(provider: provider, places: places, now: context.now)
        tour.request.roadTimes = roadTimes
        let zones = provider.zones
        let planner = TripPlanner(sports: try provider.sports(), zones: { zones.zone($0) })
        let elapsed = Stopwatch().seconds
        // Without a daily limit given, a tour that does not fit the usual 6 h answers "how hard
        // is it?": the fewest hours by day that admit it, then with night driving — said so.
        var attempts = [tour.request]
        if answers.driveHours == nil {
            attempts.append(tour.request)
            attempts[1].findsMinimumDriveHours = true
        }
        if answers.driveHours?.hours == nil && !answers.nightDriving {
            var night = attempts[attempts.count - 1]
            night.findsMinimumDriveHours = true
            night.driving.allowsOvernightDriving = true
            attempts.append(night)
        }
        let line =
            context.stderrIsTerminal
            ? TourProgressLine(
                output: context.stderr, objective: tour.request.objective,
                limitSeconds: tour.request.timeLimitSeconds) : nil
        let progress = line.map { line in { (progress: TourProgress) in line.show(progress) } }
        // Ctrl-C from here on stops the search and prints the best tour so far (then exit 130).
        InterruptRequest.listen()
        let stop = { InterruptRequest.isRaised }
        var result = try planner.tour(
            tour.request, games: tour.games, clock: elapsed, progress: progress, stop: stop)
        var relaxed: (request: TourRequest, problem: TourInfeasibility)?
        for request in attempts.dropFirst() {
            guard !result.interrupted, result.itinerary == nil, let problem = result.infeasibility,
                problem.isAboutDriving
            else { break }
            if relaxed == nil { relaxed = (tour.request, problem) }
            result = try planner.tour(request, games: tour.games, clock: elapsed, progress: progress, stop: stop)
            tour.request = request
        }
        line?.clear()
        var report = TourReport(result: result, tour: tour, explains: answers.explains)
        if result.itinerary != nil { report.relaxedFrom = relaxed }
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
            itineraries: result.itinerary.map { [$0] } ?? [], isExhaustive: result.proof.optimal,
            infeasibility: nil,
            statistics: PlanStatistics(
                gamesGiven: tour.games.count, gamesConsidered: result.statistics.candidateGames, gamesSkipped: [:],
                stadiums: result.statistics.buildings))
        let inputs = PlanInputs(
            request: request, startLabel: tour.startLabel, endLabel: tour.endLabel, mustSeeTeams: [])
        let messages = PlanMessages(games: tour.games, teams: Array(tour.teams.values), request: request)
        var renderer = ItineraryRenderer(
            result: plan, inputs: inputs, now: context.now, durations: planner.gameDurationMinutes,
            towns: try OvernightTowns(plan) { try PlaceInput.loadGazetteer(context) }, messages: messages)
        renderer.tour = report
        let style = destination.path == nil ? context.style : Style(enabled: false)
        let text = try destination.format.render(renderer, style: style)
        if let note = renderer.roadNote(besides: destination.format) { context.stderr.line(note.terminalSafe) }
        if let path = destination.path {
            if try FileWriter.write(text, to: path) == .file {
                context.stderr.line("wrote \(path) (\(result.itinerary == nil ? "no tour" : "the tour"))".terminalSafe)
            }
        } else {
            context.stdout.write(text)
        }
        try CoverageQuestion(leagues: tour.request.sports, season: tour.request.season).report(
            context, provider: provider)
        if result.interrupted || InterruptRequest.isRaised { throw Interrupted() }
        if let problem = result.infeasibility {
            throw NoTripFits(reason: report.infeasibility(problem))
        }
    }
}
