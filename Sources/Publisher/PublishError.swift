import FoundationEssentials
import TripsModel

/// Why a publish stopped; each case is one line for the terminal, and `exitCode` is what
/// scripts read (documented in `trips-cloud publish --help`).
public enum PublishError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The cloud holds no teams of a league the feed covers: nothing to resolve games against.
    case noTeams(league: String)
    /// The diff would deprecate more than the allowed share of a season (a truncated feed).
    case tooManyRemovals(league: String, season: String, removing: Int, of: Int, limitPercent: Int)
    /// The feed is an older snapshot of the season than the cloud holds: it would set `reverting`
    /// played games back to not played, and its latest result (nil: none) is older than the
    /// cloud's.
    case olderSnapshot(
        league: String, season: String, feedLatest: CalendarDay?, heldLatest: CalendarDay, reverting: Int)
    /// A feed's response is dated (`Last-Modified`) before the one already published from it.
    case olderResponse(url: String, dated: String, published: String)
    /// A batch the cloud refused; nothing of that batch was written (atomic).
    case batchRefused(reason: String)
    /// The cloud could not be read or written.
    case cloud(String)
    /// Another publisher holds the lease ("build-2 pid 4242") until then (said to the minute, rounded up).
    case leaseHeld(holder: String, until: Date)

    public var description: String { words(override: true) }

    /// The words for `trips sync` reading the feeds itself, which has no `--force`: the refusal
    /// and that nothing changed, without a remedy it cannot take.
    public var withoutOverride: String { words(override: false) }

    private func words(override: Bool) -> String {
        let force = { (when: String) in override ? "; run again with --force if \(when)" : "; nothing was changed" }
        switch self {
        case .noTeams(let league):
            return "the cloud has no \(league.uppercased()) teams to match the feed's games to: seed it first"
        case .tooManyRemovals(let league, let season, let removing, let total, let limit):
            return "refusing to deprecate \(removing) of \(total) \(league.uppercased()) \(season) games (more than "
                + "\(limit) %): the feed looks truncated" + force("the season really shrank")
        case .olderSnapshot(let league, let season, let feedLatest, let held, let reverting):
            let feed = feedLatest.map { "its latest result is from \($0)" } ?? "it holds no results"
            return "refusing an older \(league.uppercased()) \(season) snapshot: \(feed), but the data already holds "
                + "results to \(held); it would set \(reverting) played games back to not played "
                + "(a stale copy?)" + force("it is right")
        case .olderResponse(let url, let dated, let published):
            return "refusing \(url): the response is dated \(dated), older than the \(published) one already "
                + "published from it (a stale copy?)" + force("it is right")
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
        case .tooManyRemovals, .olderSnapshot, .olderResponse: return 65
        case .cloud, .batchRefused: return 69
        case .leaseHeld: return 75
        case .noTeams: return 1
        }
    }
}
