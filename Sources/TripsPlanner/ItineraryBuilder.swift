import Foundation
import TripsModel

/// Stage 4: turns a path of game nodes into the itinerary a fan reads — legs with departure,
/// arrival and overnight stops (re-driven with the day's earlier driving, exactly as the search
/// judged them), totals and warnings.
struct ItineraryBuilder {
    let graph: FeasibilityGraph
    let request: PlanRequest

    private var candidates: CandidateSet { graph.candidates }
    private var drive: DriveModel { graph.drive }

    func itinerary(path: [Int]) -> Itinerary {
        let nodes = candidates.nodes
        let stops = path.map { k in
            ItineraryStop(
                game: candidates.games[k], expectedStart: Date(timeIntervalSince1970: nodes[k].start),
                expectedEnd: Date(timeIntervalSince1970: nodes[k].end))
        }
        var legs: [Leg] = []
        var incoming: [DriveSegment] = []
        if let start = request.start, let first = path.first, let clockIndex = candidates.startClock {
            let target = LegEndpoint(game: candidates.games[first])
            legs.append(
                drivenLeg(
                    from: LegEndpoint(place: start), to: target, leaving: candidates.tripOpens,
                    clock: candidates.clocks[clockIndex], usedToday: 0,
                    deadline: nodes[first].start - graph.bufferBefore,
                    incoming: &incoming))
        }
        for (a, b) in zip(path, path.dropFirst()) {
            let from = LegEndpoint(game: candidates.games[a])
            let to = LegEndpoint(game: candidates.games[b])
            if nodes[a].stadium == nodes[b].stadium {
                let stay = Date(timeIntervalSince1970: nodes[a].end)
                legs.append(
                    Leg(
                        from: from, to: to, miles: 0, driveHours: 0, earliestDeparture: stay, departure: stay,
                        arrival: stay, overnightStops: [], slackMinutes: (nodes[b].start - nodes[a].end) / 60))
                continue
            }
            legs.append(
                leg(after: a, from: from, to: to, deadline: nodes[b].start - graph.bufferBefore, incoming: &incoming))
        }
        if let end = request.end, let last = path.last {
            legs.append(
                leg(
                    after: last, from: LegEndpoint(game: candidates.games[last]), to: LegEndpoint(place: end),
                    deadline: nil, incoming: &incoming))
        }
        var warnings: [ItineraryWarning] = path.filter { nodes[$0].hasEstimatedStart }.map {
            .estimatedStart(gameId: candidates.games[$0].id)
        }
        for (index, leg) in legs.enumerated() {
            guard leg.miles > 0, let slack = leg.slackMinutes, slack < ItineraryWarning.tightSlackMinutes,
                let gameId = leg.to.gameId
            else { continue }
            warnings.append(.tightConnection(legIndex: index, gameId: gameId, slackMinutes: slack))
        }
        let totals = ItineraryTotals(
            games: path.count, distinctStadiums: Set(path.map { nodes[$0].stadium }).count,
            miles: legs.reduce(0) { $0 + $1.miles }, driveHours: legs.reduce(0) { $0 + $1.driveHours })
        return Itinerary(stops: stops, legs: legs, totals: totals, warnings: warnings)
    }

    /// The leg leaving game node `a`, driven with the day's earlier driving taken into account.
    private func leg(
        after a: Int, from: LegEndpoint, to: LegEndpoint, deadline: Double?, incoming: inout [DriveSegment]
    ) -> Leg {
        let clock = graph.legs.clock(ofStadium: candidates.nodes[a].stadium)
        let leaving = graph.legs.leaving(a)
        let usedToday = incoming.driving(onDayOf: leaving, clock: clock)
        return drivenLeg(
            from: from, to: to, leaving: leaving, clock: clock, usedToday: usedToday, deadline: deadline,
            incoming: &incoming)
    }

    private func drivenLeg(
        from: LegEndpoint, to: LegEndpoint, leaving: Double, clock: ZoneClock, usedToday: Double, deadline: Double?,
        incoming: inout [DriveSegment]
    ) -> Leg {
        let miles = drive.roadMiles(greatCircle: from.coordinate.miles(to: to.coordinate))
        let seconds = drive.seconds(roadMiles: miles)
        var log = FullDriveLog()
        let arrival = drive.arrival(driving: seconds, from: leaving, clock: clock, usedToday: usedToday, log: &log)
        let segments = log.segments
        var stops: [OvernightStop] = []
        var driven = 0.0
        for (segment, next) in zip(segments, segments.dropFirst()) {
            driven += segment.seconds
            let fraction = seconds > 0 ? driven / seconds : 0
            stops.append(
                OvernightStop(
                    stopAt: Date(timeIntervalSince1970: segment.end), resumeAt: Date(timeIntervalSince1970: next.start),
                    milesDriven: miles * fraction,
                    location: from.coordinate.interpolated(to: to.coordinate, fraction: fraction),
                    timeZone: clock.identifier))
        }
        if !segments.isEmpty { incoming = segments }
        return Leg(
            from: from, to: to, miles: miles, driveHours: seconds / 3600,
            earliestDeparture: Date(timeIntervalSince1970: leaving),
            departure: Date(timeIntervalSince1970: segments.first?.start ?? leaving),
            arrival: Date(timeIntervalSince1970: arrival), overnightStops: stops,
            slackMinutes: deadline.map { ($0 - arrival) / 60 })
    }
}
