import Foundation
import TripsModel

@testable import TripsPlanner

/// A brute-force planner for small instances: enumerates every time-ordered sequence of games,
/// checks it leg by leg straight from the rules (full drive simulation, the driving that still
/// counts carried across legs — `DriveModel.duty` over every earlier stretch — and, with an end
/// place, back there by the window's end), and ranks all that satisfy the request. Shares only the drive model and
/// the zone clock with the planner (both tested on their own), none of its graph, bounds or search.
/// With flights (`PlanRequest.travel`), a leg's mode is decided from the rules' words and timed by
/// `FlightEstimator` (tested on its own), not by the planner's `FlightMap`.
struct ReferencePlanner {
    struct Candidate {
        var game: RichGame
        var start: Double
        var end: Double
        var clock: ZoneClock
        var day: Int
    }

    struct Trip {
        var ids: [String]
        var games: Int
        var stadiums: Int
        var miles: Double
        /// Miles in thousandths, rounded leg by leg: the planner's exact measure.
        var milliMiles: Int64
    }

    let request: PlanRequest
    let durations: [String: Int]
    let candidates: [Candidate]
    private let drive: DriveModel
    private let startClock: ZoneClock?
    private let endClock: ZoneClock?
    private let opens: Double
    private let closes: Double

    /// The estimator over the instance's airports, when legs may fly.
    private let estimator: FlightEstimator?

    init(request: PlanRequest, games: [RichGame], durations: [String: Int], airports: AirportTable? = nil) {
        self.request = request
        estimator =
            request.travelMode == .drive
            ? nil
            : airports.map { FlightEstimator(airports: $0, driving: request.driving, zones: Fixture.zones) }
        self.durations = durations
        drive = DriveModel(request.driving)
        let coverage = 1.7e9...1.9e9  // 2023–2030
        func clock(_ zone: String) -> ZoneClock { ZoneClock(zone: Fixture.zones(zone)!, covering: coverage) }
        candidates = games.compactMap { rich in
            let game = rich.game
            let clock = clock(rich.stadium.timeZone)
            let start = game.startTime.timeIntervalSince1970
            let day = clock.day(at: start)
            guard request.sports.isEmpty || request.sports.contains(game.sport),
                game.status != .cancelled, game.status != .postponed, !game.timeTBD,
                !request.homeGamesOnlyTeamIds.contains(game.awayTeamId),
                day >= request.from.dayNumber, day <= request.to.dayNumber
            else { return nil }
            let duration = Double(durations[game.sport] ?? 180) * 60
            return Candidate(game: rich, start: start, end: start + duration, clock: clock, day: day)
        }.sorted { ($0.start, $0.game.id) < ($1.start, $1.game.id) }
        startClock = request.start.map { clock($0.timeZone) }
        endClock = request.end.map { clock($0.timeZone) }
        opens = startClock?.startOfDay(request.from.dayNumber) ?? 0
        closes = request.end.map { clock($0.timeZone).startOfDay(request.to.dayNumber + 1) } ?? .infinity
    }

    /// Every valid trip's tally, best first by the request's objective.
    func rankedTrips() -> [Trip] {
        var trips: [Trip] = []
        var path: [Int] = []
        func extend(segments: [DriveSegment]) {
            if !path.isEmpty, returnsInTime(after: path.last!, segments: segments), let trip = complete(path) {
                trips.append(trip)
            }
            if let maxGames = request.maxGames, path.count >= maxGames { return }
            let from = path.last
            for next in (from.map { $0 + 1 } ?? 0)..<candidates.count {
                guard let (legSegments, flew) = leg(from: from, to: next, incoming: segments) else { continue }
                path.append(next)
                // After a flight nothing counts: its airport drives are transfers.
                extend(segments: flew ? [] : segments + legSegments)
                path.removeLast()
            }
        }
        extend(segments: [])
        return trips.sorted { better($0, $1) }
    }

