import Foundation
import LeagueFeeds
import TripsModel

/// `fastrhockey-nhl2526/…derived.csv`: the NHL 2025-26 season as played — the league's game ids,
/// the start each game was played at (23 differ from the pre-season snapshot: a postponement,
/// TV moves) and the final scores. Regular-season rows only; the playoff rows are left out, as
/// every bundled league's are.
struct FastRHockeySeason: Sendable {
    static let path = "fastrhockey-nhl2526/fastRhockey_nhl_schedule_2026.derived.csv"

    let rows: [[String: String]]

    init(raw: RawDirectory) throws(ImportError) {
        rows = try raw.csv(Self.path).records.filter { $0["game_type"] == "R" }
    }

    /// The season's games, each carrying the pre-season snapshot's id (`formerIds`, by the NHL
    /// game id) so a game keeps the record id the bundle gave it before results were known.
    func entries(formerIds: [String: String]) throws(ImportError) -> [FeedGame] {
        try rows.map { (row) throws(ImportError) in
            let game = try CSVGameRow(row, in: Self.path, id: "game_id", start: "game_time", date: "game_date")
            let id = game.id
            // A result only for a game the league marks over (OFF or FINAL), and only whole.
            let over = ["OFF", "FINAL"].contains(row["game_state"] ?? "")
            let home = over ? Self.score(row["home_score"]) : nil
            let away = over ? Self.score(row["away_score"]) : nil
            guard !over || (home != nil && away != nil) else {
                throw .unreadable(path: Self.path, reason: "game \(id): a final game without both scores")
            }
            return FeedGame(
                sourceId: id, start: game.start, homeCode: row["home_team_abbr"] ?? "",
                awayCode: row["away_team_abbr"] ?? "", venueName: row["venue"].flatMap { $0.isEmpty ? nil : $0 },
                status: over ? .final : .scheduled, localDate: game.localDate, homeScore: home, awayScore: away,
                formerSourceIds: formerIds[id].map { [$0] } ?? [])
        }
    }

    /// A score as the file writes it: a whole number of goals, 0…99 (anything else is no score).
    static func score(_ text: String?) -> Int? {
        guard let text, let value = Int(text), (0...99).contains(value) else { return nil }
        return value
    }
}
