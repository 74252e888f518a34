import FoundationEssentials
import OutputText
import TripsInput
import TripsModel
import TripsPlanner
import TripsRender
import TripsStore
import TripsZones

extension SavedTripReview {
    /// The trip as it is now, for any of the plan's formats: nil when it no longer works.
    func currentRenderer(_ context: CLIContext) throws -> ItineraryRenderer? {
        guard let current, let plan else { return nil }
        return try Self.renderer(current, plan: plan, games: games, context)
    }

    /// A plan's answer as `trips plan` renders it, each game's calendar SEQUENCE from its record.
    static func renderer(
        _ result: PlanResult, plan: SavedTripPlan, games: [RichGame], _ context: CLIContext
    ) throws -> ItineraryRenderer {
        let provider = try context.provider()
        let inputs = try plan.inputs(teams: provider.team)
        let durations = try provider.gameDurations()
        var renderer = ItineraryRenderer(
            result: result, inputs: inputs, now: context.now, durations: durations,
            towns: try OvernightTowns(result) { try PlaceInput.loadGazetteer(context) },
            messages: PlanMessages(games: games, teams: inputs.mustSeeTeams, request: inputs.request))
        renderer.modified = try provider.gameModificationTimes(ids: result.itineraries.first?.gameIds ?? [])
        renderer.showScores = try ScoreChoice.configured(context)
        return renderer
    }

    /// "as planned", "1 game moved, still fits", "no longer fits", "saved before trips
    /// followed its games": `saved list`'s STATUS.
    var statusText: String {
        guard isFollowed else { return "-" }
        if changes.isEmpty { return current == nil ? "does not fit" : "as planned" }
        if current == nil { return "no longer fits" }
        return "changed, fits"
    }

    /// The lines `saved show` and the report after a sync say about what changed.
    func changeLines(clock: LocalTimeFormatter) -> [String] { changes.map { $0.text(clock: clock) } }

    /// `"Wrigley weekend"` quoted as a shell word when it needs to be.
    static func quoted(_ name: String) -> String { name.shellWord }
}
