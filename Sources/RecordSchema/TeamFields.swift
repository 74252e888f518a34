/// The `Team` record's fields (DESIGN §3), in store column order.
public enum TeamFields {
    public static let recordType = "Team"
    public static let sport = FieldSpec("sport", .string, column: "sport")
    public static let abbreviation = FieldSpec("abbreviation", .string, column: "abbreviation")
    public static let city = FieldSpec("city", .string, column: "city")
    public static let nickname = FieldSpec("nickname", .string, column: "nickname")
    public static let name = FieldSpec("name", .string, column: "name")
    public static let stadiumId = FieldSpec("stadiumId", .string, .optional, column: "stadium_id")
    public static let leagueId = FieldSpec("leagueId", .string, .optional, column: "league_id")
    public static let conferenceId = FieldSpec("conferenceId", .string, .optional, column: "conference_id")
    public static let divisionId = FieldSpec("divisionId", .string, .optional, column: "division_id")

    public static let all = [sport, abbreviation, city, nickname, name, stadiumId, leagueId, conferenceId, divisionId]
}
