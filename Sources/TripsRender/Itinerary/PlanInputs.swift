import TripsModel
import TripsPlanner

/// The planner's inputs, resolved: the request and the names the renderers show.
public struct PlanInputs {
    public var request: PlanRequest
    /// Display names for the JSON "query" and the header.
    public var startLabel: String?
    public var endLabel: String?
    public var mustSeeTeams: [Team]

    public init(request: PlanRequest, startLabel: String?, endLabel: String?, mustSeeTeams: [Team]) {
        self.request = request
        self.startLabel = startLabel
        self.endLabel = endLabel
        self.mustSeeTeams = mustSeeTeams
    }
}
