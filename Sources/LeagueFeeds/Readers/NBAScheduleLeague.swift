import FoundationEssentials
import TripsModel

/// Reads NBA `scheduleLeagueV2` (cdn.nba.com staticData), the season's whole schedule.
///
/// A game id's first three digits are its kind: 001 preseason, 002 regular (Cup group and
/// knockout games included), 004 playoffs, 005 play-in, 006 the Cup championship (outside the
/// standings); 003, the All-Star Game, is skipped. A slot not yet filled (Cup knockout rounds, as
/// released) has team id 0 and empty tricodes: skipped as a placeholder. TBD is `gameTimeEst` in
/// year 0001, `gameStatusText` "TBD" or `gameDateTimeEst` at midnight (the placeholder start).
/// `gameStatus` 1/2/3 is scheduled/live/final; `postponedStatus` "A" is normal, "P" postponed,
/// "C" cancelled (only "A" appears in the recorded release). The local date is the date of
/// `homeTeamTime` (the home team's wall clock; the feed gives no venue zone); neutral sites are
/// `isNeutral` (later schema versions) or an arena outside the United States and Canada (Paris,
/// Mexico City).
public enum NBAScheduleLeague {
    public static let format = FeedFormat.nbaScheduleLeague

    public static func read(_ data: Data, source: String) throws -> FeedSchedule {
        let wire = try FeedJSON.decode(NBAScheduleWire.self, from: data, format: format, source: source)
        let season = wire.leagueSchedule.seasonYear
        var builder = FeedScheduleBuilder(format: format)
        for game in wire.leagueSchedule.gameDates.flatMap(\.games) {
            guard let seasonType = seasonType(gameId: game.gameId) else {
                builder.skip(game.gameId, .allStar)
                continue
            }
            guard let home = team(game.homeTeam), let away = team(game.awayTeam) else {
                builder.skip(game.gameId, .placeholderTeams)
                continue
            }
            guard let start = FeedTimestamp.instant(game.gameDateTimeUTC) else {
                throw FeedError.badValue(
                    format: format, source: source, gameId: game.gameId, field: "gameDateTimeUTC",
                    value: game.gameDateTimeUTC)
            }
            let status = status(game)
            let localDate = (game.homeTeamTime ?? game.gameDateEst).flatMap(FeedTimestamp.datePart)
            var score: FeedScore?
            if status == .inProgress || status.isOver, let homeScore = game.homeTeam.score,
                let awayScore = game.awayTeam.score
            {
                score = FeedScore(home: homeScore, away: awayScore)
            }
            let venue = game.arenaName.flatMap { $0.isEmpty || $0 == "TBD" ? nil : arena(named: $0, game) }
            builder.add(
                FeedGame(
                    league: "nba", gameId: game.gameId, season: season, seasonType: seasonType, localDate: localDate,
                    start: start, timeTBD: isTBD(game), status: status,
                    postponement: status == .postponed
                        ? FeedPostponement(from: FeedSlot(date: localDate, start: start), to: nil, reason: nil) : nil,
                    home: home, away: away, score: score, venue: venue,
                    isNeutralSite: game.isNeutral ?? (venue.map { $0.country != "US" && $0.country != "CA" } ?? false)))
        }
        return builder.schedule
    }

    static func seasonType(gameId: String) -> FeedSeasonType? {
        switch gameId.dropFirst(2).prefix(1) {
        case "1": return .preseason
        case "2": return .regular
        case "4", "5": return .postseason
        case "6": return .tournament
        default: return nil
        }
    }

    /// No NBA game starts at midnight Eastern, so `gameDateTimeEst` at 00:00 is the placeholder too.
    static func isTBD(_ game: NBAScheduleWire.Game) -> Bool {
        game.gameStatusText == "TBD" || (game.gameTimeEst?.hasPrefix("0001-") ?? false)
            || (game.gameDateTimeEst?.hasSuffix("T00:00:00Z") ?? false)
    }

    static func status(_ game: NBAScheduleWire.Game) -> FeedGameStatus {
        switch game.postponedStatus {
        case "P": return .postponed
        case "C": return .cancelled
        default: break
        }
        switch game.gameStatus {
        case 2: return .inProgress
        case 3: return .final
        default: return .scheduled
        }
    }

    private static func team(_ team: NBAScheduleWire.Team) -> FeedTeam? {
        guard let id = team.teamId, id > 0, let tricode = team.teamTricode, !tricode.isEmpty else { return nil }
        let name = [team.teamCity, team.teamName].compactMap { $0 }.joined(separator: " ")
        return FeedTeam(
            id: String(id), abbreviation: tricode, name: name.isEmpty ? tricode : name, location: team.teamCity)
    }

    /// `arenaState` holds a US state or Canadian province, or a country code abroad (`FR`, `MX`).
    private static func arena(named name: String, _ game: NBAScheduleWire.Game) -> FeedVenue {
        let code = game.arenaState.flatMap { $0.isEmpty ? nil : $0 }
        var venue = FeedVenue(id: nil, name: name, city: game.arenaCity.flatMap { $0.isEmpty ? nil : $0 })
        if let code, RegionCodes.unitedStates.contains(code) {
            venue.state = code
            venue.country = "US"
        } else if let code, RegionCodes.canada.contains(code) {
            venue.state = code
            venue.country = "CA"
        } else {
            venue.country = code
        }
        return venue
    }
}

/// Postal codes of US states (and DC) and Canadian provinces, to tell an arena at home from one abroad.
enum RegionCodes {
    static let unitedStates: Set<String> = [
        "AL", "AK", "AZ", "AR", "CA", "CO", "CT", "DE", "DC", "FL", "GA", "HI", "ID", "IL", "IN", "IA", "KS", "KY",
        "LA", "ME", "MD", "MA", "MI", "MN", "MS", "MO", "MT", "NE", "NV", "NH", "NJ", "NM", "NY", "NC", "ND", "OH",
        "OK", "OR", "PA", "RI", "SC", "SD", "TN", "TX", "UT", "VT", "VA", "WA", "WV", "WI", "WY", "PR",
    ]
    static let canada: Set<String> = ["AB", "BC", "MB", "NB", "NL", "NS", "NT", "NU", "ON", "PE", "QC", "SK", "YT"]
}
