/// What changed for one game between two snapshots of a league's season. A game can change in
/// several ways at once (moved and time set, status changed and score set).
public enum FeedChange: String, Sendable, Hashable, CaseIterable {
    /// The local date changed, or the start changed while both times were set. A placeholder
    /// start replaced by a real one on the same date is `timeSet` only.
    case moved
    /// The time was TBD and is set now.
    case timeSet
    /// Postponed now (status, or a recorded postponement) and not before.
    case postponed
    case statusChanged
    /// Another venue (by id, else by name).
    case venueChanged
    /// A score that was not there, or another one (or the same one now saying how it was decided).
    case scoreSet
    case added
    case removed
}

/// One game's changes.
public struct FeedGameChange: Sendable, Hashable {
    public var gameId: String
    public var changes: Set<FeedChange>
    public var before: FeedGame?
    public var after: FeedGame?

    public init(gameId: String, changes: Set<FeedChange>, before: FeedGame?, after: FeedGame?) {
        self.gameId = gameId
        self.changes = changes
        self.before = before
        self.after = after
    }
}

/// The differences between two snapshots, game by game (sorted by id), and their counts.
public struct FeedDiff: Sendable, Hashable {
    public var changes: [FeedGameChange]
    public var summary: FeedDiffSummary

    /// Compares `before` and `after`, two snapshots of one league's season, keyed by the league's
    /// game id. A game listed twice in one snapshot counts once (its last listing).
    public init(before: [FeedGame], after: [FeedGame]) {
        let old = Dictionary(before.map { ($0.gameId, $0) }) { _, last in last }
        let new = Dictionary(after.map { ($0.gameId, $0) }) { _, last in last }
        var changes: [FeedGameChange] = []
        var summary = FeedDiffSummary()
        for id in Set(old.keys).union(new.keys).sorted() {
            let found = Self.changes(old[id], new[id])
            summary.unchanged += found.isEmpty ? 1 : 0
            guard !found.isEmpty else { continue }
            changes.append(FeedGameChange(gameId: id, changes: found, before: old[id], after: new[id]))
            for change in found { summary.counts[change, default: 0] += 1 }
        }
        if let any = after.first ?? before.first {
            summary.league = any.league
            summary.season = any.season
        }
        self.changes = changes
        self.summary = summary
    }

    static func changes(_ old: FeedGame?, _ new: FeedGame?) -> Set<FeedChange> {
        guard let old else { return [.added] }
        guard let new else { return [.removed] }
        var found: Set<FeedChange> = []
        let dateChanged = old.localDate != nil && new.localDate != nil && old.localDate != new.localDate
        if dateChanged || (!old.timeTBD && !new.timeTBD && old.start != new.start) { found.insert(.moved) }
        if old.timeTBD && !new.timeTBD { found.insert(.timeSet) }
        if isPostponed(new) && !isPostponed(old) { found.insert(.postponed) }
        if old.status != new.status { found.insert(.statusChanged) }
        if old.venue?.key != new.venue?.key { found.insert(.venueChanged) }
        if let score = new.score, score != old.score { found.insert(.scoreSet) }
        return found
    }

    private static func isPostponed(_ game: FeedGame) -> Bool {
        game.status == .postponed || game.postponement != nil
    }
}

/// Counts of a diff, for the publisher's line ("MLB 2025: 98 moved, 619 times set, 30 postponed, 0 removed").
public struct FeedDiffSummary: Sendable, Hashable, CustomStringConvertible {
    public var league = ""
    public var season = ""
    /// Games per kind of change; a game with two kinds counts in both.
    public var counts: [FeedChange: Int] = [:]
    /// Games in both snapshots without any change.
    public var unchanged = 0

    public init() {}

    public subscript(_ change: FeedChange) -> Int { counts[change] ?? 0 }

    public var description: String {
        let phrases: [(FeedChange, String)] = [
            (.moved, "moved"), (.timeSet, "times set"), (.postponed, "postponed"), (.statusChanged, "status changed"),
            (.venueChanged, "venue changed"), (.scoreSet, "scores set"), (.added, "added"), (.removed, "removed"),
        ]
        let parts = phrases.map { "\(self[$0.0]) \($0.1)" }
        return "\(league.uppercased()) \(season): " + parts.joined(separator: ", ")
    }

    /// Only what changed ("MLB 2025: 5 status changed, 2428 scores set"), or "no changes": the
    /// line a fan reads after `trips sync`.
    public var brief: String {
        let phrases: [(FeedChange, String)] = [
            (.added, "new"), (.moved, "moved"), (.timeSet, "times set"), (.postponed, "postponed"),
            (.statusChanged, "status changed"), (.venueChanged, "venue changed"), (.scoreSet, "scores set"),
            (.removed, "removed"),
        ]
        let parts = phrases.filter { self[$0.0] > 0 }.map { "\(self[$0.0]) \($0.1)" }
        return "\(league.uppercased()) \(season): " + (parts.isEmpty ? "no changes" : parts.joined(separator: ", "))
    }
}
