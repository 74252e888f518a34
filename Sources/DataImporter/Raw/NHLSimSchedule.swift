import Foundation
import LeagueFeeds
import TripsModel

/// `nhlsim-nhl2627/…preseason_games.csv`: the NHL 2026-27 regular season as the league published
/// it on opening day (every club's season schedule, 84 games a club). It names no venue: a game
/// is at its home club's arena, except the neutral-site games the file flags, which are at the
/// venue a file names (`NHLNeutralSites`) or at no known venue — never at the home club's arena.
struct NHLSimSchedule: Sendable {
    static let path = "nhlsim-nhl2627/nhlsim_20262027_preseason_games.csv"

    let rows: [[String: String]]

    init(raw: RawDirectory) throws(ImportError) {
        rows = try raw.csv(Self.path).records
    }

    /// The games; `arenas` is each club's home arena by code (its latest season's).
    func entries(arenas: [String: String]) throws(ImportError) -> [FeedGame] {
        try rows.map { (row) throws(ImportError) in
            let game = try CSVGameRow(row, in: Self.path, id: "game_id", start: "start_time_utc", date: "game_date")
            let id = game.id
            let home = row["home"] ?? ""
            let neutral: Bool
            switch row["neutral_site"] {
            case "true": neutral = true
            case "false": neutral = false
            case let other: throw .unreadable(path: Self.path, reason: "game \(id): bad neutral_site '\(other ?? "")'")
            }
            let venue = neutral ? NHLNeutralSites.venues[id] : arenas[home]
            guard neutral || venue != nil else {
                throw .unreadable(path: Self.path, reason: "game \(id): no arena known for the home club \(home)")
            }
            return FeedGame(
                sourceId: id, start: game.start, homeCode: home, awayCode: row["away"] ?? "", venueName: venue,
                status: .scheduled, localDate: game.localDate, neutral: neutral)
        }
    }

    /// Each club's arena: the venue of most of its home games in `season` (ties: the name first
    /// in order), so a neutral-site game abroad never becomes a club's home.
    static func arenas(of season: [FeedGame]) -> [String: String] {
        var counts: [String: [String: Int]] = [:]
        for game in season where !game.isNeutralSite {
            if let venue = game.venueName { counts[game.homeCode, default: [:]][venue, default: 0] += 1 }
        }
        return counts.mapValues { perVenue in
            perVenue.max { ($0.value, $1.key) < ($1.value, $0.key) }!.key
        }
    }
}