    private func complete(_ path: [Int]) -> Trip? {
        let games = path.map { candidates[$0].game }
        let ids = games.map(\.id)
        guard Set(request.mustSeeGameIds).isSubset(of: Set(ids)) else { return nil }
        for team in request.mustSeeTeamIds
        where !games.contains(where: { $0.game.homeTeamId == team || $0.game.awayTeamId == team }) {
            return nil
        }
        let stadiums = Set(games.map(\.stadium.id))
        if request.distinctStadiumsOnly && stadiums.count < games.count { return nil }
        var legs = zip(path, path.dropFirst()).map { a, b in
            let (from, to) = (candidates[a].game.stadium, candidates[b].game.stadium)
            let road = road(from: from, to: to)
            if from.id == to.id { return road.miles }
            return flight(from: Self.place(from), to: Self.place(to), roadSeconds: road.seconds)?.roadMiles
                ?? road.miles
        }
        if let start = request.start, let first = games.first {
            let (miles, seconds) = placeRoad(start.coordinate, first.stadium.location)
            legs.append(flight(from: start, to: Self.place(first.stadium), roadSeconds: seconds)?.roadMiles ?? miles)
        }
        if let end = request.end, let last = games.last {
            let (miles, seconds) = placeRoad(last.stadium.location, end.coordinate)
            legs.append(flight(from: Self.place(last.stadium), to: end, roadSeconds: seconds)?.roadMiles ?? miles)
        }
        return Trip(
            ids: ids, games: games.count, stadiums: stadiums.count, miles: legs.reduce(0, +),
            milliMiles: legs.reduce(0) { $0 + Int64(($1 * 1000).rounded()) })
    }

    /// The driving of the leg into candidate `to` (from candidate `from`, or the start), and
    /// whether it flew, if the rules allow the leg.
    func leg(from: Int?, to: Int, incoming: [DriveSegment]) -> (segments: [DriveSegment], flew: Bool)? {
        let target = candidates[to]
        let before = request.driving.bufferBeforeGameMinutes * 60
        guard let from else {
            guard let start = request.start, let clock = startClock else { return ([], false) }
            let (miles, seconds) = placeRoad(start.coordinate, target.game.stadium.location)
            if let flight = flight(from: start, to: Self.place(target.game.stadium), roadSeconds: seconds) {
                let arrival = flownArrival(flight, from: start, to: Self.place(target.game.stadium), leaving: opens)
                return arrival + before <= target.start ? ([], true) : nil
            }
            guard Self.drivable(start.coordinate, target.game.stadium.location) else { return nil }
            var log = FullDriveLog()
            let arrival = drive.arrival(
                driving: drive.seconds(roadMiles: miles), from: opens, clock: clock, toward: target.clock, usedToday: 0,
                log: &log)
            return arrival + before <= target.start ? (log.segments, false) : nil
        }
        let origin = candidates[from]
        guard target.start - origin.start >= request.minHoursBetweenGames * 3600 else { return nil }
        if origin.game.stadium.id == target.game.stadium.id {
            return target.start >= origin.end ? ([], false) : nil
        }
        let leave = origin.end + request.driving.bufferAfterGameMinutes * 60
        let road = road(from: origin.game.stadium, to: target.game.stadium)
        let (a, b) = (Self.place(origin.game.stadium), Self.place(target.game.stadium))
        if let flight = flight(from: a, to: b, roadSeconds: road.seconds) {
            // A flight's arrival follows the game's day rule like a drive's: a later day unless
            // at the same stadium (never, for a flight).
            let arrival = flownArrival(flight, from: a, to: b, leaving: leave)
            return arrival + before <= target.start ? ([], true) : nil
        }
        guard let seconds = road.seconds else { return nil }
        var log = FullDriveLog()
        let used = drive.duty(leaving: leave, after: incoming, clock: origin.clock)
        let arrival = drive.arrival(
            driving: seconds, from: leave, clock: origin.clock, toward: target.clock, usedToday: used, log: &log)
        return arrival + before <= target.start ? (log.segments, false) : nil
    }

