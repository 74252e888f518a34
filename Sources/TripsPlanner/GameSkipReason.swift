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
