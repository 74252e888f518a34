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

/// `--max-drive-hours`: a number of hours, or (with `--tour`) `min`: the fewest whole hours a
/// day whose tour is at most 10 % longer than at 6 h; `least`: the fewest that admit the tour at
/// all, however long it gets.
enum DriveHoursAnswer: Sendable, Hashable {
    case hours(Double)
    case minimum
    case least

    static let range = 0.5...24.0

    static func parse(_ text: String) -> DriveHoursAnswer? {
        switch text.lowercased() {
        case "min": return .minimum
        case "least": return .least
        default: break
        }
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
