import TripsModel

/// Flights between the candidate places (P × P), for the searches to ask millions of times: each
/// pair flies one route, its quickest door to door (ties: fewer road miles, then the codes) —
/// what `FlightEstimator` picks for a fan leaving at midday — with its drives, buffers and air
/// time fixed; only the wait for a daytime departure depends on when the fan leaves. One route
/// per pair keeps a leg's measures (its driving, its miles) the pair's, so every bound that reads
/// them per pair stays a bound, and the arrival never decreases as the leave time grows — the
/// property the graph's reach runs need (issue 40 items 1 and 2: one trip model).
struct FlightMap: Sendable {
    /// One way by air from stadium a to stadium b: the time-independent parts, and the clock of
    /// the departure airport (its daytime window).
    struct Route: Sendable {
        let from: Airport
        let to: Airport
        /// Drive to the departure airport plus the buffer there.
        let before: Double
        /// Departure to landing (air time, plus a connection).
        let air: Double
        /// Landing to the venue: out of the airport, then the drive.
        let after: Double
        let roadMiles: Double
        /// The two drives' road miles: to the departure airport, and from the arrival airport.
        let toAirportMiles: Double
        let fromAirportMiles: Double
        let clock: Int
        let connects: Bool

        /// Setting off to arriving when the flight leaves as soon as the fan is ready.
        var doorToDoorSeconds: Double { before + air + after }
    }

    let stadiumCount: Int
    /// `routes[a × P + b]`: the pair's route, nil when no flight serves it.
    let routes: [Route?]
    let clocks: [ZoneClock]
    let rules: FlightRules

    /// - Parameter covering: the instants the plan can reach (its window, with a margin): the
    ///   departure airports' clocks are read there.
    init(
        stadiums: [Coordinate], airports: AirportTable, rules: FlightRules, driving: DrivingRules,
        zones: ZoneLookup, covering: ClosedRange<Double>
    ) {
        let model = DriveModel(driving)
        var clockIndex: [String: Int] = [:]
        var clocks: [ZoneClock] = []
        let near = stadiums.map { location in
            location.isValid ? airports.airports(near: location, roadFactor: driving.roadFactor) : []
        }
        var routes: [Route?] = []
        routes.reserveCapacity(stadiums.count * stadiums.count)
        for a in stadiums.indices {
            for b in stadiums.indices {
                guard rules.isValid, a != b, stadiums[a].miles(to: stadiums[b]) >= rules.minimumFlightMiles else {
                    routes.append(nil)
                    continue
                }
                var pair: [Route] = []
                for first in near[a] {
                    let clock: Int
                    if let known = clockIndex[first.airport.zone] {
                        clock = known
                    } else if let zone = zones(first.airport.zone) {
                        clock = clocks.count
                        clockIndex[first.airport.zone] = clock
                        clocks.append(ZoneClock(zone: zone, covering: covering))
                    } else {
                        continue
                    }
                    for last in near[b] {
                        let miles = first.airport.coordinate.miles(to: last.airport.coordinate)
                        guard miles >= rules.minimumFlightMiles else { continue }
                        let connects = rules.connects(from: first.airport, to: last.airport, greatCircleMiles: miles)
                        pair.append(
                            Route(
                                from: first.airport, to: last.airport,
                                before: model.seconds(roadMiles: first.roadMiles) + rules.airportBufferMinutes * 60,
                                air: rules.airborneMinutes(greatCircleMiles: miles) * 60
                                    + (connects ? rules.connectionMinutes * 60 : 0),
                                after: rules.deplaneMinutes * 60 + model.seconds(roadMiles: last.roadMiles),
                                roadMiles: first.roadMiles + last.roadMiles, toAirportMiles: first.roadMiles,
                                fromAirportMiles: last.roadMiles, clock: clock, connects: connects))
                    }
                }
                routes.append(
                    pair.min {
                        ($0.doorToDoorSeconds, $0.roadMiles, $0.from.iata, $0.to.iata)
                            < ($1.doorToDoorSeconds, $1.roadMiles, $1.from.iata, $1.to.iata)
                    })
            }
        }
        stadiumCount = stadiums.count
        self.routes = routes
        self.clocks = clocks
        self.rules = rules
    }

    /// When the pair's flight gets the fan from place a, leaving at `leave`, to place b, and its
    /// route; nil when no flight serves the pair.
    func arrival(from a: Int, to b: Int, leaving leave: Double) -> (arrival: Double, route: Route)? {
        guard let route = routes[a * stadiumCount + b] else { return nil }
        let departure = rules.firstDeparture(
            atOrAfter: leave + route.before, clock: clocks[route.clock], lead: route.before)
        return (departure + route.air + route.after, route)
    }
}
