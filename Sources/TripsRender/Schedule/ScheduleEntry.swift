import FoundationEssentials
import Glibc
import TripsModel
import TripsStore
import TripsZones

/// One game as the renderers see it: resolved or not (a TBC venue still shows), with the zone
/// its times are shown in.
public struct ScheduleEntry {
    public var game: Game
    public var home: Team?
    public var away: Team?
    public var stadium: Stadium?
    /// The venue's zone (or the home park's for a TBC venue).
    var venueZone: String
    /// The status as of the run's "now" (`unknown` for a past game without a result, `live`
    /// for one begun within `Game.liveWindow`).
    public private(set) var status: Game.ReportedStatus
    /// With `--near`: the venue's distance from the place, in miles.
    public var miles: Double?

    public init(_ rich: RichGame, now: Date) {
        game = rich.game
        home = rich.homeTeam
        away = rich.awayTeam
        stadium = rich.stadium
        venueZone = rich.stadium.timeZone
        status = rich.game.reportedStatus(asOf: now)
    }

    public init(_ unresolved: UnresolvedGame, now: Date) {
        game = unresolved.game
        home = unresolved.homeTeam
        away = unresolved.awayTeam
        stadium = nil
        venueZone = unresolved.timeZone
        status = unresolved.game.reportedStatus(asOf: now)
    }

    /// Resolved and unresolved games together, in start order.
    public static func list(_ games: RichGameList, now: Date) -> [ScheduleEntry] {
        (games.games.map { ScheduleEntry($0, now: now) } + games.unresolved.map { ScheduleEntry($0, now: now) }).sorted
        {
            ($0.game.startTime, $0.game.gameNumber, $0.game.id) < ($1.game.startTime, $1.game.gameNumber, $1.game.id)
        }
    }

    /// Worth a STATUS column: anything but a game still to come, under way (RESULT says `live`)
    /// or plainly played.
    var hasStatusNote: Bool { ![.scheduled, .final, .live].contains(status) || game.resumedAt != nil }

    /// "final (suspended, resumed Wed 2025-05-21 12:10 CDT)", "unknown", "" for a game to come.
    func statusText(clock: LocalTimeFormatter, zone: String) -> String {
        guard let resumed = game.resumedAt else { return status == .scheduled ? "" : status.rawValue }
        let p = clock.parts(of: resumed, zone: zone)
        let when = "\(p.weekday) \(p.date) \(p.time) \(p.zoneAbbreviation)"
        return status == .final ? "final (suspended, resumed \(when))" : "suspended, resumes \(when)"
    }

    /// "F 5–3" for a game over with its score, away first as the matchup reads ("AWY @ HOM");
    /// a score while play is stopped or going on has no "F"; `live` for a game under way by the
    /// clock. Nil without a score.
    var result: String? {
        if status == .live { return "live" }
        guard let home = game.homeScore, let away = game.awayScore else { return nil }
        return (game.status.isOver ? "F " : "") + "\(away)–\(home)"
    }

    var homeCode: String { home?.abbreviation ?? game.homeTeamId }
    var awayCode: String { away?.abbreviation ?? game.awayTeamId }

    public var matchup: String {
        "\(awayCode) @ \(homeCode)" + (game.gameNumber > 1 ? " (G\(game.gameNumber))" : "")
    }

    /// The stadium's name, else the name of a venue trips cannot place, else "TBC".
    var venueName: String {
        stadium?.name ?? game.venueName ?? (game.stadiumId == nil ? "TBC" : "unknown venue")
    }

    var cityLine: String { stadium?.cityLabel ?? "" }
}

/// Which zone times are shown in: each venue's own (default) or one fixed zone.
public enum TimeDisplay: Sendable, Hashable {
    case venue
    case fixed(String)

    func zone(for entry: ScheduleEntry) -> String {
        switch self {
        case .venue: return entry.venueZone
        case .fixed(let zone): return zone
        }
    }
}
