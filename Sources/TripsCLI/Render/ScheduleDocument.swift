import CalendarText
import FoundationEssentials
import Glibc
import OutputText
import TripsModel

/// The games of `trips games` and `trips export` in every format they offer: a table with its
/// summary line, JSON with the query that chose the games, CSV, or a calendar.
struct ScheduleDocument: Rendering {
    var selection: ScheduleSelection
    var renderer: ScheduleRenderer
    var now: Date
    /// Game length by sport id, for calendar events' ends.
    var durations: () throws -> [String: Int]
    /// Each game's server modification time, for SEQUENCE and LAST-MODIFIED.
    var modified: () throws -> [String: Int64]

    init(_ selection: ScheduleSelection, times: TimeDisplay, context: CLIContext, showScores: Bool = true) {
        self.selection = selection
        renderer = ScheduleRenderer(entries: selection.entries, times: times, showScores: showScores)
        now = context.now
        durations = {
            Dictionary(try context.provider().sports().map { ($0.sportId, $0.gameDurationMinutes) }) { a, _ in a }
        }
        let ids = selection.entries.map(\.game.id)
        modified = { try context.provider().gameModificationTimes(ids: ids) }
    }

    func table(style: Style) -> String {
        (selection.entries.isEmpty ? style.dim("no games match") + "\n" : renderer.table(style: style))
            + style.dim(selection.summary.terminalSafe) + "\n"
    }

    func json() -> JSONDocument { renderer.json(query: selection.queryJSON, generatedAt: now) }

    func csv() -> String { renderer.csv() }

    func calendar() throws -> String {
        var renderer = CalendarRenderer(now: now, durations: try durations())
        renderer.modified = try modified()
        let seasons = Set(selection.entries.map(\.game.season))
        let sports = Set(selection.entries.map(\.game.sport))
        renderer.calendarName = CalendarText.calendarName(
            team: selection.teams.count == 1 ? selection.teams[0].name : nil,
            league: sports.count == 1 ? sports.first?.uppercased() : nil,
            season: seasons.count == 1 ? seasons.first : nil)
        return renderer.schedule(selection.entries)
    }
}

extension ScheduleSelection {
    /// Games at a neutral site the data does not name (a game abroad, its venue not announced)
    /// are shown in UTC, not the home club's zone, which may be an ocean away: said once. With
    /// `--verbose`: why games of the store were left out (a team or venue not known).
    func noteUnresolved(_ context: CLIContext) {
        let unplaced = list.unresolved.filter { $0.game.isNeutralSite && $0.game.stadiumId == nil }
        if let first = unplaced.first {
            let lead =
                unplaced.count == 1
                ? "\(ScheduleEntry(first, now: context.now).matchup) is at a neutral site not known yet: its time is"
                : "\(unplaced.count) games are at neutral sites not known yet: their times are"
            let words = ("note: " + lead + " shown in UTC").split(separator: " ").map(String.init)
            for (n, line) in TextWrap.lines(words, separator: " ", first: TextWrap.columns, rest: TextWrap.columns - 6)
                .enumerated()
            {
                context.stderr.line((n == 0 ? line : "      " + line).terminalSafe)
            }
        }
        guard !list.unresolved.isEmpty, context.verbose else { return }
        for u in list.unresolved {
            context.stderr.line(
                "note: \(u.game.id): \(u.reasons.map(\.description).joined(separator: ", "))".terminalSafe)
        }
    }
}
