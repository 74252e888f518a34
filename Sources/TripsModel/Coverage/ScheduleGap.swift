/// A run of days inside a season on which the league has no game, long enough to matter:
/// either a break the league scheduled (an All-Star break, an Olympic pause) or days whose
/// games are not published yet (the NBA's first release leaves its post-Cup games out).
public struct ScheduleGap: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        /// The league plays no games then: the season is complete, or a complete season of
        /// the league had a gap at about the same time of year.
        case leagueBreak = "break"
        /// The season is not known to be complete and no earlier season explains the gap.
        case notPublished = "unpublished"
    }

    public var first: CalendarDay
    public var last: CalendarDay
    public var kind: Kind

    public init(first: CalendarDay, last: CalendarDay, kind: Kind) {
        self.first = first
        self.last = last
        self.kind = kind
    }

    public var days: Int { last.dayNumber - first.dayNumber + 1 }

    public func overlaps(from: CalendarDay, to: CalendarDay) -> Bool { first <= to && last >= from }
}
