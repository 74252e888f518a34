import TripsModel

/// Driving seconds and road miles between the candidate stadiums (S × S): the fan's
/// `RoadTimes` for the pairs they list, the straight-line `DriveModel` estimate for the rest —
/// no drive at all across an ocean (`RoadNetwork`) unless the file lists one.
///
/// Given times need not keep the triangle inequality (a listed leg can be slower than two
/// estimated ones), so the lower bounds that reason "however the fan gets there" read
/// `soonestSeconds`, the shortest chain of legs, never a single leg.
struct RoadMap: Sendable {
    let stadiumCount: Int
    /// `seconds[a × S + b]`, `.infinity` when there is no road.
    let seconds: [Double]
    let miles: [Double]
    /// Which pairs the fan's file gave.
    private let given: [Bool]
    /// The fewest seconds from a to b by any chain of legs (equal to `seconds` for the model).
    let soonestSeconds: [Double]

    init(stadiums: [Stadium], times: RoadTimes?, drive: DriveModel) {
        let count = stadiums.count
        let locations = stadiums.map(\.location)
        let networks = locations.map(RoadNetwork.init)
        var seconds = [Double](repeating: 0, count: count * count)
        var miles = [Double](repeating: 0, count: count * count)
        var given = [Bool](repeating: false, count: count * count)
        for a in 0..<count {
            for b in 0..<count where a != b {
                let index = a * count + b
                if let road = times?.road(from: stadiums[a].id, to: stadiums[b].id) {
                    miles[index] = road.miles
                    seconds[index] = road.minutes * 60
                    given[index] = true
                    continue
                }
                let estimate = drive.roadMiles(greatCircle: locations[a].miles(to: locations[b]))
                miles[index] = estimate
                // An ocean between them: no drive (the leg is impossible, not long).
                seconds[index] = networks[a] == networks[b] ? drive.seconds(roadMiles: estimate) : .infinity
            }
        }
        stadiumCount = count
        self.seconds = seconds
        self.miles = miles
        self.given = given
        soonestSeconds = given.contains(true) ? Self.shortestPaths(seconds, count: count) : seconds
    }

    /// The drive from stadium a to stadium b.
    func drive(from a: Int, to b: Int) -> (seconds: Double, miles: Double) {
        let index = a * stadiumCount + b
        return (seconds[index], miles[index])
    }

    /// Whether the fan's file gave the drive from a to b.
    func isGiven(from a: Int, to b: Int) -> Bool { a != b && given[a * stadiumCount + b] }

    /// Floyd–Warshall over the legs: O(S³), a few million steps for a whole season's venues.
    private static func shortestPaths(_ seconds: [Double], count: Int) -> [Double] {
        var best = seconds
        for k in 0..<count {
            for a in 0..<count where best[a * count + k].isFinite {
                let viaK = best[a * count + k]
                for b in 0..<count {
                    let candidate = viaK + best[k * count + b]
                    if candidate < best[a * count + b] { best[a * count + b] = candidate }
                }
            }
        }
        return best
    }
}
