/// Road miles and driving minutes between venues that the fan supplies (from an OSRM `table`
/// query, say): the planner drives these pairs as given instead of the straight-line model
/// (great circle × road factor at the average speed), and estimates every other pair.
///
/// Keyed by stadium id, one direction per entry. A pair listed one way only is used both ways;
/// listing both directions with different values (one-way streets, a ferry) keeps each.
/// The driving rules (the daily limit between rests, the night cutoff, overnight stops) apply
/// to these minutes exactly as to estimated ones.
public struct RoadTimes: Sendable, Hashable, Codable {
    /// One drive between two venues.
    public struct Road: Sendable, Hashable, Codable {
        public var miles: Double
        public var minutes: Double

        public init(miles: Double, minutes: Double) {
            self.miles = miles
            self.minutes = minutes
        }
    }

    /// What to call the source in notes ("drive-times.csv").
    public var source: String
    /// `roads[from][to]`: stadium id to stadium id.
    public private(set) var roads: [String: [String: Road]]

    public init(source: String, roads: [String: [String: Road]] = [:]) {
        self.source = source
        self.roads = roads
    }

    /// Sets the drive from one stadium to another (replacing an earlier entry for that direction).
    public mutating func set(_ road: Road, from: String, to: String) {
        roads[from, default: [:]][to] = road
    }

    /// The drive listed from `from` to `to`, else the one listed the other way, else nil.
    public func road(from: String, to: String) -> Road? {
        roads[from]?[to] ?? roads[to]?[from]
    }

    /// How many directed entries there are.
    public var count: Int { roads.values.reduce(0) { $0 + $1.count } }
}
