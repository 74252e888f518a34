import FoundationEssentials
import TripsModel

/// Reads NHL api-web schedules: a league week (`/v1/schedule/{date}`, `gameWeek[].games`) or a
/// club's season (`/v1/club-schedule-season/{team}/{season}`, `games`).
///
/// Status is `gameState` (FUT/PRE scheduled, LIVE/CRIT in progress, FINAL/OFF over) unless
/// `gameScheduleState` says otherwise (PPD postponed, SUSP suspended, CNCL cancelled; TBD: the
/// time is not set). Every recorded game is `OK`: those other codes follow community documentation
/// of the API, not a recorded response. The local date is the club schedule's `gameDate`, else the
/// start at `venueUTCOffset`; the zone is `venueTimezone` as given (`US/Eastern` included).
public enum NHLSchedule {
    public static let format = FeedFormat.nhlSchedule

    public static func read(_ data: Data, source: String) throws -> FeedSchedule {
        let wire = try FeedJSON.decode(NHLScheduleWire.self, from: data, format: format, source: source)
        guard let games = wire.games ?? wire.gameWeek.map({ $0.flatMap(\.games) }) else {
            throw FeedError.unexpectedShape(
                format: format, source: source, path: "", detail: "neither \"gameWeek\" nor \"games\"")
        }
        var builder = FeedScheduleBuilder(format: format)
        for game in games {
            let id = String(game.id)
            guard let seasonType = seasonType(game.gameType) else {
                builder.skip(id, .allStar)
                continue
            }
            guard let home = team(game.homeTeam), let away = team(game.awayTeam) else {
                builder.skip(id, .placeholderTeams)
                continue
            }
            builder.add(try self.game(game, seasonType: seasonType, home: home, away: away, source: source))
        }
        return builder.schedule
    }

    private static func game(
        _ game: NHLScheduleWire.Game, seasonType: FeedSeasonType, home: FeedTeam, away: FeedTeam, source: String
    ) throws -> FeedGame {
        let id = String(game.id)
        guard let start = FeedTimestamp.instant(game.startTimeUTC) else {
            throw FeedError.badValue(
                format: format, source: source, gameId: id, field: "startTimeUTC", value: game.startTimeUTC)
        }
        guard let season = SeasonName.nhl(game.season) else {
            throw FeedError.badValue(
                format: format, source: source, gameId: id, field: "season", value: "\(game.season)")
        }
        let offset = game.venueUTCOffset.flatMap(FeedTimestamp.offsetSeconds)
        let localDate =
            game.gameDate.flatMap(FeedTimestamp.datePart)
            ?? offset.map { FeedTimestamp.day(of: start, offsetSeconds: $0) }
        let status = status(gameState: game.gameState, scheduleState: game.gameScheduleState)
        var score: FeedScore?
        if status == .inProgress || status.isOver, let homeScore = game.homeTeam.score,
            let awayScore = game.awayTeam.score
        {
            score = FeedScore(
                home: homeScore, away: awayScore,
                decidedIn: status.isOver ? decidedIn(game.gameOutcome?.lastPeriodType) : nil)
        }
        return FeedGame(
            league: "nhl", gameId: id, season: season, seasonType: seasonType, localDate: localDate, start: start,
            timeTBD: game.gameScheduleState == "TBD", status: status,
            postponement: status == .postponed
                ? FeedPostponement(from: FeedSlot(date: localDate, start: start), to: nil, reason: nil) : nil,
            suspension: status == .suspended ? FeedSuspension(resumes: nil) : nil,
            home: home, away: away, score: score,
            venue: game.venue.map { FeedVenue(id: nil, name: $0.default, timeZone: game.venueTimezone) },
            isNeutralSite: game.neutralSite ?? false)
    }

    /// `gameOutcome.lastPeriodType`; another code (or none) is not stated.
    static func decidedIn(_ lastPeriodType: String?) -> Game.DecidedIn? {
        switch lastPeriodType {
        case "REG": return .regulation
        case "OT": return .overtime
        case "SO": return .shootout
        default: return nil
        }
    }

    static func status(gameState: String, scheduleState: String?) -> FeedGameStatus {
        switch scheduleState {
        case "PPD": return .postponed
        case "SUSP": return .suspended
        case "CNCL": return .cancelled
        default: break
        }
        switch gameState {
        case "LIVE", "CRIT": return .inProgress
        case "FINAL", "OFF": return .final
        default: return .scheduled
        }
    }

    /// `gameType`: 1 preseason, 2 regular, 3 playoffs; 4 (All-Star) and others are skipped (nil).
    static func seasonType(_ gameType: Int) -> FeedSeasonType? {
        switch gameType {
        case 1: return .preseason
        case 2: return .regular
        case 3: return .postseason
        default: return nil
        }
    }

    private static func team(_ team: NHLScheduleWire.Team) -> FeedTeam? {
        guard let id = team.id, id > 0, let abbrev = team.abbrev, !abbrev.isEmpty, abbrev != "TBD" else { return nil }
        let place = team.placeName?.default
        let name =
            team.name?.default ?? [place, team.commonName?.default].compactMap { $0 }.joined(separator: " ")
        return FeedTeam(id: String(id), abbreviation: abbrev, name: name.isEmpty ? abbrev : name, location: place)
    }
}