    /// The flight of the leg from `a` to `b`, when the leg flies: the one the estimator picks
    /// leaving at midday (every departure then as soon as the fan is ready: the quickest door
    /// to door), flown under `fly` whenever there is one, under `either` when the drive takes
    /// more than a day's limit (or there is no road) and the flight is quicker.
    func flight(from a: PlanPlace, to b: PlanPlace, roadSeconds: Double?) -> FlightItinerary? {
        guard let estimator else { return nil }
        let midday = Fixture.instant("\(request.from) 12:17", zone: a.timeZone)
        guard let quickest = estimator.estimate(from: a, leaving: midday, to: b).itinerary else { return nil }
        let road = roadSeconds ?? .infinity
        let flies =
            request.travelMode == .fly
            || (road > request.driving.maxHoursPerDay * 3600 && quickest.doorToDoorSeconds < road)
        return flies ? quickest : nil
    }

    /// When `flight`'s route gets the fan from `a`, leaving at `leave`, to `b`.
    func flownArrival(_ flight: FlightItinerary, from a: PlanPlace, to b: PlanPlace, leaving leave: Double) -> Double {
        guard let estimator else { return .infinity }
        var only = estimator
        only.airports = AirportTable(airports: [flight.flight.from, flight.flight.to])
        return only.estimate(from: a, leaving: Date(timeIntervalSince1970: leave), to: b).itinerary?.arrival
            .timeIntervalSince1970 ?? .infinity
    }

    static func place(_ stadium: Stadium) -> PlanPlace {
        PlanPlace(name: stadium.name, coordinate: stadium.location, timeZone: stadium.timeZone)
    }

    /// The modelled road between two places: miles, and seconds (nil across an ocean).
    func placeRoad(_ a: Coordinate, _ b: Coordinate) -> (miles: Double, seconds: Double?) {
        let miles = drive.roadMiles(greatCircle: a.miles(to: b))
        return (miles, Self.drivable(a, b) ? drive.seconds(roadMiles: miles) : nil)
    }

    /// With an end place: the drive there from the last game gets back before the window closes.
    func returnsInTime(after last: Int, segments: [DriveSegment]) -> Bool {
        guard let end = request.end else { return true }
        let origin = candidates[last]
        let leave = origin.end + request.driving.bufferAfterGameMinutes * 60
        let (_, seconds) = placeRoad(origin.game.stadium.location, end.coordinate)
        if let flight = flight(from: Self.place(origin.game.stadium), to: end, roadSeconds: seconds) {
            return flownArrival(flight, from: Self.place(origin.game.stadium), to: end, leaving: leave) <= closes
        }
        guard Self.drivable(origin.game.stadium.location, end.coordinate) else { return false }
        let miles = drive.roadMiles(greatCircle: origin.game.stadium.location.miles(to: end.coordinate))
        var log = NoDriveLog()
        let arrival = drive.arrival(
            driving: drive.seconds(roadMiles: miles), from: leave, clock: origin.clock, toward: endClock,
            usedToday: drive.duty(leaving: leave, after: segments, clock: origin.clock), log: &log)
        return arrival <= closes
    }

    /// The drive between two stadiums: the request's road times for a pair they list (either
    /// direction, the listed one first), else the model; no seconds when an ocean is between.
    func road(from a: Stadium, to b: Stadium) -> (miles: Double, seconds: Double?) {
        if let given = request.roadTimes?.roads[a.id]?[b.id] ?? request.roadTimes?.roads[b.id]?[a.id] {
            return (given.miles, given.minutes * 60)
        }
        let miles = drive.roadMiles(greatCircle: a.location.miles(to: b.location))
        return (miles, Self.drivable(a.location, b.location) ? drive.seconds(roadMiles: miles) : nil)
    }

    /// Places on one road network (no ocean between them).
    static func drivable(_ a: Coordinate, _ b: Coordinate) -> Bool { RoadNetwork(a) == RoadNetwork(b) }

    /// Strictly better by the objective.
    func better(_ a: Trip, _ b: Trip) -> Bool {
        let am = a.milliMiles
        let bm = b.milliMiles
        switch request.objective {
        case .games: return (a.games, a.stadiums, -am) > (b.games, b.stadiums, -bm)
        case .stadiums: return (a.stadiums, a.games, -am) > (b.stadiums, b.games, -bm)
        case .driving: return (-am, a.games, a.stadiums) > (-bm, b.games, b.stadiums)
        }
    }
}
