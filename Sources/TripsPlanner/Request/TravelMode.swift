/// How the fan may travel between games (`trips plan --travel`).
public enum TravelMode: String, Sendable, Hashable, Codable, CaseIterable {
    /// Every leg by road, as the planner always planned.
    case drive
    /// Every leg a flight serves by air (`FlightRules`: at least 250 miles, an airport in reach
    /// at both ends); shorter legs by road.
    case fly
    /// Each leg the way a fan would choose: by road when the drive fits in one day's driving
    /// limit, by air when it does not and the flight is quicker door to door. (Not the earlier
    /// arrival alone: a fan drives a 5-hour leg rather than fly it to arrive 20 minutes sooner.)
    case either
}
