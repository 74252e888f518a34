import FoundationEssentials
import Glibc
import OutputText
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
    /// On a terminal: night driving may be offered as a question.
    var interactive = false

    /// The building a tour by day leaves out for `problem`, and the summary's line saying why:
    /// of two buildings whose dates no day's driving joins, the one with fewer dates; one no trip
    /// from the start reaches.
    static func leftOut(_ problem: TourInfeasibility?, games: [RichGame], start: String?) -> (RichGame, String)? {
        let game = { (id: String?) in id.flatMap { id in games.first { $0.id == id } } }
        let dates = { (game: RichGame, count: Int) in
            "\(game.stadium.name)'s \(count == 1 ? "only date" : "\(count) dates")"
        }
        let night = "driving by day (07:00–23:00); --night-driving might"
        switch problem {
        case .cannotConnect(let first, let second)?:
            guard let a = game(first.first), let b = game(second.first) else { return nil }
            let (out, kept) =
                second.count <= first.count
                ? ((b, second.count), (a, first.count)) : ((a, first.count), (b, second.count))
            return (
                out.0,
                "left out: \(out.0.homeTeam.name) — \(dates(out.0, out.1)) and \(dates(kept.0, kept.1)) "
                    + "cannot both be reached \(night)"
            )
        case .cannotReachFromStart(let ids)?:
            guard let out = game(ids.first) else { return nil }
            return (
                out,
                "left out: \(out.homeTeam.name) — no trip from \(start ?? "the start") reaches "
                    + "\(dates(out, ids.count)) \(night)"
            )
        default: return nil
        }
    }

    /// Buildings a tour by day leaves out before it gives up on days and offers night driving.
    static let maxLeftOut = 8

    /// On a terminal, asks whether to drive at night, saying what it means; never without one.
    private func offersNightDriving(_ itinerary: Itinerary, hours: Double, _ context: CLIContext) throws -> Bool {
        guard interactive else { return false }
        Prompter.exitOnInterrupt()
        let offer = Self.nightOffer(itinerary, hours: hours, asked: true)
        for line in TextWrap.lines([offer], separator: " ", first: TextWrap.columns, rest: TextWrap.columns) {
            context.stderr.line(line.terminalSafe)
        }
        return try Prompter(context: context).ask("Drive at night too", defaultAnswer: "no", hint: "yes, no") {
            answer in
            switch answer.lowercased() {
            case "y", "yes": return true
            case "n", "no": return false
            default: throw InputError.other("expected yes or no")
            }
        }
    }

    /// What night driving would take: "no tour fits driving by day (07:00–23:00), even 16 h a
    /// day; driving at night too it needs up to 12 h at the wheel between 8-hour rests (the
    /// longest leg: Denver → Dallas, 12.4 h)".
    static func nightOffer(_ itinerary: Itinerary, hours: Double, asked: Bool) -> String {
        let longest = itinerary.legs.filter(\.overnightStops.isEmpty).max { $0.driveHours < $1.driveHours }
        let leg = longest.map {
            " (the longest leg: \($0.from.name) → \($0.to.name), \(Numeral.fixed($0.driveHours, digits: 1)) h)"
        }
        return "no tour fits driving by day (07:00–23:00), even 16 h a day; driving at night too (any hour), "
            + "it needs up to \(hours.formatted) h at the wheel between 8-hour rests\(leg ?? "")"
            + (asked ? "." : " — add --night-driving to plan it")
    }

    /// `places`: the questions' own, so a place they resolved is not noted again.
    func run(_ context: CLIContext, provider: DataProvider, places: PlaceInput? = nil) throws {
        let places = places ?? PlaceInput(context: context, provider: provider)
        var tour = try answers.resolve(
            provider: provider, places: places, now: context.now, zone: context.localZone)
        tour.request.roadTimes = roadTimes
        for note in tour.notes { context.stderr.line("note: \(note)".terminalSafe) }
        let coverage = CoverageQuestion(leagues: tour.request.sports, season: tour.request.season)
        let coverageNotes = try coverage.notes(context, provider: provider)
        // The summary names what the store lacks in a line each; stderr keeps the whole note.
        tour.coverage = coverageNotes.filter { $0.hasPrefix("note: ") }.map { String($0.dropFirst(6)) }
        let zones = provider.zones
        let planner = TripPlanner(sports: try provider.sports(), zones: { zones.zone($0) })
        let elapsed = Stopwatch().seconds
        // Without a daily limit given, a tour that does not fit the usual 6 h answers "how hard
        // is it?": the fewest hours by day that admit it — said so. Night driving is never a
        // default: only `--night-driving`, or a yes to a question that says what it means.
        var attempts = [tour.request]
        if answers.driveHours == nil {
            attempts.append(tour.request)
            attempts[1].findsMinimumDriveHours = true
        }
        var byNight: TourRequest?
        if answers.driveHours?.hours == nil && !answers.nightDriving {
            var night = attempts[attempts.count - 1]
            night.findsMinimumDriveHours = true
            night.driving.allowsOvernightDriving = true
            byNight = night
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
        var games = tour.games
        func byDay() throws -> (TourResult, TourRequest, (request: TourRequest, problem: TourInfeasibility)?) {
            var result = try planner.tour(attempts[0], games: games, clock: elapsed, progress: progress, stop: stop)
            var request = attempts[0]
            var relaxed: (request: TourRequest, problem: TourInfeasibility)?
            for attempt in attempts.dropFirst() {
                guard !result.interrupted, result.itinerary == nil, let problem = result.infeasibility,
                    problem.isAboutDriving
                else { break }
                if relaxed == nil { relaxed = (request, problem) }
                result = try planner.tour(attempt, games: games, clock: elapsed, progress: progress, stop: stop)
                request = attempt
            }
            return (result, request, relaxed)
        }
        var (result, planned, relaxed) = try byDay()
        // Without night driving, two buildings whose only dates no day's driving connects
        // cannot both be in the tour: the one with fewer dates is left out, and said so.
        var dropped: [String] = []
        var droppedHosts: Set<String> = []
        while byNight != nil, dropped.count < Self.maxLeftOut, !result.interrupted, result.itinerary == nil,
            let (out, line) = Self.leftOut(result.infeasibility, games: games, start: tour.startLabel)
        {
            games.removeAll { $0.stadium.id == out.stadium.id }
            droppedHosts.insert(out.homeTeam.id)
            dropped.append(line)
            (result, planned, relaxed) = try byDay()
        }
        if result.itinerary == nil && !dropped.isEmpty {
            games = tour.games
            dropped = []
            droppedHosts = []
            (result, planned, relaxed) = try byDay()
        }
        tour.request = planned
        tour.leftOut = dropped
        tour.leftOutHosts = droppedHosts
        if let night = byNight, !result.interrupted, result.itinerary == nil,
            let problem = result.infeasibility, problem.isAboutDriving
        {
            let byDay = result
            let atNight = try planner.tour(night, games: games, clock: elapsed, progress: progress, stop: stop)
            line?.clear()
            if let itinerary = atNight.itinerary {
                guard try offersNightDriving(itinerary, hours: atNight.driveHours, context) else {
                    throw NoTripFits(reason: Self.nightOffer(itinerary, hours: atNight.driveHours, asked: false))
                }
                if relaxed == nil { relaxed = (tour.request, problem) }
                result = atNight
                tour.request = night
            } else {
                result = byDay
            }
        }
        line?.clear()
        if context.verbose {
            for line in SearchStatistics.lines(result.statistics, seconds: elapsed()) { context.stderr.line(line) }
        }
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
        for note in renderer.notes(besides: destination.format) { context.stderr.line(note.terminalSafe) }
        if let path = destination.path {
            if try FileWriter.write(text, to: path) == .file {
                context.stderr.line("wrote \(path) (\(result.itinerary == nil ? "no tour" : "the tour"))".terminalSafe)
            }
        } else {
            context.stdout.write(text)
        }
        for line in coverageNotes { context.stderr.line(line) }
        if result.interrupted || InterruptRequest.isRaised { throw Interrupted() }
        if let problem = result.infeasibility {
            throw NoTripFits(reason: report.infeasibility(problem))
        }
    }
}
