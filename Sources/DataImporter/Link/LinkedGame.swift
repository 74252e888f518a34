import TripsModel

/// A game record plus the source's own id, which the writer stores as the extra `sourceId`
/// field so the next import keeps the game's id.
struct LinkedGame: Sendable, Hashable {
    var game: Game
    var sourceId: String
}
