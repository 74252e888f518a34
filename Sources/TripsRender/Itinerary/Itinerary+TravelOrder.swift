import TripsPlanner

/// One thing that happens on a trip: a leg, or a game.
enum TravelStep {
    case leg(Leg)
    case game(ItineraryStop)
}

extension Itinerary {
    /// Legs and games in the order the fan meets them: the leg that arrives at a game just
    /// before it, the leg to the end place last.
    var travelOrder: [TravelStep] {
        var steps: [TravelStep] = []
        var legIndex = 0
        for stop in stops {
            if legIndex < legs.count, legs[legIndex].to.gameId == stop.game.id {
                steps.append(.leg(legs[legIndex]))
                legIndex += 1
            }
            steps.append(.game(stop))
        }
        steps += legs[legIndex...].map(TravelStep.leg)
        return steps
    }
}
