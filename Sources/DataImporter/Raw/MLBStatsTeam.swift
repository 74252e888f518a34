/// A club as the MLB Stats API states it. KurimaReiji's season schedules and its per-season team
/// tables both carry this object, so one type reads both.
struct MLBStatsTeam: Decodable, Sendable {
    var name: String
    var abbreviation: String
    var teamName: String
    var clubName: String
    var locationName: String
    var league: String
    var division: String
    var firstYearOfPlay: String
}
