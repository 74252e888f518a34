import FoundationEssentials
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
        let legs = self.legs(path: path)
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

    /// The legs of `path`. The search planned the first drive from the trip's first morning,
    /// which reads as a fan waiting days at the venue; here it leaves as late as still arrives
    /// with an hour to spare (or, failing that, in time), on a whole five minutes between 07:00
    /// and 23:00, and only if every later leg still makes its game (and the end place its
    /// deadline) with the driving that then counts.
    private func legs(path: [Int]) -> [Leg] {
        guard request.start != nil, let first = path.first, let clockIndex = candidates.startClock else {
            return legs(path: path, leaving: nil)
        }
        let clock = candidates.clocks[clockIndex]
        let opens = candidates.tripOpens
        let deadline = candidates.nodes[first].start - graph.bufferBefore
        let seconds = graph.legs.startDriveSeconds[candidates.nodes[first].stadium]
        let step = 300.0
        for margin in [3600.0, 0] {
            var day = clock.day(at: deadline)
            while clock.startOfDay(day + 1) > opens {
                let early = max(clock.opening(day), opens)
                var departure = (clock.closing(day) / step).rounded(.down) * step
                while departure >= early {
                    var log = NoDriveLog()
                    let arrival = drive.arrival(
                        driving: seconds, from: departure, clock: clock,
                        toward: graph.legs.clock(ofStadium: candidates.nodes[first].stadium), usedToday: 0, log: &log)
                    if arrival <= deadline - margin {
                        let legs = legs(path: path, leaving: departure)
                        if isOnTime(legs) { return legs }
                    }
                    departure -= step
                }
                day -= 1
            }
        }
        return legs(path: path, leaving: opens)
    }

    /// Every leg arrives by its deadline, and the last one (to the end place) before the trip closes.
    private func isOnTime(_ legs: [Leg]) -> Bool {
        legs.allSatisfy { ($0.slackMinutes ?? 0) >= -1e-9 }
            && (request.end == nil
                || legs.last.map { $0.arrival.timeIntervalSince1970 <= candidates.tripCloses } ?? true)
    }

    /// The legs of `path`, the first drive (from the start place) leaving at `leaving`.
    private func legs(path: [Int], leaving: Double?) -> [Leg] {
        let nodes = candidates.nodes
        var legs: [Leg] = []
        var driven: [DriveSegment] = []
        if let start = request.start, let first = path.first, let clockIndex = candidates.startClock {
            legs.append(
                drivenLeg(
                    from: LegEndpoint(place: start), to: LegEndpoint(game: candidates.games[first]),
                    leaving: leaving ?? candidates.tripOpens, clock: candidates.clocks[clockIndex],
                    toward: graph.legs.clock(ofStadium: nodes[first].stadium), usedToday: 0,
                    deadline: nodes[first].start - graph.bufferBefore, driven: &driven))
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
            let road = graph.roads.drive(from: nodes[a].stadium, to: nodes[b].stadium)
            legs.append(
                leg(
                    after: a, from: from, to: to, toward: graph.legs.clock(ofStadium: nodes[b].stadium),
                    deadline: nodes[b].start - graph.bufferBefore,
                    road: (road.seconds, road.miles, graph.roads.isGiven(from: nodes[a].stadium, to: nodes[b].stadium)),
                    driven: &driven))
        }
        if let end = request.end, let last = path.last {
            legs.append(
                leg(
                    after: last, from: LegEndpoint(game: candidates.games[last]), to: LegEndpoint(place: end),
                    toward: candidates.endClock.map { candidates.clocks[$0] }, deadline: nil, road: nil,
                    driven: &driven))
        }
        return legs
    }

    /// A drive between stadiums as the graph has it (nil: a start or end place, estimated).
    private typealias Road = (seconds: Double, miles: Double, given: Bool)

    /// The leg leaving game node `a`, driven with the earlier driving that still counts.
    private func leg(
        after a: Int, from: LegEndpoint, to: LegEndpoint, toward: ZoneClock?, deadline: Double?, road: Road?,
        driven: inout [DriveSegment]
    ) -> Leg {
        let clock = graph.legs.clock(ofStadium: candidates.nodes[a].stadium)
        let leaving = graph.legs.leaving(a)
        let used = drive.duty(leaving: leaving, after: driven, clock: clock)
        return drivenLeg(
            from: from, to: to, leaving: leaving, clock: clock, toward: toward, usedToday: used, deadline: deadline,
            road: road, driven: &driven)
    }

    private func drivenLeg(
        from: LegEndpoint, to: LegEndpoint, leaving: Double, clock: ZoneClock, toward: ZoneClock?, usedToday: Double,
        deadline: Double?, road: Road? = nil, driven: inout [DriveSegment]
    ) -> Leg {
        let miles = road?.miles ?? drive.roadMiles(greatCircle: from.coordinate.miles(to: to.coordinate))
        let seconds = road?.seconds ?? drive.seconds(roadMiles: miles)
        var log = FullDriveLog()
        var arrival = drive.arrival(
            driving: seconds, from: leaving, clock: clock, toward: toward, usedToday: usedToday, log: &log)
        var segments = log.segments
        if let finished = drive.finishing(segments) {
            segments = finished
            arrival = finished.last?.end ?? arrival
        }
        var stops: [OvernightStop] = []
        var covered = 0.0
        for (segment, next) in zip(segments, segments.dropFirst()) {
            covered += segment.seconds
            let fraction = seconds > 0 ? covered / seconds : 0
            stops.append(
                OvernightStop(
                    stopAt: Date(timeIntervalSince1970: segment.end), resumeAt: Date(timeIntervalSince1970: next.start),
                    milesDriven: miles * fraction,
                    location: from.coordinate.interpolated(to: to.coordinate, fraction: fraction),
                    timeZone: clock.identifier))
        }
        driven += segments
        return Leg(
            from: from, to: to, miles: miles, driveHours: seconds / 3600,
            earliestDeparture: Date(timeIntervalSince1970: leaving),
            departure: Date(timeIntervalSince1970: segments.first?.start ?? leaving),
            arrival: Date(timeIntervalSince1970: arrival), overnightStops: stops,
            slackMinutes: deadline.map { ($0 - arrival) / 60 }, usesRoadTimes: road?.given ?? false)
    }
}
