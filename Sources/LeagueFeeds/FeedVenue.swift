import TripsModel

/// A venue as the feed states it; fields the feed leaves out stay nil, never guessed.
public struct FeedVenue: Sendable, Hashable {
    /// The feed's venue id (MLB 2397, ESPN "5348"); NHL and NBA schedules have none.
    public var id: String?
    public var name: String
    public var city: String?
    /// State or province.
    public var state: String?
    public var country: String?
    public var coordinate: Coordinate?
    /// IANA zone, as the feed spells it (NHL gives `US/Eastern` beside `America/Toronto`).
    public var timeZone: String?

    public init(
        id: String?, name: String, city: String? = nil, state: String? = nil, country: String? = nil,
        coordinate: Coordinate? = nil, timeZone: String? = nil
    ) {
        self.id = id
        self.name = name
        self.city = city
        self.state = state
        self.country = country
        self.coordinate = coordinate
        self.timeZone = timeZone
    }

    /// What identifies the venue within one feed: its id, else its name.
    public var key: String { id.map { "id:\($0)" } ?? "name:\(name)" }
}
