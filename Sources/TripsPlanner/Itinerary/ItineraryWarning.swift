/// Something a fan should know before relying on an itinerary.
public enum ItineraryWarning: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The leg arrives with less than `tightSlackMinutes` to spare beyond the buffer kept before
    /// each game for parking (`DrivingRules.bufferBeforeGameMinutes`); `slackMinutes` excludes it.
    case tightConnection(legIndex: Int, gameId: String, slackMinutes: Double)
    /// A doubleheader's second game is listed with a placeholder time; the planner assumed it
    /// starts 30 minutes after the first ends.
    case estimatedStart(gameId: String)

    /// Slack below this many minutes makes a leg "tight".
    public static let tightSlackMinutes: Double = 30

    public var description: String {
        switch self {
        case .tightConnection(_, let gameId, let slack):
            return "tight connection to \(gameId): \(PlanFormat.number(slack)) min to spare beyond the parking buffer"
        case .estimatedStart(let gameId):
            return "\(gameId) follows the first game of a doubleheader; its start time is an estimate"
        }
    }
}
