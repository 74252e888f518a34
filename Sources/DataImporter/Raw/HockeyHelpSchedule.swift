import Foundation
import LeagueFeeds
import TripsModel

/// `hockeyhelp-nhl2526/NHL Schedule.json`: the NHL 2025-26 regular season as a Sportradar
/// response. Team codes are Sportradar's (LA, NJ, SJ, TB) and become NHL.com's (LAK, NJD,
/// SJS, TBL). Its zones (US/Eastern, and Europe/Vienna for Stockholm) are not used: venue
/// zones come from the gazetteer or the hand-made table like every other venue.
struct HockeyHelpSchedule: Decodable, Sendable {
    struct Team: Decodable, Sendable, Hashable {
        var name: String
        var alias: String
    }

    struct Venue: Decodable, Sendable {
        var name: String
    }

    struct Game: Decodable, Sendable {
        var id: String
        /// The NHL's game number without its season ("20001" is game 2025020001).
        var reference: String?
        var status: String
        var scheduled: String
        var venue: Venue
        var home: Team
        var away: Team
    }

    var games: [Game]

    static let path = "hockeyhelp-nhl2526/NHL Schedule.json"
    static let venuesPath = "hockeyhelp-nhl2526/nhl_venues_teams_2025_26.derived.json"

    func teamEntries(tree: LeagueTree) -> [TeamEntry] {
        let teams = Set(games.flatMap { [$0.home, $0.away] })
        return teams.sorted { $0.alias < $1.alias }.map { t in
            let nickname =
                LeagueTables.nhlLongNicknames.first { t.name.hasSuffix(" " + $0) }
                ?? String(t.name.split(separator: " ").last ?? "")
            let city = String(t.name.dropLast(nickname.count)).trimmingCharacters(in: .whitespaces)
            return tree.place(
                TeamEntry(code: HockeyHelpSchedule.code(t.alias), name: t.name, nickname: nickname, city: city))
        }
    }

    func entries() throws(ImportError) -> [FeedGame] {
        try games.map { (g) throws(ImportError) in
            let start = try RawInstant.date(
                g.scheduled, in: HockeyHelpSchedule.path, game: "game \(g.id)", field: "time")
            return FeedGame(
                sourceId: g.id, start: start, timeTBD: g.status == "time-tbd",
                homeCode: HockeyHelpSchedule.code(g.home.alias), awayCode: HockeyHelpSchedule.code(g.away.alias),
                venueName: g.venue.name, status: g.status == "closed" ? .final : .scheduled)
        }
    }

    /// Sportradar's id of each game by the NHL's own id (`2025020001`), which later sources use.
    func idsByLeagueId(seasonYear: String) -> [String: String] {
        Dictionary(
            games.compactMap { g in g.reference.map { ("\(seasonYear)0\($0)", g.id) } },
            uniquingKeysWith: { first, _ in first })
    }

    static func code(_ sportradar: String) -> String { LeagueTables.nhlCodes[sportradar] ?? sportradar }

    /// The NHL venue table: coordinates, capacity and city of every 2025-26 venue.
    static func venueFacts(raw: RawDirectory) throws(ImportError) -> [VenueFacts] {
        struct File: Decodable {
            struct Venue: Decodable {
                struct Location: Decodable {
                    var lat: String
                    var lng: String
                }
                var name: String
                var capacity: Int?
                var city: String?
                var country: String?
                var location: Location?
            }
            var venues: [Venue]
        }
        let file = try raw.decode(File.self, from: venuesPath)
        return file.venues.map { v in
            let coordinate = v.location.flatMap { l in
                Double(l.lat).flatMap { lat in Double(l.lng).map { Coordinate(latitude: lat, longitude: $0) } }
            }
            return VenueFacts(
                name: v.name, coordinate: coordinate, city: v.city, country: v.country.flatMap(Country.alpha2),
                capacity: v.capacity, source: venuesPath)
        }
    }
}

/// ISO 3166-1 alpha-3 (and the raw files' other spellings) → alpha-2.
enum Country {
    static func alpha2(_ code: String) -> String? {
        ["USA": "US", "CAN": "CA", "MEX": "MX", "SWE": "SE", "FRA": "FR", "GBR": "GB", "DEU": "DE", "ESP": "ES"][code]
    }
}
