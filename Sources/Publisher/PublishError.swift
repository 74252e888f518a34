import FoundationEssentials
import TripsModel

/// Why a publish stopped; each case is one line for the terminal, and `exitCode` is what
/// scripts read (documented in `trips-cloud publish --help`).
public enum PublishError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The cloud holds no teams of a league the feed covers: nothing to resolve games against.
    case noTeams(league: String)
    /// The diff would deprecate more than the allowed share of a season (a truncated feed).
    case tooManyRemovals(league: String, season: String, removing: Int, of: Int, limitPercent: Int)
    /// A batch the cloud refused; nothing of that batch was written (atomic).
    case batchRefused(reason: String)
    /// The cloud could not be read or written.
    case cloud(String)
    /// Another publisher holds the lease ("build-2 pid 4242") until then (said to the minute, rounded up).
    case leaseHeld(holder: String, until: Date)

    public var description: String {
        switch self {
        case .noTeams(let league):
            return "the cloud has no \(league.uppercased()) teams to match the feed's games to: seed it first"
        case .tooManyRemovals(let league, let season, let removing, let total, let limit):
            return "refusing to deprecate \(removing) of \(total) \(league.uppercased()) \(season) games (more than "
                + "\(limit) %): the feed looks truncated; run again with --force if the season really shrank"
        case .batchRefused(let reason): return "the cloud refused a batch (nothing of it was written): \(reason)"
        case .cloud(let reason): return "cloud: \(reason)"
        case .leaseHeld(let holder, let until):
            let (day, second) = CalendarDay.split(Int64((until.timeIntervalSince1970 / 60).rounded(.up)) * 60)
            let hh = second / 3600
            let mm = second / 60 % 60
            return "publishing from \(holder) until \(day) \(hh < 10 ? "0" : "")\(hh):\(mm < 10 ? "0" : "")\(mm) UTC: "
                + "one publisher at a time (its lease expires by itself if it stopped)"
        }
    }

    /// 65 (EX_DATAERR) for a diff refused as suspicious, 69 (EX_UNAVAILABLE) when the cloud
    /// failed, 75 (EX_TEMPFAIL) while another publisher holds the lease, 1 otherwise.
    public var exitCode: Int32 {
        switch self {
        case .tooManyRemovals: return 65
        case .cloud, .batchRefused: return 69
        case .leaseHeld: return 75
        case .noTeams: return 1
        }
    }
}
