import FoundationEssentials
import TripsModel

/// A saved trip's game as it stood when the trip was planned (field `gamesAsPlanned`): what the
/// schedule after a sync is compared with, so a moved, postponed or relocated game is noticed.
/// Start in ms and short keys: the record syncs, and stays small.
struct PlannedGame: Codable, Hashable, Sendable {
    var id: String
    var startMs: Int64
    var timeTBD: Bool
    /// The stadium id, else the name of a venue trips cannot place.
    var venue: String?
    var status: String

    init(_ game: Game) {
        id = game.id
        startMs = Int64((game.startTime.timeIntervalSince1970 * 1000).rounded())
        timeTBD = game.timeTBD
        venue = game.stadiumId ?? game.venueName
        status = game.status.rawValue
    }

    var start: Date { Date(timeIntervalSince1970: Double(startMs) / 1000) }

    /// The field's text for these games.
    static func field(_ games: [Game]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = (try? encoder.encode(games.map(PlannedGame.init))) ?? Data("[]".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    /// The games of a saved trip's field; nil for a trip saved before trips kept them (or a
    /// field another version wrote in a shape this one cannot read).
    static func list(_ field: String?) -> [PlannedGame]? {
        guard let field, !field.isEmpty else { return nil }
        return try? JSONDecoder().decode([PlannedGame].self, from: Data(field.utf8))
    }
}
