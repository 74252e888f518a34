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

/// Compares tallies by an objective: a strict lexicographic order on (games, stadiums, −miles)
/// permuted as the objective says. `.none` is below everything.
struct Ranking: Sendable {
    let objective: PlanObjective

    /// Whether `a` ranks strictly above `b`.
    @inline(__always)
    func isBetter(_ a: Tally, than b: Tally) -> Bool {
        if a.isNone { return false }
        if b.isNone { return true }
        switch objective {
        case .games:
            if a.games != b.games { return a.games > b.games }
            if a.stadiums != b.stadiums { return a.stadiums > b.stadiums }
            return a.milliMiles < b.milliMiles
        case .stadiums:
            if a.stadiums != b.stadiums { return a.stadiums > b.stadiums }
            if a.games != b.games { return a.games > b.games }
            return a.milliMiles < b.milliMiles
        case .driving:
            if a.milliMiles != b.milliMiles { return a.milliMiles < b.milliMiles }
            if a.games != b.games { return a.games > b.games }
            return a.stadiums > b.stadiums
        }
    }

    @inline(__always)
    func best(_ a: Tally, _ b: Tally) -> Tally { isBetter(b, than: a) ? b : a }
}
