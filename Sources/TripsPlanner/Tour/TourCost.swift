/// A tour's three measures — calendar days, driving seconds, road milli-miles — compared in
/// the order the objective gives (`TourObjective.order`).
struct TourCost: Sendable, Hashable {
    var days: Int64
    var driveSeconds: Int64
    var milliMiles: Int64

    subscript(measure: Int) -> Int64 {
        switch measure {
        case 0: return days
        case 1: return driveSeconds
        default: return milliMiles
        }
    }

    /// Whether `self` ranks strictly before `other` under `objective`.
    func isBetter(than other: TourCost, by objective: TourObjective) -> Bool {
        for measure in objective.order where self[measure] != other[measure] {
            return self[measure] < other[measure]
        }
        return false
    }

    /// The objective's headline value as the fan reads it: days, hours or miles.
    func value(for objective: TourObjective) -> Double {
        switch objective {
        case .days: return Double(days)
        case .driving: return Double(driveSeconds) / 3600
        case .distance: return Double(milliMiles) / 1000
        }
    }
}
