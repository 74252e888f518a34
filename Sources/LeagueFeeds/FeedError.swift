/// The formats the readers know, named as a user would recognise them.
public enum FeedFormat: String, Sendable, Hashable, CaseIterable {
    case mlbStatsAPISchedule = "MLB Stats API schedule"
    case nhlSchedule = "NHL api-web schedule"
    case nbaScheduleLeague = "NBA scheduleLeagueV2"
    case espnScoreboard = "ESPN scoreboard"
}

/// Why a response could not be read. Every case names the source (file or URL) and the format,
/// and says what was wrong, so the publisher's log line is enough to find the bad input.
public enum FeedError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Not JSON at all (truncated, HTML error page, empty).
    case notJSON(format: FeedFormat, source: String, detail: String)
    /// JSON, but a field the format needs is missing or of the wrong type.
    case unexpectedShape(format: FeedFormat, source: String, path: String, detail: String)
    /// A field is there but its value cannot be read (a date that is not a date).
    case badValue(format: FeedFormat, source: String, gameId: String, field: String, value: String)
    /// A league this reader does not map to a sport code (ESPN serves many).
    case unsupportedLeague(format: FeedFormat, source: String, league: String)

    public var description: String {
        switch self {
        case .notJSON(let format, let source, let detail):
            return "\(source): not a \(format.rawValue) response (not JSON: \(detail))"
        case .unexpectedShape(let format, let source, let path, let detail):
            return "\(source): not a \(format.rawValue) response: \(detail) at \(path.isEmpty ? "the top level" : path)"
        case .badValue(let format, let source, let gameId, let field, let value):
            return "\(source): \(format.rawValue) game \(gameId) has an unreadable \(field): \"\(value)\""
        case .unsupportedLeague(let format, let source, let league):
            return "\(source): \(format.rawValue) for league \"\(league)\", which trips does not carry"
        }
    }
}
