/// What "best" means when itineraries are ranked. Every objective is a strict order of three
/// measures — games seen, distinct stadiums visited, miles driven — and differs only in which
/// comes first, so ties on the first are always broken by the other two.
public enum PlanObjective: String, Sendable, Hashable, Codable, CaseIterable {
    /// Most games, then most distinct stadiums, then least driving (the default).
    case games
    /// Most distinct stadiums, then most games, then least driving (ballpark chasers).
    case stadiums
    /// Least driving, then most games, then most distinct stadiums (a homestand beats a road trip).
    case driving

    /// The three measures in the order this objective compares them.
    var order: [ScoreMeasure] {
        switch self {
        case .games: return [.games, .stadiums, .miles]
        case .stadiums: return [.stadiums, .games, .miles]
        case .driving: return [.miles, .games, .stadiums]
        }
    }
}

/// One of the three measures an itinerary is ranked by.
enum ScoreMeasure: Sendable {
    case games, stadiums, miles
}
