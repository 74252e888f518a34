import Foundation
import TripsModel
import TripsStore

/// One game as the renderers see it: resolved or not (a TBC venue still shows), with the zone
/// its times are shown in.
struct ScheduleEntry {
    var game: Game
    var home: Team?
    var away: Team?
    var stadium: Stadium?
    /// The venue's zone (or the home park's for a TBC venue).
    var venueZone: String

    init(_ rich: RichGame) {
        game = rich.game
        home = rich.homeTeam
        away = rich.awayTeam
        stadium = rich.stadium
        venueZone = rich.stadium.timeZone
    }

    init(_ unresolved: UnresolvedGame) {
        game = unresolved.game
        home = unresolved.homeTeam
        away = unresolved.awayTeam
        stadium = nil
        venueZone = unresolved.timeZone
    }

    /// Resolved and unresolved games together, in start order.
    static func list(_ games: RichGameList) -> [ScheduleEntry] {
        (games.games.map(ScheduleEntry.init) + games.unresolved.map(ScheduleEntry.init)).sorted {
            ($0.game.startTime, $0.game.gameNumber, $0.game.id) < ($1.game.startTime, $1.game.gameNumber, $1.game.id)
        }
    }

    var homeCode: String { home?.abbreviation ?? game.homeTeamId }
    var awayCode: String { away?.abbreviation ?? game.awayTeamId }

    var matchup: String {
        "\(awayCode) @ \(homeCode)" + (game.gameNumber > 1 ? " (G\(game.gameNumber))" : "")
    }

    var venueName: String { stadium?.name ?? (game.stadiumId == nil ? "TBC" : "unknown venue") }

    var cityLine: String {
        guard let stadium else { return "" }
        return stadium.state.isEmpty ? stadium.city : "\(stadium.city), \(stadium.state)"
    }
}

/// Which zone times are shown in: each venue's own (default) or one fixed zone.
enum TimeDisplay: Sendable, Hashable {
    case venue
    case fixed(String)

    /// `venue`, `local` (the user's TZ), `UTC`, or what `ZoneInput` reads (an IANA name, a
    /// US abbreviation as its DST-aware zone, `UTC-5`).
    static func parse(_ text: String?, context: CLIContext) throws -> TimeDisplay {
        guard let text, text.lowercased() != "venue" else { return .venue }
        switch text.lowercased() {
        case "local": return .fixed(context.localTimeZone.identifier)
        case "utc", "z", "gmt": return .fixed("UTC")
        default:
            guard let zone = ZoneInput.resolve(text) else { throw InputError.badTimeZone(text) }
            return .fixed(zone)
        }
    }

    func zone(for entry: ScheduleEntry) -> String {
        switch self {
        case .venue: return entry.venueZone
        case .fixed(let zone): return zone
        }
    }
}
