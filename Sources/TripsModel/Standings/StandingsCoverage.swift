/// How much of a league season's results the standings rest on, for the note under them: a
/// table from part of a season must say so, not pass for the league's own.
public struct StandingsCoverage: Sendable, Hashable {
    /// Results counted.
    public var counted = 0
    /// Regular-season games in the store, cancelled ones aside.
    public var scheduled = 0
    /// Games that should be over by now (started more than a day ago) with no result stored.
    public var missingResults = 0
    /// Games not played yet: later, postponed or suspended.
    public var toPlay = 0
    /// Level scores in a league without ties (a source's error): not counted.
    public var unreadable = 0
    /// Regular-season games in a full season of the league, when its format is known.
    public var fullSeason: Int?

    public init(fullSeason: Int? = nil) { self.fullSeason = fullSeason }

    /// Fewer games in the store than the league's season has: most teams' records count only
    /// some of their games.
    public var isPartial: Bool { fullSeason.map { scheduled < $0 } ?? false }
}
