/// The parts of NHL api-web `/v1/schedule/{date}` (`gameWeek`) and
/// `/v1/club-schedule-season/{team}/{season}` (`games`) responses the reader uses.
struct NHLScheduleWire: Decodable {
    var gameWeek: [Day]?
    var games: [Game]?

    struct Day: Decodable {
        var date: String
        var games: [Game]
    }

    struct Game: Decodable {
        var id: Int
        var season: Int
        var gameType: Int
        var gameDate: String?
        var venue: LocalizedName?
        var neutralSite: Bool?
        var startTimeUTC: String
        var venueUTCOffset: String?
        var venueTimezone: String?
        var gameState: String
        var gameScheduleState: String?
        var homeTeam: Team
        var awayTeam: Team
        var gameOutcome: Outcome?
    }

    /// A finished game's `lastPeriodType`: REG, OT or SO.
    struct Outcome: Decodable {
        var lastPeriodType: String?
    }

    struct Team: Decodable {
        var id: Int?
        var abbrev: String?
        var commonName: LocalizedName?
        var placeName: LocalizedName?
        var name: LocalizedName?
        var score: Int?
    }
}
