import OutputText
import TripsModel
import TripsPlanner

extension ItineraryRenderer {
    /// The footer's words for a plan Ctrl-C stopped: option 1 is the best so far, against the
    /// proven bound on the objective's first measure (nil when the plan ran to its end).
    var interruptionNote: String? {
        guard result.interrupted else { return nil }
        guard let bound = result.bound, let gap = result.gapPercent else {
            return "interrupted (Ctrl-C) before any trip was found"
        }
        let limit: String
        switch inputs.request.objective {
        case .games: limit = "no trip sees more than \(Int(bound).grouped) games"
        case .stadiums: limit = "no trip visits more than \(Int(bound).grouped) venues"
        case .driving: limit = "no trip drives less than \(Numeral.fixed(bound, digits: 1)) mi"
        }
        return "interrupted (Ctrl-C): option 1 is the best found so far; \(limit) "
            + "(gap \(Numeral.fixed(gap, digits: 1))%)"
    }
}
