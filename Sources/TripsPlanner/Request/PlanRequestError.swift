import TripsModel

/// A request the planner cannot run: the CLI maps these to exit code 2 with the description.
public enum PlanRequestError: Error, Sendable, Hashable, CustomStringConvertible {
    case windowEndsBeforeStart(from: CalendarDay, to: CalendarDay)
    case invalidSetting(setting: String, value: Double, requirement: String)
    case tooManyMustSeeTeams(count: Int, limit: Int)
    case invalidPlace(name: String, reason: String)

    public var description: String {
        switch self {
        case .windowEndsBeforeStart(let from, let to):
            return "the trip ends (\(to)) before it starts (\(from))"
        case .invalidSetting(let setting, let value, let requirement):
            return "\(setting) must be \(requirement) (got \(PlanFormat.number(value)))"
        case .tooManyMustSeeTeams(let count, let limit):
            return "at most \(limit) must-see teams are supported (got \(count))"
        case .invalidPlace(let name, let reason):
            return "cannot plan from or to \(name): \(reason)"
        }
    }
}
