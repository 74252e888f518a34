import FoundationEssentials
import Glibc
import InputText
import OutputText
import TripsInput
import TripsModel
import TripsPlanner
import TripsRender
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
        var tour = try answers.resolve(
            provider: provider, places: places ?? PlaceInput(context: context, provider: provider), now: context.now,
            zone: context.localZone)
        tour.request.roadTimes = roadTimes
        for note in tour.notes { context.stderr.line("note: \(note)".terminalSafe) }
        let coverageNotes = try CoverageQuestion(leagues: tour.request.sports, season: tour.request.season)
            .notes(context, provider: provider)
        // The summary names what the store lacks in a line each; stderr keeps the whole note.
        tour.coverage = coverageNotes.filter { $0.hasPrefix("note: ") }.map { String($0.dropFirst(6)) }
        let zones = provider.zones
        var planner = TripPlanner(sports: try provider.sports(), zones: { zones.zone($0) })
        if (tour.request.travel ?? .drive) != .drive {
            planner.airports = try PlaceInput.loadAirports(context.bundleLocator)
        }
        let elapsed = Stopwatch().seconds
        let line =
            context.stderrIsTerminal
            ? TourProgressLine(
                output: context.stderr, objective: tour.request.objective,
                limitSeconds: tour.request.timeLimitSeconds) : nil
        // Ctrl-C from here on stops the search and prints the best tour so far (then exit 130).
        InterruptRequest.listen()
        var found = try planner.tour(
            tour.request, games: tour.games, relaxing: relaxation, clock: elapsed,
            progress: line.map { line in { line.show($0) } }, stop: { InterruptRequest.isRaised })
        line?.clear()
        found = try nightDrivingIfWanted(found, context)
        if context.verbose {
            for line in SearchStatistics.lines(found.result.statistics, seconds: elapsed()) {
                context.stderr.line(line)
            }
        }
        tour.request = found.request
        tour.leftOut = found.leftOut
        let report = try show(found, tour: tour, planner: planner, context)
        for line in coverageNotes { context.stderr.line(line) }
        if found.result.interrupted || InterruptRequest.isRaised { throw Interrupted() }
        if let problem = found.result.infeasibility { throw NoTripFits(reason: report.infeasibility(problem)) }
    }

    /// A tour that fits only driving at night too: taken when the fan says yes to a question
    /// that says what it means; else no tour, and how to ask for it.
    private func nightDrivingIfWanted(_ found: RelaxedTour, _ context: CLIContext) throws -> RelaxedTour {
        guard let night = found.atNight, let itinerary = night.result.itinerary else { return found }
        guard try offersNightDriving(itinerary, hours: night.result.driveHours, context) else {
            throw NoTripFits(reason: Self.nightOffer(itinerary, hours: night.result.driveHours, asked: false))
        }
        return found.takingNightDriving()
    }

    /// Without a daily limit given, a tour that does not fit the usual 6 h answers "how hard is
    /// it?": the fewest hours by day that admit it — said so. Night driving is never a default:
    /// only `--night-driving`, or a yes to a question that says what it means.
    var relaxation: TourRelaxation {
        TourRelaxation(
            findsFewestHours: answers.driveHours == nil,
            looksAtNight: answers.driveHours?.hours == nil && !answers.nightDriving)
    }

    /// The tour in the chosen format, with its report (title, proof, what was relaxed).
    private func show(
        _ found: RelaxedTour, tour: ResolvedTour, planner: TripPlanner, _ context: CLIContext
    ) throws -> TourReport {
        var report = TourReport(result: found.result, tour: tour, explains: answers.explains)
        if found.result.itinerary != nil { report.relaxedFrom = found.relaxedFrom }
        let renderer = try ItineraryRenderer(
            tour: report, now: context.now, durations: planner.gameDurationMinutes,
            gazetteer: { try PlaceInput.loadGazetteer(context) })
        try destination.emit(renderer, context, what: found.result.itinerary == nil ? "no tour" : "the tour")
        return report
    }
}
