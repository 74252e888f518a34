import FoundationEssentials
import Glibc
import TripsModel

/// The games of `trips games` and `trips export` in every format they offer: a table with its
/// summary line, JSON with the query that chose the games, CSV, or a calendar.
struct ScheduleDocument: Rendering {
    var selection: ScheduleSelection
    var renderer: ScheduleRenderer
    var now: Date
    /// Game length by sport id, for calendar events' ends.
    var durations: () throws -> [String: Int]

    init(_ selection: ScheduleSelection, times: TimeDisplay, context: CLIContext, showScores: Bool = true) {
        self.selection = selection
        renderer = ScheduleRenderer(entries: selection.entries, times: times, showScores: showScores)
        now = context.now
        durations = {
            Dictionary(try context.provider().sports().map { ($0.sportId, $0.gameDurationMinutes) }) { a, _ in a }
        }
    }

    func table(style: Style) -> String {
        (selection.entries.isEmpty ? style.dim("no games match") + "\n" : renderer.table(style: style))
            + style.dim(selection.summary.terminalSafe) + "\n"
    }

    func json() -> JSONDocument { renderer.json(query: selection.queryJSON, generatedAt: now) }

    func csv() -> String { renderer.csv() }

    func calendar() throws -> String {
        CalendarRenderer(now: now, durations: try durations()).schedule(selection.entries)
    }
}

extension ScheduleSelection {
    /// With `--verbose`: why games of the store were left out (a team or venue not known).
    func noteUnresolved(_ context: CLIContext) {
        guard !list.unresolved.isEmpty, context.verbose else { return }
        for u in list.unresolved {
            context.stderr.line(
                "note: \(u.game.id): \(u.reasons.map(\.description).joined(separator: ", "))".terminalSafe)
        }
    }
}
