import FoundationEssentials
import TripsModel

/// The best door-to-door flight between two places: every pair of the airports a fan would use
/// (`AirportTable.airports(near:roadFactor:)`) is timed under `FlightRules`, and the earliest
/// arrival wins (ties: fewer road miles, then the codes). Drives to and from the airports are
/// the planner's (`DriveModel`: great circle × road factor at the average speed). Pure.
public struct FlightEstimator: Sendable {
    public var airports: AirportTable
    public var rules: FlightRules
    public var driving: DrivingRules
    public var zones: ZoneLookup

    public init(
        airports: AirportTable, rules: FlightRules = FlightRules(), driving: DrivingRules, zones: @escaping ZoneLookup
    ) {
        self.airports = airports
        self.rules = rules
        self.driving = driving
        self.zones = zones
    }

    /// The best flight from `start` to `destination` for a fan who can leave at `leave`.
    public func estimate(from start: PlanPlace, leaving leave: Date, to destination: PlanPlace) -> FlightEstimate {
        guard rules.isValid else { return .none(.invalidRequest("the flight rules are out of range")) }
        guard start.coordinate.isValid, destination.coordinate.isValid else {
            return .none(.invalidRequest("a place's coordinate is out of range"))
        }
        guard Self.instants.contains(leave.timeIntervalSince1970) else {
            return .none(.invalidRequest("the time to leave is not a date the zone rules can read"))
        }
        let miles = start.coordinate.miles(to: destination.coordinate)
        guard miles >= rules.minimumFlightMiles else { return .none(.tooShort(greatCircleMiles: miles)) }
        let starts = airports.airports(near: start.coordinate, roadFactor: driving.roadFactor)
        guard !starts.isEmpty else { return .none(.noAirportNearStart) }
        let ends = airports.airports(near: destination.coordinate, roadFactor: driving.roadFactor)
        guard !ends.isEmpty else { return .none(.noAirportNearDestination) }
        let model = DriveModel(driving)
        var best: FlightItinerary?
        var unknownZone: String?
        for first in starts {
            guard let zone = zones(first.airport.zone) else {
                unknownZone = unknownZone ?? first.airport.zone
                continue
            }
            let drive = model.seconds(roadMiles: first.roadMiles)
            let ready = leave.timeIntervalSince1970 + drive + rules.airportBufferMinutes * 60
            guard Self.instants.contains(ready) else {
                return .none(.invalidRequest("the drive to the airport (\(driving.averageSpeedMph) mph) never ends"))
            }
            let clock = ZoneClock(
                zone: zone, covering: (ready - ZoneClock.secondsPerDay)...(ready + 2 * ZoneClock.secondsPerDay))
            for last in ends
            where first.airport.coordinate.miles(to: last.airport.coordinate) >= rules.minimumFlightMiles {
                let itinerary = self.itinerary(leave: leave, from: first, to: last, clock: clock, model: model)
                if best.map({ Self.isBetter(itinerary, than: $0) }) ?? true { best = itinerary }
            }
        }
        if let best { return .flight(best) }
        if let unknownZone { return .none(.unknownZone(unknownZone)) }
        return .none(.tooShort(greatCircleMiles: miles))
    }

    /// Seconds since 1970 the estimate accepts (about 3,000 years either way): beyond them the
    /// zone clock's whole seconds and day numbers would overflow.
    static let instants: ClosedRange<Double> = -1e11...1e11

    /// The itinerary through one pair of airports; `clock` is the departure airport's.
    private func itinerary(
        leave: Date, from first: NearbyAirport, to last: NearbyAirport, clock: ZoneClock, model: DriveModel
    ) -> FlightItinerary {
        let buffer = rules.airportBufferMinutes * 60
        let deplane = rules.deplaneMinutes * 60
        let toAirport = model.seconds(roadMiles: first.roadMiles)
        let fromAirport = model.seconds(roadMiles: last.roadMiles)
        let miles = first.airport.coordinate.miles(to: last.airport.coordinate)
        let departure = rules.firstDeparture(
            atOrAfter: leave.timeIntervalSince1970 + toAirport + buffer, clock: clock, lead: toAirport + buffer)
        let airborne = rules.airborneMinutes(greatCircleMiles: miles)
        let connects = rules.connects(from: first.airport, to: last.airport, greatCircleMiles: miles)
        let landed = departure + airborne * 60 + (connects ? rules.connectionMinutes * 60 : 0)
        let setOff = max(leave.timeIntervalSince1970, departure - buffer - toAirport)
        let out = landed + deplane
        func date(_ t: Double) -> Date { Date(timeIntervalSince1970: t) }
        return FlightItinerary(
            earliestLeave: leave,
            toAirport: AirportDrive(
                airport: first.airport, roadMiles: first.roadMiles, seconds: toAirport, departure: date(setOff),
                arrival: date(setOff + toAirport)),
            flight: Flight(
                from: first.airport, to: last.airport, greatCircleMiles: miles, departure: date(departure),
                arrival: date(landed), airborneMinutes: airborne, connects: connects),
            fromAirport: AirportDrive(
                airport: last.airport, roadMiles: last.roadMiles, seconds: fromAirport, departure: date(out),
                arrival: date(out + fromAirport)),
            airportBufferSeconds: buffer, deplaneSeconds: deplane)
    }

    /// Earlier arrival; then fewer road miles; then the codes, so the choice is stable.
    static func isBetter(_ a: FlightItinerary, than b: FlightItinerary) -> Bool {
        (a.arrival, a.roadMiles, a.flight.from.iata, a.flight.to.iata)
            < (b.arrival, b.roadMiles, b.flight.from.iata, b.flight.to.iata)
    }
}
