import TripsPlanner

/// The live line on a terminal while a tour is searched — "searching: best 53 days · none under
/// 24 days · 12 s of 60 s" — rewritten in place and erased before the answer prints, so a long
/// proof shows it is narrowing instead of a silent terminal. Quiet for the first half second,
/// so quick answers never flicker.
final class TourProgressLine {
    private let output: Output
    private let objective: TourObjective
    private let limitSeconds: Double
    private var shown = false

    init(output: Output, objective: TourObjective, limitSeconds: Double) {
        self.output = output
        self.objective = objective
        self.limitSeconds = limitSeconds
    }

    func show(_ progress: TourProgress) {
        guard progress.elapsedSeconds >= 0.5 else { return }
        output.write("\r\u{1B}[2K" + Self.text(progress, objective: objective, limitSeconds: limitSeconds))
        output.flush()
        shown = true
    }

    /// Erases the line, if one was shown.
    func clear() {
        guard shown else { return }
        output.write("\r\u{1B}[2K")
        output.flush()
        shown = false
    }

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
