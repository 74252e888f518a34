import TripsModel
import TripsPlanner

/// A tour request resolved against the store.
public struct ResolvedTour {
    public var request: TourRequest
    public var games: [RichGame]
    /// The team followed (opponents tours).
    public var subject: Team?
    /// The sport's teams by id, for names.
    public var teams: [String: Team]
    public var startLabel: String?
    public var endLabel: String?
    /// Said on stderr before the tour: a finished season planned as history.
    public var notes: [String] = []
    /// The tour's summary line for its window ("from today, Thu Nov 26 (the season is under
    /// way)"); nil for a whole season.
    public var windowNote: String?
    /// What the store lacks of the season (`CoverageQuestion`), for the tour's summary.
    public var coverage: [String] = []
    /// Buildings a tour by day had to leave out (`RelaxedTour.leftOut`), each a line of the summary.
    public var leftOut: [TourLeftOut] = []
    public var leftOutHosts: Set<String> { Set(leftOut.map(\.game.game.homeTeamId)) }

    public init(
        request: TourRequest, games: [RichGame], subject: Team?, teams: [String: Team], startLabel: String?,
        endLabel: String?, notes: [String] = [], windowNote: String? = nil
    ) {
        self.request = request
        self.games = games
        self.subject = subject
        self.teams = teams
        self.startLabel = startLabel
        self.endLabel = endLabel
        self.notes = notes
        self.windowNote = windowNote
    }
}
