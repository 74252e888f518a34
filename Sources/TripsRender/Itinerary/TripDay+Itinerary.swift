import FoundationEssentials
import Glibc
import TripsModel
import TripsPlanner
import TripsZones

extension TripDay {
    /// The trip day by day, from the first departure (or the first game) to the last game (or
    /// the arrival at the end place), free days included. A drive belongs to the local day it
    /// starts on, a game to its venue-local day.
    static func days(of trip: Itinerary, towns: OvernightTowns, clock: LocalTimeFormatter) -> [TripDay] {
        let steps = TripSteps(trip: trip, towns: towns).steps
        guard let first = steps.first else { return [] }
        var here = first.origin
        var days: [TripDay] = []
        var today = TripDay(
            date: first.day(clock), wake: here, drives: [], games: [], sleep: here, sleepsOnTheRoad: false)
        for step in steps {
            let date = max(step.day(clock), today.date)
            while today.date < date {
                days.append(today)
                today = TripDay(
                    date: today.date.adding(days: 1), wake: here, drives: [], games: [], sleep: here,
                    sleepsOnTheRoad: false)
            }
            switch step.kind {
            case .drive(let drive, let onTheRoad):
                today.drives.append(drive)
                today.sleepsOnTheRoad = onTheRoad
            case .game(let stop):
                today.games.append(stop)
                today.sleepsOnTheRoad = false
            }
            here = step.place
            today.sleep = here
        }
        days.append(today)
        return days
    }
}

/// A trip as the fan moves through it: drive stretches and games in travel order, each with
/// where the fan is once it is over.
private struct TripSteps {
    enum Kind {
        case drive(DayDrive, onTheRoad: Bool)
        case game(ItineraryStop)
    }

    struct Step {
        var kind: Kind
        /// Where the fan is before it.
        var origin: String
        /// Where the fan is afterwards: a game's city, the end place, a town on the road.
        var place: String

        /// The local day it happens on: a drive's where it starts, a game's at its venue.
        func day(_ clock: LocalTimeFormatter) -> CalendarDay {
            switch kind {
            case .drive(let drive, _): return clock.parts(of: drive.departure, zone: drive.departureZone).day
            case .game(let stop): return clock.parts(of: stop.game.game.startTime, zone: stop.game.stadium.timeZone).day
            }
        }
    }

    var steps: [Step] = []
    private let cities: [String: String]
    private let towns: OvernightTowns

    init(trip: Itinerary, towns: OvernightTowns) {
        self.towns = towns
        cities = Dictionary(trip.stops.map { ($0.game.id, $0.game.stadium.cityLabel) }) { first, _ in first }
        for step in trip.travelOrder {
            switch step {
            case .leg(let leg): addDrives(of: leg)
            case .game(let stop):
                let city = stop.game.stadium.cityLabel
                steps.append(Step(kind: .game(stop), origin: city, place: city))
            }
        }
    }

    /// A leg that flies: the drive to the airport, the flight, the drive on from the airport
    /// (a drive under half a mile is the airport itself: not shown).
    private mutating func addFlight(_ flight: LegFlight, of leg: Leg) {
        let origin = place(of: leg.from)
        let destination = place(of: leg.to)
        if flight.toAirportMiles >= 0.5 {
            let drive = DayDrive(
                from: leg.from.name, to: flight.from.iata, arrivesIn: origin, departure: flight.setOff,
                departureZone: leg.from.timeZone, arrival: flight.atAirport,
                arrivalZone: flight.from.timeZone, miles: flight.toAirportMiles,
                hours: 0, destination: flight.from.coordinate, gameId: leg.to.gameId)
            steps.append(Step(kind: .drive(drive.timed, onTheRoad: false), origin: origin, place: origin))
        }
        let air = DayDrive(
            from: flight.from.name, to: flight.to.name, arrivesIn: destination, departure: flight.departure,
            departureZone: flight.from.timeZone, arrival: flight.arrival, arrivalZone: flight.to.timeZone,
            miles: flight.greatCircleMiles, hours: flight.arrival.timeIntervalSince(flight.departure) / 3600,
            destination: flight.to.coordinate, gameId: leg.to.gameId, flight: flight)
        // The flight's day reads "Minneapolis, MN → New Orleans, LA": an airport is no place to be.
        steps.append(Step(kind: .drive(air, onTheRoad: false), origin: origin, place: destination))
        if flight.fromAirportMiles >= 0.5 {
            let drive = DayDrive(
                from: flight.to.name, to: leg.to.name, arrivesIn: destination, departure: flight.outOfAirport,
                departureZone: flight.to.timeZone, arrival: leg.arrival, arrivalZone: leg.to.timeZone,
                miles: flight.fromAirportMiles, hours: 0, destination: leg.to.coordinate, gameId: leg.to.gameId)
            steps.append(Step(kind: .drive(drive.timed, onTheRoad: false), origin: destination, place: destination))
        }
    }

    /// A leg's stretches, one per day of driving, split at its overnight stops.
    private mutating func addDrives(of leg: Leg) {
        if let flight = leg.flight { return addFlight(flight, of: leg) }
        guard leg.isDrive else { return }
        struct Point {
            var name: String
            var place: String
            var zone: String
            var coordinate: Coordinate
            var miles: Double
        }
        var points = [
            Point(
                name: leg.from.name, place: place(of: leg.from), zone: leg.from.timeZone,
                coordinate: leg.from.coordinate, miles: 0)
        ]
        var starts = [leg.departure]
        var ends: [Date] = []
        for stop in leg.overnightStops {
            let town = towns.town(at: stop.location)
            let label = towns.label(at: stop.location)
            points.append(
                Point(
                    name: label, place: label, zone: town?.timeZone ?? stop.timeZone, coordinate: stop.location,
                    miles: stop.milesDriven))
            ends.append(stop.stopAt)
            starts.append(stop.resumeAt)
        }
        ends.append(leg.arrival)
        points.append(
            Point(
                name: leg.to.name, place: place(of: leg.to), zone: leg.to.timeZone, coordinate: leg.to.coordinate,
                miles: leg.miles))
        for k in 0..<starts.count {
            let (from, to) = (points[k], points[k + 1])
            let drive = DayDrive(
                from: from.name, to: to.name, arrivesIn: to.place, departure: starts[k], departureZone: from.zone,
                arrival: ends[k],
                arrivalZone: to.zone, miles: to.miles - from.miles, hours: ends[k].timeIntervalSince(starts[k]) / 3600,
                destination: to.coordinate, gameId: leg.to.gameId)
            steps.append(
                Step(kind: .drive(drive, onTheRoad: k + 1 < starts.count), origin: from.place, place: to.place))
        }
    }

    /// Where a fan at a leg's end is: a game's city, or the start or end place as named.
    private func place(of end: LegEndpoint) -> String {
        end.gameId.flatMap { cities[$0] } ?? end.name
    }
}
