import ArgumentParsing
import FoundationEssentials
import InputText
import OutputText
import TripsInput
import TripsModel
import TripsPlanner
import TripsRender
import TripsStore
import TripsZones

/// `trips saved replan NAME [--save]`: the saved trip planned again by its own rules (window,
/// places, must-see teams and games, driving limits, ranking) on the schedule as it is now; old
/// and new side by side, saved over the old one only with `--save` (and then synced).
struct SavedReplanCommand: TripsCommand {
    enum Options {
        static let save = Option<Bool>.flag("save", "Replace the saved trip with the new plan (synced)")
    }

    static let spec = TripsCommandSpec(
        name: "replan", summary: "Plan a saved trip again by its own rules, as the games are now",
        usage: "NAME [--save]",
        discussion: """
            After the league moved, postponed or relocated a game of a saved trip, plans it
            again with the rules it was saved with — its dates, where it starts and ends, its
            must-see teams and games, the driving limits and ranking — and shows the trip as
            planned beside the new one, then the new one day by day. Nothing is saved unless
            --save is given; the saved trip then syncs to your other devices. Days already
            past are not planned again: from today, no drive sets off in the past (a trip whose
            days are all over is planned whole, as history).
            """,
        options: [Options.save], maxPositionals: 1,
        positionalValues: [.dynamic(.savedTrip)],
        examples: ["trips saved replan \"Texas swing\"", "trips saved replan \"Texas swing\" --save"],
        action: action)

    var name: String
    var save: Bool

    init(_ arguments: ParsedArguments, context: CLIContext) throws {
        save = try arguments.read(Options.save)
        name = arguments.positionals.first ?? ""
    }

    func run(_ context: CLIContext) throws {
        if name.isEmpty { throw InputError.other("which trip? `trips saved replan NAME`") }
        guard let trip = try context.store().savedTrip(named: name) else { throw SavedTripError.notFound(name) }
        let provider = try context.provider()
        let review = try SavedTripReview(trip, provider: provider, airports: try context.airports(for: trip))
        guard let plan = review.plan else {
            throw InputError.other(
                "\(trip.name) was saved before trips kept a trip's rules: plan it again with `trips plan … --save`")
        }
        let inputs = try Self.inputs(plan, trip: trip, context)
        let games = try PlanCommand.candidateGames(inputs, provider: provider, context: context, onlyUnvisited: false)
        let zones = provider.zones
        var planner = TripPlanner(sports: try provider.sports(), zones: { zones.zone($0) })
        planner.airports = try context.airports(for: inputs.request)
        let result = try planner.plan(inputs.request, games: games)
        let messages = PlanMessages(games: games, teams: inputs.mustSeeTeams, request: inputs.request)
        guard let best = result.itineraries.first else {
            throw NoTripFits(reason: result.infeasibility.map(messages.infeasibility) ?? "no trip fits its rules now")
        }
        var again = plan
        again.request = inputs.request
        let renderer = try SavedTripReview.renderer(result, plan: again, games: games, context)
        let out = context.stdout
        out.line(context.style.bold("\(trip.name), planned again by its own rules").terminalSafe)
        out.write(SavedTripComparison(review: review, replanned: best).table(style: context.style))
        out.line()
        out.write(try OutputFormat.table.render(renderer, style: context.style))
        if save {
            try SavedTripWriter(renderer: renderer, context: context).save(as: trip.name)
        } else {
            out.line(
                "Not saved: `trips saved replan \(SavedTripReview.quoted(trip.name)) --save` keeps it.".terminalSafe)
        }
    }

    /// The trip's own rules for a plan from now: days already begun are not planned again (no
    /// drive sets off in the past); a trip whose days are all over is planned whole, as history.
    static func inputs(_ plan: SavedTripPlan, trip: SavedTrip, _ context: CLIContext) throws -> PlanInputs {
        var inputs = try plan.inputs(teams: context.provider().team)
        let today = CalendarDay(context.now, in: context.localZone)
        if inputs.request.to < today {
            context.note("\(trip.name)'s days are over (\(inputs.request.to)): planned again as history")
            inputs.request.notBefore = nil
        } else if inputs.request.from <= today {
            inputs.request.from = today
            inputs.request.notBefore = context.now
        }
        inputs.request.options = 1
        return inputs
    }
}
