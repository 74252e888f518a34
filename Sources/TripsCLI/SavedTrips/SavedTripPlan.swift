import FoundationEssentials
import TripsModel
import TripsPlanner
import TripsRender

/// The rules a saved trip was planned by (field `plan`): its window, places, must-see teams and
/// games, driving limits and ranking — so a sync can tell whether the trip still works after a
/// game moved, and `trips saved replan` plans it again by the same rules.
struct SavedTripPlan: Codable, Sendable {
    var request: PlanRequest
    var startLabel: String?
    var endLabel: String?

    /// What is kept of a plan's inputs. The fan's own road times (`--drive-times FILE`) are not:
    /// they may be large, and the file is theirs; the straight-line model stands in for them.
    init(_ inputs: PlanInputs) {
        request = inputs.request
        request.roadTimes = nil
        startLabel = inputs.startLabel
        endLabel = inputs.endLabel
    }

    var field: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    /// The rules of a saved trip; nil for one saved before trips kept them.
    static func read(_ field: String?) -> SavedTripPlan? {
        guard let field, !field.isEmpty else { return nil }
        return try? JSONDecoder().decode(SavedTripPlan.self, from: Data(field.utf8))
    }

    /// The inputs again, with the must-see teams as the store has them now.
    func inputs(teams: (String) throws -> Team?) rethrows -> PlanInputs {
        PlanInputs(
            request: request, startLabel: startLabel, endLabel: endLabel,
            mustSeeTeams: try request.mustSeeTeamIds.compactMap(teams))
    }
}
