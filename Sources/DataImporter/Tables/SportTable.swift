import TripsModel

/// The six sports trips knows, with the planner's typical game length and the months a
/// season (regular season and playoffs) spans. Hand-made: no raw file states these.
enum SportTable {
    static let all: [Sport] = [
        sport("mlb", "MLB", "Major League Baseball", 3, 10, 180),
        sport("nba", "NBA", "National Basketball Association", 10, 6, 150),
        sport("nhl", "NHL", "National Hockey League", 10, 6, 150),
        sport("nfl", "NFL", "National Football League", 9, 2, 195),
        sport("wnba", "WNBA", "Women's National Basketball Association", 5, 10, 120),
        sport("mls", "MLS", "Major League Soccer", 2, 12, 120),
    ]

    private static func sport(
        _ id: String, _ abbreviation: String, _ name: String, _ start: Int, _ end: Int, _ minutes: Int
    ) -> Sport {
        Sport(
            id: Sport.recordName(for: id), sportId: id, abbreviation: abbreviation, displayName: name,
            seasonStartMonth: start, seasonEndMonth: end, gameDurationMinutes: minutes)
    }
}
