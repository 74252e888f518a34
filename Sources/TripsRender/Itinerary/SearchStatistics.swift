import OutputText
import TripsModel
import TripsPlanner

/// `trips plan -v`: what the search did, on stderr after the plan — the games it was given and
/// kept (and why the rest were left out), the connections between them, the partial trips it
/// expanded and cut, and how long it took. For a fan wondering why a plan is slow or small.
public enum SearchStatistics {
    public static func lines(_ s: PlanStatistics, seconds: Double) -> [String] {
        let skipped = GameSkipReason.allCases.compactMap { reason in
            s.gamesSkipped[reason].flatMap { $0 > 0 ? "\($0.grouped) \(words[reason] ?? reason.rawValue)" : nil }
        }
        return [
            "search: \(s.gamesGiven.grouped) games given, \(s.gamesConsidered.grouped) considered"
                + (skipped.isEmpty ? "" : " (left out: \(skipped.joined(separator: ", ")))"),
            "search: \(s.stadiums.grouped) venues, \(s.legsSimulated.grouped) drives simulated, "
                + "\(s.edges.grouped) connections",
            expanded(s.statesExpanded, s.prunedByBound, s.prunedByDominance, seconds: seconds),
        ]
    }

    public static func lines(_ s: TourStatistics, seconds: Double) -> [String] {
        [
            "search: \(s.candidateGames.grouped) candidate games at \(s.buildings.grouped) buildings, "
                + "\(s.searches) search\(s.searches == 1 ? "" : "es")",
            expanded(s.statesExpanded, s.prunedByBound, s.prunedByDominance, seconds: seconds),
        ]
            + (s.daysBound.map {
                ["search: whole-tour bound \($0) days; \(s.ordersChecked.grouped) orders of buildings checked"]
            } ?? [])
    }

    private static func expanded(_ states: Int, _ bound: Int, _ dominance: Int, seconds: Double) -> String {
        "search: \(states.grouped) partial trips expanded, \(bound.grouped) cut by the bound, "
            + "\(dominance.grouped) by dominance, in \(Numeral.fixed(seconds, digits: 2)) s"
    }

    private static let words: [GameSkipReason: String] = [
        .outsideWindow: "outside the days", .started: "started already", .otherSport: "of other sports",
        .cancelledOrPostponed: "cancelled or postponed", .timeTBD: "without a time",
        .awayGameOfHomeOnlyTeam: "away games of home-only teams", .malformed: "malformed",
    ]
}
