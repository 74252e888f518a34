import Foundation
import LeagueFeeds
import TripsModel

/// `kurimareiji-mlb2026/mlb-games-YYYY.json`: one MLB season as the MLB Stats API states it.
///
/// Quirks handled here: "Postponed" rows are shells (the make-up is its own row with the same
/// gamePk); a suspended game appears twice (kept once, at its original start, so its local date
/// stays the `officialDate`, with the resumption from `resumeDate`); games name clubs by
/// nickname ("Diamondbacks" while the teams table says "D-backs").
struct KurimaReijiSchedule: Decodable, Sendable {
    struct Side: Decodable, Sendable {
        var team: String
    }

    struct Sides: Decodable, Sendable {
        var away: Side
        var home: Side
    }

    struct Game: Decodable, Sendable {
        var gamePk: Int
        var gameDate: String
        var officialDate: String
        var status: String
        var teams: Sides
        var venue: String
        var resumedFrom: String?
        /// On a suspended game's original row: when play resumed.
        var resumeDate: String?
    }

    var season: String
    var teams: [MLBStatsTeam]
    var games: [Game]

    /// The season's teams in MLB's own codes, with their league and division ids.
    func teamEntries() -> [TeamEntry] {
        teams.map { t in
            let nickname = t.clubName
            var city = t.name.hasSuffix(" " + nickname) ? String(t.name.dropLast(nickname.count + 1)) : ""
            if city.isEmpty { city = t.locationName }
            let division = MLBStructure.division(named: t.division)
            return TeamEntry(
                code: t.abbreviation, name: t.name, nickname: nickname, city: city,
                leagueId: division?.parentId, divisionId: division?.id, venueCity: t.locationName,
                otherNames: t.teamName == nickname ? [] : [t.teamName])
        }
    }

    /// Regular-season games, one per gamePk, Postponed shells dropped.
    func entries(path: String) throws(ImportError) -> [FeedGame] {
        var codeByName: [String: String] = [:]
        for t in teams {
            codeByName[t.teamName] = t.abbreviation
            codeByName[t.clubName] = t.abbreviation
        }
        var byPk: [Int: Game] = [:]
        for game in games where game.status != "Postponed" {
            // A resumed game repeats its gamePk: keep the row of the original start.
            if let kept = byPk[game.gamePk], kept.resumedFrom == nil { continue }
            byPk[game.gamePk] = game
        }
        var out: [FeedGame] = []
        for game in byPk.values.sorted(by: { $0.gamePk < $1.gamePk }) {
            guard let home = codeByName[game.teams.home.team] else {
                throw .unknownTeam(sport: "mlb", name: game.teams.home.team, source: path)
            }
            guard let away = codeByName[game.teams.away.team] else {
                throw .unknownTeam(sport: "mlb", name: game.teams.away.team, source: path)
            }
            let name = "gamePk \(game.gamePk)"
            let start = try RawInstant.date(game.gameDate, in: path, game: name, field: "gameDate")
            let resumedAt = try game.resumeDate.map { (text) throws(ImportError) in
                try RawInstant.date(text, in: path, game: name, field: "resumeDate")
            }
            out.append(
                FeedGame(
                    sourceId: String(game.gamePk), start: start, homeCode: home, awayCode: away,
                    venueName: game.venue, status: KurimaReijiSchedule.status(game.status),
                    localDate: CalendarDay(iso: game.officialDate), resumedAt: resumedAt))
        }
        return out
    }

    static func status(_ text: String) -> TripsModel.Game.Status {
        switch text {
        case "Final", "Completed Early", "Game Over": return .final
        case "Cancelled": return .cancelled
        case "Postponed": return .postponed
        default: return .scheduled
        }
    }
}
