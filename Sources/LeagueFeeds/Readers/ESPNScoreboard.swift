import FoundationEssentials
import TripsModel

/// Reads ESPN `scoreboard` responses, one format for NFL, NBA, WNBA, NHL, MLB and MLS
/// (`soccer/usa.1`); the league comes from the response's `leagues[0].abbreviation`.
///
/// Status is `status.type.name` where it is specific (STATUS_POSTPONED, STATUS_CANCELED,
/// STATUS_SUSPENDED, STATUS_ABANDONED), else its `state`: "pre" scheduled, "in" in progress, "post"
/// over when `completed` (STATUS_FINAL, STATUS_FULL_TIME) and postponed when not (ESPN has
/// served postponed matches as "post" without `completed`, vasqued2/ha-teamtracker#312). TBD is `competitions[0].timeValid`
/// false. The neutral-site flag is the feed's `neutralSite`. A scoreboard states neither a local
/// date nor a zone, so `localDate` is nil: the publisher dates a game by its venue's zone.
public enum ESPNScoreboard {
    public static let format = FeedFormat.espnScoreboard

    /// ESPN's league abbreviation → the repository's sport code.
    static let sportCodes = ["NFL": "nfl", "NBA": "nba", "WNBA": "wnba", "NHL": "nhl", "MLB": "mlb", "MLS": "mls"]
    /// Leagues whose season crosses New Year: ESPN names them by their ending year (2023 = 2022-23).
    static let splitSeasonLeagues: Set<String> = ["nba", "nhl"]

    public static func read(_ data: Data, source: String) throws -> FeedSchedule {
        let wire = try FeedJSON.decode(ESPNScoreboardWire.self, from: data, format: format, source: source)
        let abbreviation = wire.leagues.first?.abbreviation ?? wire.leagues.first?.slug ?? ""
        guard let league = sportCodes[abbreviation] else {
            throw FeedError.unsupportedLeague(format: format, source: source, league: abbreviation)
        }
        var builder = FeedScheduleBuilder(format: format)
        for event in wire.events {
            guard let competition = event.competitions.first else {
                throw FeedError.unexpectedShape(
                    format: format, source: source, path: "events[id=\(event.id)].competitions",
                    detail: "no competition")
            }
            let home = competition.competitors.first { $0.homeAway == "home" }
            let away = competition.competitors.first { $0.homeAway == "away" }
            guard let home, let away, let homeTeam = team(home.team), let awayTeam = team(away.team) else {
                builder.skip(event.id, .placeholderTeams)
                continue
            }
            guard let start = FeedTimestamp.instant(competition.date ?? event.date) else {
                throw FeedError.badValue(
                    format: format, source: source, gameId: event.id, field: "date", value: event.date)
            }
            let status = status(event.status.type)
            var score: FeedScore?
            if event.status.type.state != "pre", let homeScore = home.score.flatMap({ Int($0) }),
                let awayScore = away.score.flatMap({ Int($0) })
            {
                score = FeedScore(home: homeScore, away: awayScore)
            }
            guard let season = season(event.season, league: league, start: start) else {
                throw FeedError.badValue(
                    format: format, source: source, gameId: event.id, field: "season.year",
                    value: "\(event.season?.year ?? 0)")
            }
            builder.add(
                FeedGame(
                    league: league, gameId: event.id, season: season,
                    seasonType: seasonType(event.season), localDate: nil, start: start,
                    timeTBD: competition.timeValid == false, status: status,
                    postponement: status == .postponed
                        ? FeedPostponement(from: FeedSlot(date: nil, start: start), to: nil, reason: nil) : nil,
                    suspension: status == .suspended ? FeedSuspension(resumes: nil) : nil,
                    home: homeTeam, away: awayTeam, score: score, venue: venue(competition.venue),
                    isNeutralSite: competition.neutralSite ?? false))
        }
        return builder.schedule
    }

    static func status(_ type: ESPNScoreboardWire.StatusType) -> FeedGameStatus {
        switch type.name {
        case "STATUS_POSTPONED": return .postponed
        case "STATUS_CANCELED", "STATUS_CANCELLED", "STATUS_ABANDONED": return .cancelled
        case "STATUS_SUSPENDED": return .suspended
        default: break
        }
        switch type.state {
        case "in": return .inProgress
        case "post": return type.completed ? .final : .postponed
        default: return .scheduled
        }
    }

    /// `season.type` 1 preseason, 2 regular, 3 postseason; other numbers (MLS uses its own) by `slug`.
    static func seasonType(_ season: ESPNScoreboardWire.Season?) -> FeedSeasonType {
        switch season?.type {
        case 1: return .preseason
        case 3: return .postseason
        case 2: return .regular
        default: break
        }
        let slug = season?.slug ?? ""
        if slug.contains("pre") { return .preseason }
        if slug.contains("post") || slug.contains("playoff") { return .postseason }
        return .regular
    }

    /// Nil for a year no season has (1850…2999 are accepted).
    private static func season(_ season: ESPNScoreboardWire.Season?, league: String, start: Date) -> String? {
        let year = season?.year ?? FeedTimestamp.day(of: start, offsetSeconds: 0).year
        guard (1850...2999).contains(year) else { return nil }
        return splitSeasonLeagues.contains(league) ? SeasonName.split(startingIn: year - 1) : String(year)
    }

    private static func team(_ team: ESPNScoreboardWire.Team) -> FeedTeam? {
        guard let id = team.id, !id.isEmpty, id != "0", id != "-1", let name = team.displayName, !name.isEmpty,
            name != "TBD"
        else { return nil }
        return FeedTeam(id: id, abbreviation: team.abbreviation, name: name, location: team.location)
    }

    private static func venue(_ venue: ESPNScoreboardWire.Venue?) -> FeedVenue? {
        guard let venue, let name = venue.fullName, !name.isEmpty else { return nil }
        return FeedVenue(
            id: venue.id, name: name, city: venue.address?.city, state: venue.address?.state,
            country: venue.address?.country)
    }
}
