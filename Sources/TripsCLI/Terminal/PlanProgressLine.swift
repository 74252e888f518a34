import OutputText
import TripsPlanner

/// The live line on a terminal while a long window is planned — "planning: best so far 33 games,
/// 20 venues · no trip sees more than 33 games · 2 s" — rewritten in place and erased before the
/// answer prints. Quiet for the first half second, so quick answers never flicker.
final class PlanProgressLine {
    private let line: LiveLine
    private let elapsed: () -> Double

    init(output: Output, elapsed: @escaping () -> Double) {
        line = LiveLine(output: output)
        self.elapsed = elapsed
    }

    func show(_ progress: PlanProgress) {
        let seconds = elapsed()
        line.show(Self.text(progress, seconds: seconds), after: seconds)
    }

    /// Erases the line, if one was shown.
    func clear() { line.clear() }

    static func text(_ progress: PlanProgress, seconds: Double) -> String {
        var text = "planning: "
        if let best = progress.best {
            text += "best so far \(best.games.grouped) games, \(best.venues.grouped) venues"
        } else {
            text += "no trip yet"
        }
        if let most = progress.mostGames { text += " · no trip sees more than \(most.grouped) games" }
        return text + " · \(Int(seconds)) s"
    }
}
