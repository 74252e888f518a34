import FoundationEssentials
import Glibc
import TripsModel
import TripsPlanner

/// One local calendar day of a trip as the fan lives it: where they wake, what they drive, the
/// games, where they sleep. Fans plan by days, not by legs; `TripDay.days(of:…)` derives these
/// from the planner's legs and stops without moving any time, so the days shown are the plan.
struct TripDay: Sendable, Hashable {
    var date: CalendarDay
    /// Where the fan wakes: the start place, a game's city, or a town on the road.
    var wake: String
    var drives: [DayDrive]
    var games: [ItineraryStop]
    /// Where the fan sleeps (for the last day: where the trip ends).
    var sleep: String
    /// The night is spent where a long drive stopped for the day, not in a game's city or the
    /// end place.
    var sleepsOnTheRoad: Bool

    /// A day with nothing to do but wait for the next game.
    var isFree: Bool { drives.isEmpty && games.isEmpty }

    /// The day's drives and games in the order they happen (a drive may follow the game).
    var events: [DayEvent] {
        let all = drives.map(DayEvent.drive) + games.map(DayEvent.game)
        return all.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(\.element)
    }
}

/// Something that happens on a day.
enum DayEvent {
    case drive(DayDrive)
    case game(ItineraryStop)

    var start: Date {
        switch self {
        case .drive(let drive): return drive.departure
        case .game(let stop): return stop.expectedStart
        }
    }
}

/// One day's stretch of a leg. A leg longer than a day's driving is several of these, split at
/// its overnight stops; each shows its times on the wall clock where it starts and ends.
struct DayDrive: Sendable, Hashable {
    /// A venue's name, the start or end place, or the town of an overnight stop.
    var from: String
    var to: String
    /// Where the fan is on arrival: a game's city, the end place, a town on the road.
    var arrivesIn: String
    var departure: Date
    var departureZone: String
    var arrival: Date
    var arrivalZone: String
    var miles: Double
    var hours: Double
    /// Where the stretch ends: for a calendar event's location.
    var destination: Coordinate
    /// The game the drive's leg leads to (nil: the end place): with the day, a stable id for the
    /// drive's calendar event.
    var gameId: String?
    /// Set when this stretch is a flight (from and to are airports, miles great-circle).
    var flight: LegFlight? = nil

    /// The stretch with its hours from its times (a transfer to or from an airport).
    var timed: DayDrive {
        var timed = self
        timed.hours = arrival.timeIntervalSince(departure) / 3600
        return timed
    }
}

extension Leg {
    /// Whether the leg is a drive worth showing. Two games at one venue are joined by a 0-mile
    /// leg, and a trip may start at the venue of its first game: staying put is not a drive.
    var isDrive: Bool { miles >= 0.5 }
}
