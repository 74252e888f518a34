import Foundation
import LeagueFeeds

/// The recorded feed responses in `../shared/data/feeds` (beside the repository, like
/// `../shared/data/raw`), found from this file's path so the tests need no working directory.
enum RecordedFeeds {
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let directory = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/data/feeds")

    static let mlbPlayed = "mlb/mlb_schedule_2025.json"
    static let mlbPublished = "mlb/mlb_schedule_2025_as_published_2024-11-29.json"
    static let nhlClubSeason = "nhl/club_schedule_season_TOR_20242025.json"
    static let nhlWeek = "nhl/schedule_2024-10-09_gameWeek.json"
    static let nhlWeek2026 = "nhl/schedule_week_2026-10-01_20262027_TRANSCRIBED.json"
    static let nba = "nba/scheduleLeagueV2_2024-25_as_released_2024-08-16.json"
    static let espnNFL = "espn/ha-teamtracker_nfl.json"
    static let espnNHL = "espn/ha-teamtracker_nhl.json"
    static let espnMLS = "espn/ha-teamtracker_mls.json"

    static func data(_ path: String) throws -> Data {
        try Data(contentsOf: directory.appendingPathComponent(path))
    }

    /// The file as a plain JSON tree, for counts made without the readers.
    static func json(_ path: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: data(path)) as? [String: Any] ?? [:]
    }

    /// Reads a recorded file with `reader`, naming it as the source.
    static func read(_ path: String, with reader: (Data, String) throws -> FeedSchedule) throws -> FeedSchedule {
        try reader(data(path), path)
    }

    static func instant(_ text: String) -> Date {
        ISO8601DateFormatter().date(from: text) ?? .distantPast
    }
}

extension FeedSchedule {
    subscript(id: String) -> FeedGame? { games.first { $0.gameId == id } }
}
