/// The airports of `Data/airports.tsv`, by code and by position: "which airports would a fan
/// use for this place?" Pure and immutable, like `Gazetteer`: reading the file is the caller's
/// business.
public struct AirportTable: Sendable {
    /// Every airport, in file order.
    public let airports: [Airport]
    private let byCode: [String: Int]

    /// Farthest road miles to an airport a fan would use: about two hours at the planner's
    /// 55 mph. Farther, the drive to the airport and back eats most of what the flight saves,
    /// and a fan that far from any airport is better served by a leg driven all the way.
    public static let reachRoadMiles: Double = 100
    /// How many of the nearest airports in reach are offered, whatever their size. Large hubs in
    /// reach are offered on top of these: a hub a little farther often beats a closer regional
    /// airport by its direct flight, and the flight estimate weighs that (its connection rule)
    /// rather than this table guessing it.
    public static let nearestCount = 3

    public init(airports: [Airport]) {
        self.airports = airports
        var byCode: [String: Int] = [:]
        for (i, airport) in airports.enumerated() where byCode[airport.iata] == nil { byCode[airport.iata] = i }
        self.byCode = byCode
    }

    public init(tsv: String) throws(AirportsTSVError) {
        self.init(airports: try AirportsTSV.decode(tsv))
    }

    /// The airport with IATA code `iata` ("IAH"), if listed.
    public func airport(iata: String) -> Airport? {
        byCode[iata].map { airports[$0] }
    }

    /// The airports a fan at `coordinate` would use, nearest first (ties by code): the
    /// `nearestCount` nearest within `reachRoadMiles`, and every large hub within it. Empty when
    /// none is in reach. Road miles are great-circle miles × `roadFactor`.
    public func airports(near coordinate: Coordinate, roadFactor: Double) -> [NearbyAirport] {
        let inReach =
            airports
            .map { NearbyAirport(airport: $0, roadMiles: coordinate.miles(to: $0.coordinate) * roadFactor) }
            .filter { $0.roadMiles <= Self.reachRoadMiles }
            .sorted { ($0.roadMiles, $0.airport.iata) < ($1.roadMiles, $1.airport.iata) }
        return inReach.enumerated().filter { $0.offset < Self.nearestCount || $0.element.airport.isHub }.map(\.element)
    }
}
