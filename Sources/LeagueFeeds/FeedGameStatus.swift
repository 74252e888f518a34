import FoundationEssentials
import TripsModel

/// Where a game stands, read from each feed's own codes.
public enum FeedGameStatus: String, Sendable, Hashable, CaseIterable {
    case scheduled
    case inProgress
    case final
    case postponed
    /// Stopped and not yet finished; `FeedGame.suspension` says when it resumes.
    case suspended
    case cancelled
    /// Called before its scheduled length and official (MLB "Completed Early").
    case completedEarly

    /// Over, with a result that stands.
    public var isOver: Bool { self == .final || self == .completedEarly }
}

/// A day and, when known, an instant: one end of a postponement or a suspension.
public struct FeedSlot: Sendable, Hashable {
    public var date: CalendarDay?
    public var start: Date?

    public init(date: CalendarDay?, start: Date?) {
        self.date = date
        self.start = start
    }
}

/// A postponement: the slot the game was first in, and the one it moved to when the feed says.
public struct FeedPostponement: Sendable, Hashable {
    public var from: FeedSlot
    public var to: FeedSlot?
    /// The feed's reason ("Rain", "Snow"), if any.
    public var reason: String?

    public init(from: FeedSlot, to: FeedSlot?, reason: String?) {
        self.from = from
        self.to = to
        self.reason = reason
    }
}

/// A suspension: when the game resumes or resumed, if the feed says.
public struct FeedSuspension: Sendable, Hashable {
    public var resumes: FeedSlot?

    public init(resumes: FeedSlot?) {
        self.resumes = resumes
    }
}
