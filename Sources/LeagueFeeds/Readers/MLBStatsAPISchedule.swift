import FoundationEssentials
import TripsModel

/// Reads MLB Stats API `/api/v1/schedule` responses (`sportId=1`; with `hydrate=venue(location,
/// timezone)` each venue comes with its coordinates and zone, else with its id and name only).
///
/// One `FeedGame` per `gamePk`. The API lists a postponed game twice — the "Postponed" shell at
/// its first slot (`rescheduleDate`) and the makeup (`rescheduledFrom`) — and a suspended game
/// twice (`resumeDate`, then `resumedFrom`): the reader merges each pair into the game as it
/// stands, with `postponement` (shell → makeup) or `suspension` (original start kept, resumption
/// set). TBD is `status.startTimeTBD` (the start is then a placeholder ending in `:33`); the local
/// date is `officialDate`. MLB's schedule names no team abbreviation, and no neutral site: one is
/// known from the data (`HomeVenues`), a game away from the home team's venue of record.
public enum MLBStatsAPISchedule {
    public static let format = FeedFormat.mlbStatsAPISchedule

    public static func read(_ data: Data, source: String) throws -> FeedSchedule {
        let wire = try FeedJSON.decode(MLBScheduleWire.self, from: data, format: format, source: source)
        var entries: [Int: [MLBScheduleWire.Game]] = [:]
        var order: [Int] = []
        for game in wire.dates.flatMap(\.games) {
            if entries[game.gamePk] == nil { order.append(game.gamePk) }
            entries[game.gamePk, default: []].append(game)
        }
        var builder = FeedScheduleBuilder(format: format)
        for pk in order {
            let listed = entries[pk] ?? []
            guard let main = standing(listed) else { continue }
            guard let seasonType = seasonType(main.gameType) else {
                builder.skip(String(pk), .allStar)
                continue
            }
            guard let home = team(main.teams.home.team), let away = team(main.teams.away.team) else {
                builder.skip(String(pk), .placeholderTeams)
                continue
            }
            builder.add(try game(main, listed: listed, seasonType: seasonType, home: home, away: away, source: source))
        }
        return builder.schedule
    }

    /// Of a gamePk's listings, the one that says where the game stands: the makeup rather than the
    /// postponed shell, the original start rather than the resumption.
    private static func standing(_ listed: [MLBScheduleWire.Game]) -> MLBScheduleWire.Game? {
        listed.first { !isPostponedShell($0) && $0.resumedFrom == nil } ?? listed.first { $0.resumedFrom == nil }
            ?? listed.first
    }

    private static func isPostponedShell(_ game: MLBScheduleWire.Game) -> Bool {
        game.status.codedGameState == "D" || game.status.detailedState == "Postponed"
    }

    private static func game(
        _ main: MLBScheduleWire.Game, listed: [MLBScheduleWire.Game], seasonType: FeedSeasonType,
        home: FeedTeam, away: FeedTeam, source: String
    ) throws -> FeedGame {
        let id = String(main.gamePk)
        func instant(_ text: String, _ field: String) throws -> Date {
            guard let date = FeedTimestamp.instant(text) else {
                throw FeedError.badValue(format: format, source: source, gameId: id, field: field, value: text)
            }
            return date
        }
        let start = try instant(main.gameDate, "gameDate")
        let status = status(main.status)
        let venue = main.venue?.feedVenue
        var game = FeedGame(
            league: "mlb", gameId: id, season: main.season, seasonType: seasonType,
            localDate: main.officialDate.flatMap(FeedTimestamp.datePart), start: start,
            timeTBD: main.status.startTimeTBD ?? false, gameNumber: main.gameNumber ?? 1,
            doubleheader: main.doubleHeader == "S" ? .split : main.doubleHeader == "Y" ? .traditional : nil,
            status: status, home: home, away: away,
            score: scores(main, status: status), venue: venue, isNeutralSite: false)
        if let shell = listed.first(where: isPostponedShell) {
            let shellStart = try instant(shell.gameDate, "gameDate")
            // The makeup names the first slot; the shell's own officialDate already moved to the makeup's.
            let from = FeedSlot(
                date: (main.rescheduledFromDate ?? shell.officialDate).flatMap(FeedTimestamp.datePart),
                start: try main.rescheduledFrom.map { try instant($0, "rescheduledFrom") } ?? shellStart)
            var to = FeedSlot(date: game.localDate, start: start)
            if isPostponedShell(main) {
                to = FeedSlot(
                    date: shell.rescheduleGameDate.flatMap(FeedTimestamp.datePart),
                    start: try shell.rescheduleDate.map { try instant($0, "rescheduleDate") })
            }
            game.postponement = FeedPostponement(
                from: from, to: to.date == nil && to.start == nil ? nil : to, reason: shell.status.reason)
        }
        if let suspended = listed.first(where: { $0.resumeDate != nil || $0.resumeGameDate != nil }) {
            let resumes = FeedSlot(
                date: suspended.resumeGameDate.flatMap(FeedTimestamp.datePart),
                start: try suspended.resumeDate.map { try instant($0, "resumeDate") })
            game.suspension = FeedSuspension(resumes: resumes)
        }
        return game
    }

    /// `abstractGameState` (Preview / Live / Final) refined by `codedGameState` and `detailedState`:
    /// "D" Postponed, "C" Cancelled, "U"/"T" or "Suspended…" suspended, "Completed Early".
    static func status(_ status: MLBScheduleWire.Status) -> FeedGameStatus {
        let detailed = status.detailedState ?? ""
        switch status.codedGameState {
        case "D": return .postponed
        case "C": return .cancelled
        case "U", "T": return .suspended
        default: break
        }
        if detailed.hasPrefix("Postponed") { return .postponed }
        if detailed.hasPrefix("Cancelled") { return .cancelled }
        if detailed.hasPrefix("Suspended") { return .suspended }
        if detailed.hasPrefix("Completed Early") { return .completedEarly }
        switch status.abstractGameState {
        case "Live": return .inProgress
        case "Final": return .final
        default: return .scheduled
        }
    }

    /// `gameType`: R regular; S spring training and E exhibition are preseason; F, D, L, W (and
    /// the old P) are postseason rounds; A, the All-Star Game, is skipped (nil).
    static func seasonType(_ gameType: String) -> FeedSeasonType? {
        switch gameType {
        case "R": return .regular
        case "S", "E": return .preseason
        case "F", "D", "L", "W", "P": return .postseason
        default: return nil
        }
    }

    private static func team(_ team: MLBScheduleWire.Team) -> FeedTeam? {
        guard let id = team.id, id > 0, let name = team.name, !name.isEmpty, name != "TBD" else { return nil }
        return FeedTeam(id: String(id), abbreviation: nil, name: name, location: nil)
    }

    private static func scores(_ game: MLBScheduleWire.Game, status: FeedGameStatus) -> FeedScore? {
        guard status == .inProgress || status == .suspended || status.isOver,
            let home = game.teams.home.score, let away = game.teams.away.score
        else { return nil }
        return FeedScore(home: home, away: away)
    }
}
