import FoundationEssentials
import TripsModel

/// One leg of an itinerary: from the start place or a game to the next game or the end place,
/// driven or flown (`flight`).
public struct Leg: Sendable, Hashable, Codable {
    public var from: LegEndpoint
    public var to: LegEndpoint
    /// Road miles (great circle × road factor, or the fan's road times); a flying leg's drives
    /// to and from its airports.
    public var miles: Double
    /// Hours at the wheel (miles ÷ average speed, or the fan's road times), not counting rests.
    public var driveHours: Double
    /// The miles and hours came from the fan's road times (`PlanRequest.roadTimes`), not the model.
    public var usesRoadTimes: Bool
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
    /// The flight, when the leg flies; nil for a drive (and in trips saved before flights).
    public var flight: LegFlight?

    public var mode: LegMode { flight == nil ? .drive : .fly }

    public init(
        from: LegEndpoint, to: LegEndpoint, miles: Double, driveHours: Double, earliestDeparture: Date,
        departure: Date, arrival: Date, overnightStops: [OvernightStop], slackMinutes: Double?,
        usesRoadTimes: Bool = false, flight: LegFlight? = nil
    ) {
        self.flight = flight
        self.from = from
        self.to = to
        self.miles = miles
        self.driveHours = driveHours
        self.earliestDeparture = earliestDeparture
        self.departure = departure
        self.arrival = arrival
        self.overnightStops = overnightStops
        self.slackMinutes = slackMinutes
        self.usesRoadTimes = usesRoadTimes
    }
}
