import TripsModel

/// How a fan's flight is estimated, every constant in one place. There are no schedules or
/// fares in the bundle, so a flight is a model of a typical domestic trip, not a booking:
///
/// - In the air at `cruiseMph` over the great circle, plus `taxiClimbDescentMinutes` for the
///   parts of a flight that are not cruise.
/// - At the departure airport `airportBufferMinutes` before departure (check-in, security, a
///   domestic flight), and out of the arrival airport `deplaneMinutes` after landing.
/// - Departures only between `firstDepartureHour` and `lastDepartureHour` (inclusive) on the
///   departure airport's clock: ready later, the fan takes the first flight next morning. The
///   window opens at 09:00, not with the first bank of flights: with the buffer and the drive to
///   the airport the fan sets off around 07:00, the hour the driving day starts — a planner that
///   wakes a fan at 04:30 to make a 06:00 flight reads as nonsense (issue 40). Nor does the fan
///   set off for the airport before `earliestSetOffHour` (the driving day's start): from an
///   airport two hours' drive away, the first flight they take leaves later.

/// - Direct or one connection: a flight is direct when both ends are large hubs, or when one is
///   and the flight is at most `hubSpokeMiles` (regional airports fly to the hubs of their own
///   part of the continent). Otherwise — two regional airports, or a regional airport and a far
///   hub — it connects once, which costs `connectionMinutes` (a layover and a second take-off
///   and landing), over the same great-circle miles.
/// - No flight shorter than `minimumFlightMiles`, between the two places or the two airports:
///   below that, the drive is about as fast as the airports' buffers alone.
public struct FlightRules: Sendable, Hashable, Codable {
    /// An airliner's typical cruise, in statute miles per hour over the ground.
    public var cruiseMph: Double
    /// Taxi out, climb, descent and taxi in, beyond the cruise.
    public var taxiClimbDescentMinutes: Double
    /// Being at the airport this long before departure.
    public var airportBufferMinutes: Double
    /// Leaving the arrival airport after landing: the gate, bags, the rental car or the taxi rank.
    public var deplaneMinutes: Double
    /// The layover and the extra take-off and landing of a connecting flight.
    public var connectionMinutes: Double
    /// The longest direct flight between a hub and a regional airport.
    public var hubSpokeMiles: Double
    /// Flights depart from this hour (00–23, departure airport's local time)…
    public var firstDepartureHour: Int
    /// …up to and including this hour, on the hour.
    public var lastDepartureHour: Int
    /// Great-circle miles under which flying is not worth it.
    public var minimumFlightMiles: Double
    /// The fan sets off for the airport no earlier than this hour (local), as a drive would.
    public static let earliestSetOffHour = DrivingRules.restEndHour

    public init(
        cruiseMph: Double = 500, taxiClimbDescentMinutes: Double = 35, airportBufferMinutes: Double = 90,
        deplaneMinutes: Double = 30, connectionMinutes: Double = 90, hubSpokeMiles: Double = 1_000,
        firstDepartureHour: Int = 9, lastDepartureHour: Int = 21, minimumFlightMiles: Double = 250
    ) {
        self.cruiseMph = cruiseMph
        self.taxiClimbDescentMinutes = taxiClimbDescentMinutes
        self.airportBufferMinutes = airportBufferMinutes
        self.deplaneMinutes = deplaneMinutes
        self.connectionMinutes = connectionMinutes
        self.hubSpokeMiles = hubSpokeMiles
        self.firstDepartureHour = firstDepartureHour
        self.lastDepartureHour = lastDepartureHour
        self.minimumFlightMiles = minimumFlightMiles
    }

    /// Hours of a day, ordered; a positive speed; durations and distances finite and not
    /// negative. Rules that are not give no estimate (they would give no honest one).
    public var isValid: Bool {
        let amounts = [
            taxiClimbDescentMinutes, airportBufferMinutes, deplaneMinutes, connectionMinutes, hubSpokeMiles,
            minimumFlightMiles,
        ]
        return cruiseMph.isFinite && cruiseMph > 0 && amounts.allSatisfy { $0.isFinite && $0 >= 0 }
            && (0...23).contains(firstDepartureHour) && (firstDepartureHour...23).contains(lastDepartureHour)
    }

    /// Minutes from departure to arrival at the gate over `miles` (great circle), not counting
    /// a connection's layover.
    public func airborneMinutes(greatCircleMiles miles: Double) -> Double {
        taxiClimbDescentMinutes + miles / cruiseMph * 60
    }

    /// Whether the flight from `from` to `to` connects once (see the type's rule).
    public func connects(from: Airport, to: Airport, greatCircleMiles miles: Double) -> Bool {
        switch (from.isHub, to.isHub) {
        case (true, true): return false
        case (false, false): return true
        default: return miles > hubSpokeMiles
        }
    }

    /// The first departure at or after `ready` (seconds since 1970) on `clock`, the departure
    /// airport's: `ready` itself inside the window, else the window's next opening — which is
    /// no earlier than `lead` (the drive to the airport and the buffer) after
    /// `earliestSetOffHour`, and never after the window's close.
    func firstDeparture(atOrAfter ready: Double, clock: ZoneClock, lead: Double) -> Double {
        let day = clock.day(at: ready)
        let opening = min(
            max(Double(firstDepartureHour) * 3600, Double(Self.earliestSetOffHour) * 3600 + lead),
            Double(lastDepartureHour) * 3600)
        let opens = clock.instant(day: day, seconds: opening)
        let closes = clock.instant(day: day, seconds: Double(lastDepartureHour) * 3600)
        if ready <= opens { return opens }
        if ready <= closes { return ready }
        return clock.instant(day: day + 1, seconds: opening)
    }
}
