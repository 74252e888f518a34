/// The parts of an MLB Stats API `/api/v1/schedule` response the reader uses.
struct MLBScheduleWire: Decodable {
    var dates: [Day]

    struct Day: Decodable {
        var date: String?
        var games: [Game]
    }

    struct Game: Decodable {
        var gamePk: Int
        var gameType: String
        var season: String
        var gameDate: String
        var officialDate: String?
        var status: Status
        var teams: Teams
        var venue: Venue?
        var gameNumber: Int?
        var doubleHeader: String?
        var rescheduleDate: String?
        var rescheduleGameDate: String?
        var rescheduledFrom: String?
        var rescheduledFromDate: String?
        var resumeDate: String?
        var resumeGameDate: String?
        var resumedFrom: String?
    }

    struct Status: Decodable {
        var abstractGameState: String?
        var codedGameState: String?
        var detailedState: String?
        var startTimeTBD: Bool?
        var reason: String?
    }

    struct Teams: Decodable {
        var home: Side
        var away: Side
    }

    struct Side: Decodable {
        var team: Team
        var score: Int?
    }

    struct Team: Decodable {
        var id: Int?
        var name: String?
    }
}
