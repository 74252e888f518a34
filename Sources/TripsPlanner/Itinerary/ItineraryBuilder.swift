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
        let legs = planned(path: path).legs
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

    /// How comfortable `path` is driven (`TripComfort`), as its itinerary drives it.
    func comfort(path: [Int]) -> TripComfort { planned(path: path).comfort }

    /// The legs of `path`. The search planned the first drive from the trip's first morning,
    /// which reads as a fan waiting days at the venue; here it leaves as late as still arrives
    /// with an hour to spare (or, failing that, in time), on a whole five minutes between 07:00
    /// and 23:00, and only if every later leg still makes its game (and the end place its
    /// deadline) with the driving that then counts.

    private func planned(path: [Int]) -> (legs: [Leg], comfort: TripComfort) {
        guard request.start != nil, let first = path.first, let clockIndex = candidates.startClock else {
            return legs(path: path, leaving: nil)
        }
        let clock = candidates.clocks[clockIndex]
        let opens = candidates.tripOpens
        let deadline = candidates.nodes[first].start - graph.bufferBefore
        if let flights = graph.legs.flights,
            flights.flies(from: flights.startPlace, to: candidates.nodes[first].stadium)
        {
            return flown(path: path, flights: flights, clock: clock, deadline: deadline)
        }
        let seconds = graph.legs.startDriveSeconds[candidates.nodes[first].stadium]
        let step = 300.0
        // With night driving, a start in the night only when no day's start arrives in time:
        // then the latest one that does, not the trip's first midnight.
        let attempts: [(margin: Double, anyHour: Bool)] =
            [(3600, false), (0, false)] + (drive.allowsOvernight ? [(0, true)] : [])
        for (margin, anyHour) in attempts {
            var day = clock.day(at: deadline)
            while clock.startOfDay(day + 1) > opens {
                let early = max(anyHour ? clock.startOfDay(day) : clock.opening(day), opens)
                let late = anyHour ? clock.startOfDay(day + 1) - step : clock.closing(day)
                var departure = (late / step).rounded(.down) * step
                while departure >= early {
                    var log = NoDriveLog()
                    let arrival = drive.arrival(
                        driving: seconds, from: departure, clock: clock,
                        toward: graph.legs.clock(ofStadium: candidates.nodes[first].stadium), usedToday: 0, log: &log)
                    if arrival <= deadline - margin {
                        if isOnTime(legs(path: path, leaving: departure, comfortable: false).legs) {
                            return legs(path: path, leaving: departure)
                        }
                    }
                    departure -= step
                }
                day -= 1
            }
        }
        return legs(path: path, leaving: opens)
    }

    /// `planned` when the first leg flies: the latest day's first flight that lands with an hour
    /// to spare (or, failing that, in time) while every later leg still makes its game.
    private func flown(path: [Int], flights: FlightLegs, clock: ZoneClock, deadline: Double) -> (
        legs: [Leg], comfort: TripComfort
    ) {
        let opens = candidates.tripOpens
        let stadium = candidates.nodes[path[0]].stadium
        for margin in [3600.0, 0] {
            var day = clock.day(at: deadline)
            while clock.startOfDay(day + 1) > opens {
                let leave = max(opens, clock.startOfDay(day))
                if flights.arrival(from: flights.startPlace, to: stadium, leaving: leave) <= deadline - margin,
                    isOnTime(legs(path: path, leaving: leave, comfortable: false).legs)
                {
                    return legs(path: path, leaving: leave)
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

    /// One drive of the trip before it is scheduled: where it goes, when it may leave, by when it
    /// must arrive (nil: a stay at one stadium, no drive).
    private struct Drive {
        var from: LegEndpoint
        var to: LegEndpoint
        var leave: Double
        var clock: ZoneClock
        var toward: ZoneClock?
        var seconds: Double
        var miles: Double
        var given: Bool
        /// The next game's start less the buffer; the trip's close for the leg to the end place.
        var deadline: Double
        var slackDeadline: Double?
        /// Staying at one stadium between two games: no drive.
        var stay: (end: Double, nextStart: Double)?
        /// Whether the duty on leaving counts the trip's earlier driving (not the first leg's).
        var afterGame: Bool
        /// The places (`FlightLegs`' numbering) of a leg that flies; nil for a drive.
        var flies: (from: Int, to: Int)? = nil
    }

    /// The places of the leg from place a to place b when it flies.
    private func flying(from a: Int, to b: Int) -> (from: Int, to: Int)? {
        graph.legs.flights.flatMap { $0.flies(from: a, to: b) ? (a, b) : nil }
    }

    /// The drives of `path` in order, the first (from the start place) leaving at `leaving`.
    private func drives(path: [Int], leaving: Double?) -> [Drive] {
        let nodes = candidates.nodes
        var drives: [Drive] = []
        if let start = request.start, let first = path.first, let clockIndex = candidates.startClock {
            let from = LegEndpoint(place: start)
            let to = LegEndpoint(game: candidates.games[first])
            let miles = drive.roadMiles(greatCircle: from.coordinate.miles(to: to.coordinate))
            let deadline = nodes[first].start - graph.bufferBefore
            drives.append(
                Drive(
                    from: from, to: to, leave: leaving ?? candidates.tripOpens, clock: candidates.clocks[clockIndex],
                    toward: graph.legs.clock(ofStadium: nodes[first].stadium),
                    seconds: drive.seconds(roadMiles: miles), miles: miles, given: false, deadline: deadline,
                    slackDeadline: deadline, stay: nil, afterGame: false,
                    flies: flying(from: candidates.stadiums.count, to: nodes[first].stadium)))
        }
        for (a, b) in zip(path, path.dropFirst()) {
            let from = LegEndpoint(game: candidates.games[a])
            let to = LegEndpoint(game: candidates.games[b])
            let clock = graph.legs.clock(ofStadium: nodes[a].stadium)
            let deadline = nodes[b].start - graph.bufferBefore
            if nodes[a].stadium == nodes[b].stadium {
                drives.append(
                    Drive(
                        from: from, to: to, leave: nodes[a].end, clock: clock, toward: nil, seconds: 0, miles: 0,
                        given: false, deadline: deadline, slackDeadline: deadline,
                        stay: (nodes[a].end, nodes[b].start), afterGame: true))
                continue
            }
            let road = graph.roads.drive(from: nodes[a].stadium, to: nodes[b].stadium)
            drives.append(
                Drive(
                    from: from, to: to, leave: graph.legs.leaving(a), clock: clock,
                    toward: graph.legs.clock(ofStadium: nodes[b].stadium), seconds: road.seconds, miles: road.miles,
                    given: graph.roads.isGiven(from: nodes[a].stadium, to: nodes[b].stadium), deadline: deadline,
                    slackDeadline: deadline, stay: nil, afterGame: true,
                    flies: flying(from: nodes[a].stadium, to: nodes[b].stadium)))
        }
        if let end = request.end, let last = path.last {
            let from = LegEndpoint(game: candidates.games[last])
            let to = LegEndpoint(place: end)
            let miles = drive.roadMiles(greatCircle: from.coordinate.miles(to: to.coordinate))
            drives.append(
                Drive(
                    from: from, to: to, leave: graph.legs.leaving(last),
                    clock: graph.legs.clock(ofStadium: nodes[last].stadium),
                    toward: candidates.endClock.map { candidates.clocks[$0] },
                    seconds: drive.seconds(roadMiles: miles), miles: miles, given: false,
                    deadline: candidates.tripCloses, slackDeadline: nil, stay: nil, afterGame: true,
                    flies: flying(from: nodes[last].stadium, to: candidates.stadiums.count + 1)))
        }
        return drives
    }

    /// The legs of `path`, the first drive (from the start place) leaving at `leaving`. Each leg
    /// is driven the most comfortable way (`DriveModel.schedules`) that keeps every later game
    /// when the rest is driven as the search judged it; with `comfortable` false, that way.
    private func legs(path: [Int], leaving: Double?, comfortable: Bool = true) -> (legs: [Leg], comfort: TripComfort) {
        let drives = drives(path: path, leaving: leaving)
        var comfort = TripComfort()
        var legs: [Leg] = []
        var driven: [DriveSegment] = []
        for (index, leg) in drives.enumerated() {
            if let stay = leg.stay {
                let at = Date(timeIntervalSince1970: stay.end)
                legs.append(
                    Leg(
                        from: leg.from, to: leg.to, miles: 0, driveHours: 0, earliestDeparture: at, departure: at,
                        arrival: at, overnightStops: [], slackMinutes: (stay.nextStart - stay.end) / 60))
                continue
            }
            if let places = leg.flies, let flights = graph.legs.flights {
                // A flight leaves nothing counting (its airport drives are transfers).
                legs.append(flown(leg, places: places, flights: flights))
                driven = []
                continue
            }
            let used = leg.afterGame ? drive.duty(leaving: leg.leave, after: driven, clock: leg.clock) : 0
            var options =
                comfortable
                ? drive.schedules(
                    leg.seconds, from: leg.leave, clock: leg.clock, toward: leg.toward, used: used,
                    deadline: leg.deadline) : []
            if options.isEmpty {
                var log = FullDriveLog()
                _ = drive.drive(
                    leg.seconds, from: leg.leave, clock: leg.clock, toward: leg.toward, used: used, log: &log)
                options = [
                    drive.finishing(log.segments, leave: leg.leave, used: used, clock: leg.clock) ?? log.segments
                ]
            }
            let earliest = options.last ?? []
            let chosen =
                options.dropLast().first {
                    keepsLater(drives, after: index, before: driven, chosen: $0, earliest: earliest)
                } ?? earliest
            driven += chosen
            comfort.add(chosen, clock: leg.clock)
            legs.append(self.leg(leg, segments: chosen))
        }
        return (legs, comfort)
    }

    /// Legs after a choice that `keepsLater` follows before it gives up and keeps the earliest:
    /// all of them for the itinerary the fan reads; a few where only a comparison needs it
    /// (`ComfortableTrip` weighs many dates, each a whole trip).
    var lookahead = Int.max

    /// Whether every drive after `index` still arrives by its deadline when `chosen` drives leg
    /// `index` (after `before`) and the rest are driven as early as the rules allow. The trip
    /// with the earliest drive there (`earliest`) is known to keep its games; the check follows
    /// both side by side and stops as soon as the chosen one is no worse off: nothing still
    /// counting when a leg sets off, or no more than the earliest trip has and its driving done
    /// no later. Undecided after `lookahead` legs, it says no. (A night-driving trip dense
    /// with games may never be as rested as the earliest one again: then only following it to
    /// the end decides.)
    private func keepsLater(
        _ drives: [Drive], after index: Int, before: [DriveSegment], chosen: [DriveSegment], earliest: [DriveSegment]
    ) -> Bool {
        var mine = before + chosen
        var theirs = before + earliest
        var followed = 0
        for leg in drives[(index + 1)...] where leg.stay == nil {
            // After a flight both trips have nothing counting: the chosen one is as well off.
            if leg.flies != nil { return true }
            let used = drive.duty(leaving: leg.leave, after: mine, clock: leg.clock)
            if used <= 0 { return true }
            let usedThere = drive.duty(leaving: leg.leave, after: theirs, clock: leg.clock)
            if used <= usedThere, (mine.last?.end ?? 0) <= (theirs.last?.end ?? 0) { return true }
            if followed == lookahead { return false }
            followed += 1
            var log = FullDriveLog()
            let arrival = drive.drive(
                leg.seconds, from: leg.leave, clock: leg.clock, toward: leg.toward, used: used, log: &log
            ).arrival
            if arrival > leg.deadline + 1e-6 { return false }
            mine += log.segments
            var theirLog = FullDriveLog()
            _ = drive.drive(
                leg.seconds, from: leg.leave, clock: leg.clock, toward: leg.toward, used: usedThere, log: &theirLog)
            theirs += theirLog.segments
        }
        return true
    }

    /// The leg the fan reads for `leg` flown: the first flight after it may leave (`FlightMap`).
    private func flown(_ leg: Drive, places: (from: Int, to: Int), flights: FlightLegs) -> Leg {
        guard let (arrival, route) = flights.map.arrival(from: places.from, to: places.to, leaving: leg.leave) else {
            let at = Date(timeIntervalSince1970: leg.leave)
            return Leg(
                from: leg.from, to: leg.to, miles: 0, driveHours: 0, earliestDeparture: at, departure: at,
                arrival: Date(timeIntervalSince1970: .infinity), overnightStops: [], slackMinutes: -.infinity)
        }
        let model = drive
        let toAirport = model.seconds(roadMiles: route.toAirportMiles)
        let fromAirport = model.seconds(roadMiles: route.fromAirportMiles)
        let landed = arrival - route.after
        let departure = landed - route.air
        let setOff = departure - route.before
        func date(_ t: Double) -> Date { Date(timeIntervalSince1970: t) }
        return Leg(
            from: leg.from, to: leg.to, miles: route.roadMiles, driveHours: (toAirport + fromAirport) / 3600,
            earliestDeparture: date(leg.leave), departure: date(setOff), arrival: date(arrival), overnightStops: [],
            slackMinutes: leg.slackDeadline.map { ($0 - arrival) / 60 },
            flight: LegFlight(
                from: LegAirport(route.from), to: LegAirport(route.to), departure: date(departure),
                arrival: date(landed),
                greatCircleMiles: route.from.coordinate.miles(to: route.to.coordinate), connects: route.connects,
                toAirportMiles: route.toAirportMiles, fromAirportMiles: route.fromAirportMiles, setOff: date(setOff),
                atAirport: date(setOff + toAirport), outOfAirport: date(arrival - fromAirport)))
    }

    /// The leg the fan reads for `drive` driven in `segments`.
    private func leg(_ leg: Drive, segments: [DriveSegment]) -> Leg {
        let arrival = segments.last?.end ?? leg.leave
        var stops: [OvernightStop] = []
        var covered = 0.0
        for (segment, next) in zip(segments, segments.dropFirst()) {
            covered += segment.seconds
            let fraction = leg.seconds > 0 ? covered / leg.seconds : 0
            stops.append(
                OvernightStop(
                    stopAt: Date(timeIntervalSince1970: segment.end), resumeAt: Date(timeIntervalSince1970: next.start),
                    milesDriven: leg.miles * fraction,
                    location: leg.from.coordinate.interpolated(to: leg.to.coordinate, fraction: fraction),
                    timeZone: leg.clock.identifier))
        }
        return Leg(
            from: leg.from, to: leg.to, miles: leg.miles, driveHours: leg.seconds / 3600,
            earliestDeparture: Date(timeIntervalSince1970: leg.leave),
            departure: Date(timeIntervalSince1970: segments.first?.start ?? leg.leave),
            arrival: Date(timeIntervalSince1970: arrival), overnightStops: stops,
            slackMinutes: leg.slackDeadline.map { ($0 - arrival) / 60 }, usesRoadTimes: leg.given)
    }
}
