/// A trip so far, as every search carries it: its last game and what the rest of the trip
/// depends on. Venue sets are kept beside it by each search (a bitmap, a sweep's useful bits),
/// since each weighs them its own way; everything else a rule needs lives here, so a rule with
/// state adds a field here and nowhere else.
struct PartialTrip: Sendable {
    /// The last game (-1: none yet, the fan is at the start place).
    var node: Int32
    var games: Int32
    /// Distinct venues that count (`TripRules.venueWeights`).
    var stadiums: Int32
    /// Must-see teams still to see, one bit per team.
    var need: Int
    var milliMiles: Int64
    /// Driving that still counts against the limit when the fan leaves the last game, and from
    /// when it no longer does (`Arrival`).
    var carry: Double
    var restedBy: Double

    /// The last game, or nil at the start place.
    var last: Int? { node < 0 ? nil : Int(node) }
}
