import FoundationEssentials

extension FeedFormat {
    /// Reads `data` with this format's reader; `source` (a path or URL) names it in errors.
    public func read(_ data: Data, source: String) throws -> FeedSchedule {
        switch self {
        case .mlbStatsAPISchedule: return try MLBStatsAPISchedule.read(data, source: source)
        case .nhlSchedule: return try NHLSchedule.read(data, source: source)
        case .nbaScheduleLeague: return try NBAScheduleLeague.read(data, source: source)
        case .espnScoreboard: return try ESPNScoreboard.read(data, source: source)
        }
    }
}
