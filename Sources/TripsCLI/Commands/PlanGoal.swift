import TripsPlanner

/// `--optimize`: the ranking of a plan (games, stadiums, driving) or the measure a tour
/// minimises (days, driving, distance). One option for both, so a fan types the same word.
enum PlanGoal: String, CaseIterable, Sendable {
    case games, stadiums, driving, days, distance

    /// The plan objective this goal names; nil for the tour-only goals.
    var planObjective: PlanObjective? { PlanObjective(rawValue: rawValue) }

    /// The tour objective this goal names; nil for the plan-only goals.
    var tourObjective: TourObjective? { TourObjective(rawValue: rawValue) }
}

/// `--max-drive-hours`: a number of hours, or `min` (with `--tour`): the smallest whole number
/// of hours a day that admits the tour.
enum DriveHoursAnswer: Sendable, Hashable {
    case hours(Double)
    case minimum

    static let range = 0.5...24.0

    static func parse(_ text: String) -> DriveHoursAnswer? {
        if text.lowercased() == "min" { return .minimum }
        return Double(text).flatMap { $0.isFinite && range.contains($0) ? .hours($0) : nil }
    }

    var hours: Double? {
        if case .hours(let hours) = self { return hours }
        return nil
    }
}

/// `--tour`: which great tour.
enum TourKindAnswer: String, CaseIterable, Sendable {
    /// One game of `--team` at each opponent's home building.
    case opponents
    /// One game at each team's home venue (`--sport`, or `--teams`).
    case venues
}
