import TripsModel

/// Which legs of a plan fly (`TravelMode`), and how, for the graph and the searches: a fixed
/// answer per pair of places, so a leg's measures (its driving, its miles) are the pair's and
/// every bound that reads them per pair stays a bound (issue 40 item 2: one trip model).
///
/// Places are numbered as the stadiums (0 ..< S), then the start place (S) and the end place
/// (S + 1). A flying leg's arrival is `FlightMap`'s: never sooner for a later leave, so the
/// graph's contiguous reach runs hold. The drives to and from the airports are short transfers
/// (`AirportDrive`): they count against no driving limit, so a flight leaves nothing counting.
final class FlightLegs: Sendable {
    let map: FlightMap
    let stadiumCount: Int
    /// `flies[a × P + b]` over the P = S + 2 places.
    private let flies: [Bool]
    /// The pair's flight door to door, waits for a daytime departure left out: no flight between
    /// them takes less (what the bounds may assume).
    let doorToDoorSeconds: [Double]
    /// Driving to and from the airports of the pair's route, and its road miles.
    let airportSeconds: [Double]
    let airportMiles: [Double]

    var startPlace: Int { stadiumCount }
    var endPlace: Int { stadiumCount + 1 }
    private var placeCount: Int { stadiumCount + 2 }

    /// - Parameters:
    ///   - places: the stadiums' coordinates, then the start's and the end's (invalid when none).
    ///   - roadSeconds: the drive between each pair of places (P × P), `.infinity` for none.
    init(
        mode: TravelMode, places: [Coordinate], roadSeconds: [Double], airports: AirportTable,
        rules: FlightRules, driving: DrivingRules, zones: ZoneLookup, covering: ClosedRange<Double>
    ) {
        let count = places.count
        map = FlightMap(
            stadiums: places, airports: airports, rules: rules, driving: driving, zones: zones, covering: covering)
        stadiumCount = count - 2
        let model = DriveModel(driving)
        var flies = [Bool](repeating: false, count: count * count)
        var doorToDoor = [Double](repeating: .infinity, count: count * count)
        var seconds = [Double](repeating: 0, count: count * count)
        var miles = [Double](repeating: 0, count: count * count)
        for index in 0..<(count * count) {
            guard let route = map.routes[index] else { continue }
            doorToDoor[index] = route.doorToDoorSeconds
            seconds[index] = model.seconds(roadMiles: route.roadMiles)
            miles[index] = route.roadMiles
            switch mode {
            case .drive: flies[index] = false
            case .fly: flies[index] = true
            case .either:
                flies[index] = roadSeconds[index] > model.capSeconds && doorToDoor[index] < roadSeconds[index]
            }
        }
        self.flies = flies
        doorToDoorSeconds = doorToDoor
        airportSeconds = seconds
        airportMiles = miles
    }

    /// Whether the leg from place a to place b flies.
    @inline(__always)
    func flies(from a: Int, to b: Int) -> Bool { flies[a * placeCount + b] }

    /// The pair's index in the P × P tables.
    @inline(__always)
    func index(from a: Int, to b: Int) -> Int { a * placeCount + b }

    /// When the flight from place a, leaving at `leave`, reaches place b (`.infinity`: no flight).
    @inline(__always)
    func arrival(from a: Int, to b: Int, leaving leave: Double) -> Double {
        map.arrival(from: a, to: b, leaving: leave)?.arrival ?? .infinity
    }
}
