import FoundationEssentials

extension FeedFormat {
    /// Reads `data` with this format's reader; `source` (a path or URL) names it in errors.
    public func read(_ data: Data, source: String) throws -> FeedSchedule {
        let schedule: FeedSchedule
        switch self {
        case .mlbStatsAPISchedule: schedule = try MLBStatsAPISchedule.read(data, source: source)
        case .nhlSchedule: schedule = try NHLSchedule.read(data, source: source)
        case .nbaScheduleLeague: schedule = try NBAScheduleLeague.read(data, source: source)
        case .espnScoreboard: schedule = try ESPNScoreboard.read(data, source: source)
        }
        return try schedule.checkedRanges(format: self, source: source)
    }
}
