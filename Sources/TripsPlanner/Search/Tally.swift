/// The three measures of a (partial) itinerary, exactly: miles in integer thousandths so sums
/// never depend on the order they were added in, and equal trips compare equal.
struct Tally: Sendable, Hashable {
    var games: Int32
    /// Distinct stadiums — or, in suffix bounds, stadium *changes* (an upper bound of new ones).
    var stadiums: Int32
    var milliMiles: Int64

    static let zero = Tally(games: 0, stadiums: 0, milliMiles: 0)
    /// No itinerary: worse than every real one.
    static let none = Tally(games: -1, stadiums: 0, milliMiles: 0)

    var isNone: Bool { games < 0 }

    static func + (a: Tally, b: Tally) -> Tally {
        Tally(games: a.games + b.games, stadiums: a.stadiums + b.stadiums, milliMiles: a.milliMiles + b.milliMiles)
    }
}
