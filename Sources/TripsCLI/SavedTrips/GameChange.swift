import FoundationEssentials
import TripsModel
import TripsZones

/// One way a saved trip's game is not what it was when the trip was planned, in the words the
/// fan reads after a sync, in `saved show` and in `saved list`.
struct GameChange: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        case moved(from: Date, to: Date, fromTBD: Bool, toTBD: Bool)
        case venue(from: String, to: String)
        case status(Game.Status)
        /// No longer in the schedule at all (the league removed it).
        case gone
    }

    var gameId: String
    /// "MIL @ CHC" (the game's id when it is gone and its teams unknown).
    var matchup: String
    var kind: Kind
    /// The venue's zone now (times are shown as the ticket shows them), and as planned.
    var zone: String
    var plannedZone: String

    /// Whether the trip can still go as planned around this game: a postponed, cancelled or
    /// suspended game, or one gone, cannot be seen when it was to be.
    var losesTheGame: Bool {
        switch kind {
        case .gone: return true
        case .status(let status): return status == .postponed || status == .cancelled || status == .suspended
        case .moved, .venue: return false
        }
    }

    /// "MIL @ CHC moved from Wed Jun 18 19:05 to Mon Aug 18 13:20 CDT".
    func text(clock: LocalTimeFormatter) -> String {
        switch kind {
        case .moved(let from, let to, let fromTBD, let toTBD):
            let old = clock.parts(of: from, zone: plannedZone)
            let new = clock.parts(of: to, zone: zone)
            let sameZone = old.zoneAbbreviation == new.zoneAbbreviation
            let was =
                old.day.shortLabel
                + (fromTBD ? " (time TBD)" : " \(old.time)" + (sameZone ? "" : " \(old.zoneAbbreviation)"))
            let now = new.day.shortLabel + (toTBD ? " (time TBD)" : " \(new.time) \(new.zoneAbbreviation)")
            return "\(matchup) moved from \(was) to \(now)"
        case .venue(let from, let to):
            return "\(matchup) moved to \(to) (was \(from))"
        case .status(let status):
            let word = status == .completedEarly ? "was called early" : "is \(status.rawValue)"
            return "\(matchup) \(word)"
        case .gone:
            return "\(matchup) is no longer in the schedule"
        }
    }
}
