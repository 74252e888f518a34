import TripsModel

/// What one source knows about a building. Several sources may describe the same building;
/// the catalog merges them field by field, the first (most trusted) source with a value winning.
struct VenueFacts: Sendable, Hashable {
    var name: String
    /// Former or alternative names under which schedules or other sources list it.
    var otherNames: [String] = []
    var coordinate: Coordinate?
    /// The coordinate stands in for the venue (a town centre): the stadium record and the
    /// manifest say so.
    var coordinateIsApproximate = false
    var city: String? = nil
    var state: String? = nil
    /// ISO 3166-1 alpha-2.
    var country: String? = nil
    /// Set for venues outside the gazetteer's countries; others get the nearest place's zone.
    var timeZone: String? = nil
    var capacity: Int? = nil
    var yearOpened: Int? = nil
    /// Where the coordinate comes from (a raw file, or the page a hand-made row was checked on).
    var source: String
    /// A club's former home that fans still name: kept as a stadium (with no sports) even
    /// when no bundled game is played there, so `--stadium` and `--near` find it.
    var isFormerHome = false
}
