import CalendarText
import FoundationEssentials
import Glibc
import OutputText
import TripsModel

/// The games of `trips games` and `trips export` in every format they offer: a table with its
/// summary line, JSON with the query that chose the games, CSV, or a calendar.
public struct ScheduleDocument: Rendering {
    /// The games, in the order shown.
    public var entries: [ScheduleEntry]
    /// The line under the table ("12 games · …").
    public var summary: String
    /// The filters as the user meant them: JSON's "query" object.
    public var query: JSONDocument
    /// The one team asked for, which names a calendar; nil for none or several.
    public var teamName: String?
    var renderer: ScheduleRenderer
    /// Results in every format (off: `--no-scores`, `config scores off`).
    public var showScores: Bool
    public var now: Date
    /// Game length by sport id, for calendar events' ends.
    public var durations: () throws -> [String: Int]
    /// Each game's server modification time, for SEQUENCE and LAST-MODIFIED.
    public var modified: () throws -> [String: Int64]

    public init(
        entries: [ScheduleEntry], summary: String, query: JSONDocument, teamName: String?, times: TimeDisplay,
        showScores: Bool = true, now: Date, durations: @escaping () throws -> [String: Int],
        modified: @escaping () throws -> [String: Int64]
    ) {
        self.entries = entries
        self.summary = summary
        self.query = query
        self.teamName = teamName
        renderer = ScheduleRenderer(entries: entries, times: times, showScores: showScores)
        self.showScores = showScores
        self.now = now
        self.durations = durations
        self.modified = modified
    }

    /// The table's width: VENUE and CITY are cut to fit (nil: every cell whole, `--wide`).
    public var columns: Int?

    public func table(style: Style) -> String {
        (entries.isEmpty ? style.dim("no games match") + "\n" : renderer.table(style: style, columns: columns))
            + style.dim(summary.terminalSafe) + "\n"
    }

    public func json() -> JSONDocument { renderer.json(query: query, generatedAt: now) }

    public func csv() -> String { renderer.csv() }

    public func calendar() throws -> String {
        var renderer = CalendarRenderer(now: now, durations: try durations())
        renderer.modified = try modified()
        renderer.showScores = showScores
        let seasons = Set(entries.map(\.game.season))
        let sports = Set(entries.map(\.game.sport))
        renderer.calendarName = CalendarText.calendarName(
            team: teamName,
            league: sports.count == 1 ? sports.first?.uppercased() : nil,
            season: seasons.count == 1 ? seasons.first : nil)
        return renderer.schedule(entries)
    }
}
