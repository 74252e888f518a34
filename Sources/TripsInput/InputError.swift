/// A value the user typed that the command cannot use (exit 2).
public enum InputError: Error, Sendable, Hashable, CustomStringConvertible {
    case badDate(option: String, value: String)
    case badSeason(option: String, value: String)
    case badTimeZone(String)
    case emptyRange(from: String, to: String)
    case refused(String)
    case other(String)

    public var description: String {
        switch self {
        case .badDate(let option, let value):
            return
                "invalid date '\(value)' for \(option) — use YYYY-MM-DD, today, tonight, tomorrow, yesterday, "
                + "this weekend, next weekend, or +7d / -3d / +2w"
        case .badSeason(let option, let value):
            return "invalid season '\(value)' for \(option) — use a year (2026) or a span (2025-26 or 2025-2026)"
        case .badTimeZone(let value):
            return "unknown time zone '\(value)' — use venue, local, UTC, UTC-5, a US abbreviation (ET, CT, MT, PT) "
                + "or an IANA name such as America/Chicago"
        case .emptyRange(let from, let to):
            return "--from \(from) is after --to \(to)"
        case .refused(let message), .other(let message):
            return message
        }
    }
}
