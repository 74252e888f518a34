import Foundation
import TripsModel

/// One drive of an itinerary: from the start place or a game to the next game or the end place.
public struct Leg: Sendable, Hashable {
    public var from: LegEndpoint
    public var to: LegEndpoint
    /// Road miles (great circle × road factor).
    public var miles: Double
    /// Hours at the wheel (miles ÷ average speed), not counting rests.
    public var driveHours: Double
    /// When the fan may set off: the game's end plus the buffer, or the trip's first day.
    public var earliestDeparture: Date
    /// First moment at the wheel (later than `earliestDeparture` when the night rest or the day's
    /// driving limit makes the fan wait).
    public var departure: Date
    /// When the fan gets there.
    public var arrival: Date
    /// Nights spent on the road, in order; empty when the leg fits in one day.
    public var overnightStops: [OvernightStop]
    /// Minutes to spare before the latest useful arrival (the next game's start minus the
    /// buffer); nil for the last leg to the end place, which has no deadline.
    public var slackMinutes: Double?

    public init(
        from: LegEndpoint, to: LegEndpoint, miles: Double, driveHours: Double, earliestDeparture: Date,
        departure: Date, arrival: Date, overnightStops: [OvernightStop], slackMinutes: Double?
    ) {
        self.from = from
        self.to = to
        self.miles = miles
        self.driveHours = driveHours
        self.earliestDeparture = earliestDeparture
        self.departure = departure
        self.arrival = arrival
        self.overnightStops = overnightStops
        self.slackMinutes = slackMinutes
    }
}

/// A leg's end: a game's stadium or a place. Carries the zone so times render venue-local.
public struct LegEndpoint: Sendable, Hashable {
    /// Stadium name, or the place's name.
    public var name: String
    public var coordinate: Coordinate
    public var timeZone: String
    /// The game at this end, when it is a stadium.
    public var gameId: String?
    public var stadiumId: String?

    public init(name: String, coordinate: Coordinate, timeZone: String, gameId: String? = nil, stadiumId: String? = nil) {
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

/// Where a leg pauses for the night (or because the day's driving limit is used up).
public struct OvernightStop: Sendable, Hashable {
    /// When the fan stops driving.
    public var stopAt: Date
    /// When driving resumes.
    public var resumeAt: Date
    /// Road miles driven on this leg before the stop.
    public var milesDriven: Double
    /// Roughly where: the point that far along the great circle.
    public var location: Coordinate
    /// The zone whose clock the leg's rest rules use (the leg's origin).
    public var timeZone: String

    public init(stopAt: Date, resumeAt: Date, milesDriven: Double, location: Coordinate, timeZone: String) {
        self.stopAt = stopAt
        self.resumeAt = resumeAt
        self.milesDriven = milesDriven
        self.location = location
        self.timeZone = timeZone
    }
}
