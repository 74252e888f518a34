import TripsPlanner
import TripsRender

/// The live line on a terminal while a tour is searched — "searching: best 53 days · none under
/// 24 days · 12 s of 60 s" — rewritten in place and erased before the answer prints, so a long
/// proof shows it is narrowing instead of a silent terminal. Quiet for the first half second,
/// so quick answers never flicker.
final class TourProgressLine {
    private let line: LiveLine
    private let objective: TourObjective
    private let limitSeconds: Double

    init(output: Output, objective: TourObjective, limitSeconds: Double) {
        line = LiveLine(output: output)
        self.objective = objective
        self.limitSeconds = limitSeconds
    }

    func show(_ progress: TourProgress) {
        line.show(
            Self.text(progress, objective: objective, limitSeconds: limitSeconds), after: progress.elapsedSeconds)
    }

    /// Erases the line, if one was shown.
    func clear() { line.clear() }

    static func text(_ progress: TourProgress, objective: TourObjective, limitSeconds: Double) -> String {
        let clock = "\(Int(progress.elapsedSeconds)) s of \(Int(limitSeconds.rounded())) s"
        switch progress.stage {
        case .fewestHours(let hours):
            return "finding the fewest hours a day: trying \(hours) h · \(clock)"
        case .searching:
            guard let best = progress.best else { return "searching: no tour yet · \(clock)" }
            var text = "searching: best \(TourReport.measure(best, by: objective))"
            if let bound = progress.bound, bound < best {
                text += " · no tour under \(TourReport.measure(bound, by: objective))"
            }
            return text + " · \(clock)"
        }
    }
}
