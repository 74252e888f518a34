/// The `Sport` record's fields (DESIGN §3), in store column order.
public enum SportFields {
    public static let recordType = "Sport"
    public static let sportId = FieldSpec("sportId", .string, column: "sport_id")
    public static let abbreviation = FieldSpec("abbreviation", .string, column: "abbreviation")
    public static let displayName = FieldSpec("displayName", .string, column: "display_name")
    public static let seasonStartMonth = FieldSpec(
        "seasonStartMonth", .int64, column: "season_start_month", integers: 1...12)
    public static let seasonEndMonth = FieldSpec("seasonEndMonth", .int64, column: "season_end_month", integers: 1...12)
    public static let gameDurationMinutes = FieldSpec(
        "gameDurationMinutes", .int64, column: "game_duration_minutes", integers: 1...1440)

    public static let all = [sportId, abbreviation, displayName, seasonStartMonth, seasonEndMonth, gameDurationMinutes]
}
