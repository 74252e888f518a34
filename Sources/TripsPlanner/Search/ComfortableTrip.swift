/// Among the trips that tie a found one on every measure, the one a person would drive
/// (`TripComfort`): the same venues in the same order — so the same venues and miles — and as
/// many games, each game perhaps another date at its venue. A series of three games leaves a
/// route three dates to choose from, and the search keeps whichever it met first; the later
/// one may spare a night on the road. Every swap is checked by the search's own rules
/// (`TripImprovement.tally`), and kept only when its tally is exactly the same.
struct ComfortableTrip {
    let improvement: TripImprovement
    let builder: ItineraryBuilder
    /// Dates tried on each side of a game (a series, a homestand): enough for every choice a
    /// fixed route really has, few enough for a season-long trip.
    static let datesEachSide = 3
    /// Rounds over the whole trip: a swap can open another.
    static let rounds = 2
    /// Legs its builder follows after each leg's choice (`ItineraryBuilder.lookahead`): the dates
    /// are compared on an estimate, the itinerary then drives the chosen trip exactly.
    static let lookahead = 4

    private var graph: FeasibilityGraph { improvement.graph }

    /// `path` with games moved to other dates at their venues where that is more comfortable.
    func retimed(_ path: [Int]) -> [Int] {
        var steps: [TripImprovement.Step] = []
        guard let tally = improvement.tally(of: path, steps: &steps) else { return path }
        let nodes = graph.legs.nodes
        let chains = graph.chains
        var best = path
        var comfort = builder.comfort(path: best)
        for _ in 0..<Self.rounds {
            var changed = false
            // Only a game beside a night on the road has a date worth moving: another date
            // changes how the legs to and from it are driven, and nothing else.
            let legs = builder.itinerary(path: best).legs
            let offset = builder.request.start == nil ? 0 : 1
            func hasNight(_ leg: Int) -> Bool { legs.indices.contains(leg) && !legs[leg].overnightStops.isEmpty }
            for index in best.indices where !nodes[best[index]].isMustSee {
                guard hasNight(index + offset - 1) || hasNight(index + offset) else { continue }
                let k = best[index]
                let s = nodes[k].stadium
                let after = index > 0 ? nodes[best[index - 1]].start : -.infinity
                let before = index + 1 < best.count ? nodes[best[index + 1]].start : .infinity
                let here = chains.position[k]
                let low = max(0, here - Self.datesEachSide)
                let high = min(chains.length(s) - 1, here + Self.datesEachSide)
                guard low < high else { continue }
                for position in low...high where position != here {
                    let other = chains.node(s, at: position)
                    guard nodes[other].start > after, nodes[other].start < before else { continue }
                    var candidate = best
                    candidate[index] = other
                    guard improvement.tally(of: candidate, steps: &steps) == tally else { continue }
                    let better = builder.comfort(path: candidate)
                    if better.isBetter(than: comfort) {
                        best = candidate
                        comfort = better
                        changed = true
                    }
                }
            }
            if !changed { break }
        }
        return best
    }
}
