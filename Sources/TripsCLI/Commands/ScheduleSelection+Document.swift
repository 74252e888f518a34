import TripsModel
import TripsRender

extension ScheduleDocument {
    /// A selection's games as the document `games` and `export` render, its calendar's game
    /// lengths and modification times read from the store when a calendar is written.
    init(_ selection: ScheduleSelection, times: TimeDisplay, context: CLIContext, showScores: Bool = true) {
        self.init(
            selection.entries, summary: selection.summary, query: selection.queryJSON,
            teamName: selection.teams.count == 1 ? selection.teams[0].name : nil, times: times, context: context,
            showScores: showScores)
    }

    /// `entries` (from `games`, `export` or `next`) as a document.
    init(
        _ entries: [ScheduleEntry], summary: String, query: JSONDocument, teamName: String? = nil,
        times: TimeDisplay = .venue, context: CLIContext, showScores: Bool
    ) {
        let ids = entries.map(\.game.id)
        self.init(
            entries: entries, summary: summary, query: query, teamName: teamName, times: times,
            showScores: showScores, now: context.now,
            durations: { try context.provider().gameDurations() },
            modified: { try context.provider().gameModificationTimes(ids: ids) })
    }
}

extension ScheduleSelection {
    /// Games at a neutral site the data does not name (a game abroad, its venue not announced)
    /// are shown in UTC, not the home club's zone, which may be an ocean away: said once. With
    /// `--verbose`: why games of the store were left out (a team or venue not known).
    func noteUnresolved(_ context: CLIContext) {
        let unplaced = list.unresolved.filter { $0.game.isNeutralSite && $0.game.stadiumId == nil }
        if let first = unplaced.first {
            let site =
                first.game.venueName.map { "at \($0), which trips cannot place" } ?? "at a neutral site not known yet"
            let lead =
                unplaced.count == 1
                ? "\(ScheduleEntry(first, now: context.now).matchup) is \(site): its time is"
                : "\(unplaced.count) games are at neutral sites trips cannot place yet: their times are"
            context.note(lead + " shown in UTC")
        }
        guard !list.unresolved.isEmpty, context.verbose else { return }
        for u in list.unresolved {
            context.stderr.line(
                "note: \(u.game.id): \(u.reasons.map(\.description).joined(separator: ", "))".terminalSafe)
        }
    }
}
