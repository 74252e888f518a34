/// The parts of NBA `scheduleLeagueV2` the reader uses.
struct NBAScheduleWire: Decodable {
    var leagueSchedule: LeagueSchedule

    struct LeagueSchedule: Decodable {
        var seasonYear: String
        var gameDates: [Day]
    }

    struct Day: Decodable {
        var games: [Game]
    }

    struct Game: Decodable {
        var gameId: String
        var gameStatus: Int
        var gameStatusText: String?
        var gameDateEst: String?
        var gameTimeEst: String?
        var gameDateTimeEst: String?
        var gameDateTimeUTC: String
        var homeTeamTime: String?
        var arenaName: String?
        var arenaCity: String?
        var arenaState: String?
        var postponedStatus: String?
        var isNeutral: Bool?
        var homeTeam: Team
        var awayTeam: Team
    }

    struct Team: Decodable {
        var teamId: Int?
        var teamName: String?
        var teamCity: String?
        var teamTricode: String?
        var score: Int?
    }
}
