/// A building where games are played. One stadium per building, shared across leagues
/// (Madison Square Garden hosts both the Knicks and the Rangers).
public struct Stadium: Sendable, Hashable, Codable, Identifiable {
    public var id: String
    public var name: String
    public var city: String
    public var state: String
    public var country: String
    public var location: Coordinate
    /// IANA zone; every time at this venue is shown in it.
    public var timeZone: String
    public var capacity: Int?
    public var yearOpened: Int?
    public var sports: [String]
    /// The location is a stand-in (a town centre), not the venue's own position: good enough
    /// for its zone, off by a few km for distances and drive times.
    public var locationIsApproximate: Bool

    public init(
        id: String, name: String, city: String, state: String, country: String,
        location: Coordinate, timeZone: String, capacity: Int? = nil, yearOpened: Int? = nil,
        sports: [String], locationIsApproximate: Bool = false
    ) {
        self.id = id
        self.name = name
        self.city = city
        self.state = state
        self.country = country
        self.location = location
        self.timeZone = timeZone
        self.capacity = capacity
        self.yearOpened = yearOpened
        self.sports = sports
        self.locationIsApproximate = locationIsApproximate
    }
}
