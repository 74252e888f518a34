/// The `Game` record's fields (DESIGN §3), in store column order.
public enum GameFields {
    public static let recordType = "Game"
    public static let sport = FieldSpec("sport", .string, column: "sport")
    public static let season = FieldSpec("season", .string, column: "season")
    public static let startTime = FieldSpec("startTime", .timestamp, column: "start_ms")
    public static let timeTBD = FieldSpec("timeTBD", .int64, .defaulted(.int64(0)), column: "time_tbd", integers: 0...1)
    public static let homeTeamId = FieldSpec("homeTeamId", .string, column: "home_team_id")
    public static let awayTeamId = FieldSpec("awayTeamId", .string, column: "away_team_id")
    public static let stadiumId = FieldSpec("stadiumId", .string, .optional, column: "stadium_id")
    public static let gameNumber = FieldSpec(
        "gameNumber", .int64, .defaulted(.int64(1)), column: "game_number", integers: 1...9)
    public static let status = FieldSpec("status", .string, .defaulted(.string("scheduled")), column: "status")
    public static let isNeutralSite = FieldSpec(
        "isNeutralSite", .int64, .defaulted(.int64(0)), column: "is_neutral_site", integers: 0...1)
    public static let seasonType = FieldSpec(
        "seasonType", .string, .defaulted(.string("regular")), column: "season_type")
    public static let resumedAt = FieldSpec("resumedAt", .timestamp, .optional, column: "resumed_ms")
    /// Results (schema 2): set once the game is over (or as it stands while it is played).
    public static let homeScore = FieldSpec("homeScore", .int64, .optional, column: "home_score", integers: 0...999)
    public static let awayScore = FieldSpec("awayScore", .int64, .optional, column: "away_score", integers: 0...999)
    /// The league's own id of the game (MLB gamePk "778899"; the bundle carries it too): within its
    /// sport, the publisher's source-id → record map.
    public static let sourceId = FieldSpec("sourceId", .string, .optional, column: "source_id")
    /// The name of a venue no stadium record stands for (one trips cannot place): no stadiumId then.
    public static let venueName = FieldSpec("venueName", .string, .optional, column: "venue_name")

    /// How a game over was decided ("regulation", "overtime", "shootout"); absent: not stated.
    public static let decidedIn = FieldSpec("decidedIn", .string, .optional, column: "decided_in")

    public static let all = [
        sport, season, startTime, timeTBD, homeTeamId, awayTeamId, stadiumId, gameNumber, status, isNeutralSite,
        seasonType, resumedAt, homeScore, awayScore, sourceId, venueName, decidedIn,
    ]
}
