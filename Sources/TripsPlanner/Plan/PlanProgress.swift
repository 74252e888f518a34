/// Where a running plan search stands, for a progress line on a terminal: a season-long window
/// searches for seconds, and a fan should see it working and what it has so far.
public struct PlanProgress: Sendable, Equatable {
    /// The most games any trip can see, once a games-only search has proven it.
    public var mostGames: Int?
    /// Games and distinct venues of the best trip found so far.
    public var best: (games: Int, venues: Int)?
    /// Partial trips expanded so far, by every search of the plan.
    public var expanded: Int

    public init(mostGames: Int?, best: (games: Int, venues: Int)?, expanded: Int) {
        self.mostGames = mostGames
        self.best = best
        self.expanded = expanded
    }

    public static func == (a: PlanProgress, b: PlanProgress) -> Bool {
        a.mostGames == b.mostGames && a.best?.games == b.best?.games && a.best?.venues == b.best?.venues
            && a.expanded == b.expanded
    }
}

/// Sums the searches of one plan into `PlanProgress` reports.
final class PlanProgressReport {
    private let report: (PlanProgress) -> Void
    private let interval: Int
    private let ranking: Ranking
    var mostGames: Int?
    private var best: Tally?
    private var done = 0

    init(interval: Int, ranking: Ranking, report: @escaping (PlanProgress) -> Void) {
        self.interval = max(1, interval)
        self.ranking = ranking
        self.report = report
    }

    /// Runs `search`, reporting while it runs and once when it ends.
    func run(_ search: inout ItinerarySearch) {
        search.checkpointInterval = interval
        search.checkpoint = { [self] tally, expanded in
            send(tally, expanded: done + expanded)
        }
        search.run()
        done += search.expanded
        send(search.found.first?.tally, expanded: done)
    }

    private func send(_ tally: Tally?, expanded: Int) {
        // The best of every search so far: a later search starts again from nothing.
        if let tally { best = best.map { ranking.best($0, tally) } ?? tally }
        report(
            PlanProgress(
                mostGames: mostGames, best: best.map { (Int($0.games), Int($0.stadiums)) }, expanded: expanded))
    }
}
