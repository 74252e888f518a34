import TripsModel

/// One other name of a club, before it becomes a `TeamAlias`: which club (league code),
/// what kind of name, and the half-open span of days it was in use (nil: open).
struct AliasFact: Sendable, Hashable {
    var sport: String
    var teamCode: String
    var kind: TeamAlias.Kind
    var value: String
    var validFrom: CalendarDay? = nil
    /// Exclusive: the first day the name no longer meant this club.
    var validUntil: CalendarDay? = nil
    /// Where it comes from, for the manifest.
    var source: String
}

/// One other name of a building with its span of use, before it becomes a `StadiumAlias`.
struct StadiumNameUse: Sendable, Hashable {
    var name: String
    var firstSeason: Int
    var lastSeason: Int
}
