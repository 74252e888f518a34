/// Compares tallies by an objective: a strict lexicographic order on its measures, in the order
/// `PlanObjective.order` gives (so an objective is its order and nothing else). `.none` is below
/// everything.
struct Ranking: Sendable {
    let objective: PlanObjective
    /// Compare by most games alone (the games objective's first measure): a search that only
    /// has to prove the most games prunes far more, since stadiums and miles no longer split ties.
    var gamesOnly = false
    /// The objective's measures in comparison order (a tuple: no allocation per comparison).
    let order: (ScoreMeasure, ScoreMeasure, ScoreMeasure)

    init(objective: PlanObjective) {
        self.objective = objective
        let measures = objective.order
        order = (measures[0], measures[1], measures[2])
    }

    /// The measure `measure` of `tally` as a number where more is better (miles negated).
    @inline(__always)
    static func value(_ tally: Tally, _ measure: ScoreMeasure) -> Int64 {
        switch measure {
        case .games: return Int64(tally.games)
        case .stadiums: return Int64(tally.stadiums)
        case .miles: return -tally.milliMiles
        }
    }

    /// Whether `a` ranks strictly above `b`.
    @inline(__always)
    func isBetter(_ a: Tally, than b: Tally) -> Bool {
        if a.isNone { return false }
        if b.isNone { return true }
        if gamesOnly { return a.games > b.games }
        let a0 = Self.value(a, order.0)
        let b0 = Self.value(b, order.0)
        if a0 != b0 { return a0 > b0 }
        let a1 = Self.value(a, order.1)
        let b1 = Self.value(b, order.1)
        if a1 != b1 { return a1 > b1 }
        return Self.value(a, order.2) > Self.value(b, order.2)
    }

    @inline(__always)
    func best(_ a: Tally, _ b: Tally) -> Tally { isBetter(b, than: a) ? b : a }
}
