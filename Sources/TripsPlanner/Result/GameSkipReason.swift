/// Why a game given to the planner is not a candidate.
public enum GameSkipReason: String, Sendable, Hashable, CaseIterable, Codable {
    case outsideWindow
    /// Under way or over already: the trip's days include today, and it began before now.
    case started
    case otherSport
    case cancelledOrPostponed
    /// The start time is a placeholder.
    case timeTBD
    /// The away game of a team the fan only wants to see at home.
    case awayGameOfHomeOnlyTeam
    /// Bad coordinates, unknown time zone, or a duplicate id: counted and skipped.
    case malformed
}

extension GameSkipReason {
    /// Why a must-see game cannot be planned, after "the must-see game X ": one wording for the
    /// planner's message and the CLI's (which adds the dates to `outsideWindow`).
    public var explanation: String {
        switch self {
        case .outsideWindow: "is outside the trip's dates"
        case .started: "has already started"
        case .otherSport: "is not in the chosen sports"
        case .cancelledOrPostponed: "is cancelled or postponed"
        case .timeTBD: "has no start time yet"
        case .awayGameOfHomeOnlyTeam: "is an away game of a team you want to see at home only"
        case .malformed: "has bad venue data"
        }
    }
}
