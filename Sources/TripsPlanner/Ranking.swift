/// Compares tallies by an objective: a strict lexicographic order on (games, stadiums, −miles)
/// permuted as the objective says. `.none` is below everything.
struct Ranking: Sendable {
    let objective: PlanObjective
    /// Compare by most games alone (the games objective's first measure): a search that only
    /// has to prove the most games prunes far more, since stadiums and miles no longer split ties.
    var gamesOnly = false

    /// Whether `a` ranks strictly above `b`.
    @inline(__always)
    func isBetter(_ a: Tally, than b: Tally) -> Bool {
        if a.isNone { return false }
        if b.isNone { return true }
        if gamesOnly { return a.games > b.games }
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
