import TripsModel

/// What the planner estimates flights from (`TripPlanner.airports`): the airports, the rules of
/// a flight, and the zones of the airports' clocks.
struct FlightSource: Sendable {
    let airports: AirportTable
    let rules: FlightRules
    let zones: ZoneLookup
}
