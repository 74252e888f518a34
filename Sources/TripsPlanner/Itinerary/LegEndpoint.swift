import TripsModel

/// A leg's end: a game's stadium or a place. Carries the zone so times render venue-local.
public struct LegEndpoint: Sendable, Hashable, Codable {
    /// Stadium name, or the place's name.
    public var name: String
    public var coordinate: Coordinate
    public var timeZone: String
    /// The game at this end, when it is a stadium.
    public var gameId: String?
    public var stadiumId: String?

    public init(name: String, coordinate: Coordinate, timeZone: String, gameId: String? = nil, stadiumId: String? = nil)
    {
        self.name = name
        self.coordinate = coordinate
        self.timeZone = timeZone
        self.gameId = gameId
        self.stadiumId = stadiumId
    }

    init(place: PlanPlace) {
        self.init(name: place.name, coordinate: place.coordinate, timeZone: place.timeZone)
    }

    init(game: RichGame) {
        self.init(
            name: game.stadium.name, coordinate: game.stadium.location, timeZone: game.stadium.timeZone,
            gameId: game.id, stadiumId: game.stadium.id)
    }
}
