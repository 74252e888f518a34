import Foundation
import TripsModel

@testable import TripsPlanner

/// A brute-force planner for small instances: enumerates every time-ordered sequence of games,
/// checks it leg by leg straight from the rules (full drive simulation, the driving that still
/// counts carried across legs — `DriveModel.duty` over every earlier stretch — and, with an end
/// place, back there by the window's end), and ranks all that satisfy the request. Shares only the drive model and
/// the zone clock with the planner (both tested on their own), none of its graph, bounds or search.
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

    init(request: PlanRequest, games: [RichGame], durations: [String: Int]) {
        self.request = request
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
                guard let legSegments = leg(from: from, to: next, incoming: segments) else { continue }
                path.append(next)
                extend(segments: segments + legSegments)
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
        var legs = zip(path, path.dropFirst()).map {
            road(from: candidates[$0].game.stadium, to: candidates[$1].game.stadium).miles
        }
        if let start = request.start, let first = games.first {
            legs.append(drive.roadMiles(greatCircle: start.coordinate.miles(to: first.stadium.location)))
        }
        if let end = request.end, let last = games.last {
            legs.append(drive.roadMiles(greatCircle: last.stadium.location.miles(to: end.coordinate)))
        }
        return Trip(
            ids: ids, games: games.count, stadiums: stadiums.count, miles: legs.reduce(0, +),
            milliMiles: legs.reduce(0) { $0 + Int64(($1 * 1000).rounded()) })
    }

    /// The driving of the leg into candidate `to` (from candidate `from`, or the start), if the
    /// rules allow the leg.
    func leg(from: Int?, to: Int, incoming: [DriveSegment]) -> [DriveSegment]? {
        let target = candidates[to]
        let before = request.driving.bufferBeforeGameMinutes * 60
        guard let from else {
            guard let start = request.start, let clock = startClock else { return [] }
            let miles = drive.roadMiles(greatCircle: start.coordinate.miles(to: target.game.stadium.location))
            guard Self.drivable(start.coordinate, target.game.stadium.location) else { return nil }
            var log = FullDriveLog()
            let arrival = drive.arrival(
                driving: drive.seconds(roadMiles: miles), from: opens, clock: clock, toward: target.clock, usedToday: 0,
                log: &log)
            return arrival + before <= target.start ? log.segments : nil
        }
        let origin = candidates[from]
        guard target.start - origin.start >= request.minHoursBetweenGames * 3600 else { return nil }
        if origin.game.stadium.id == target.game.stadium.id {
            return target.start >= origin.end ? [] : nil
        }
        let leave = origin.end + request.driving.bufferAfterGameMinutes * 60
        guard let seconds = road(from: origin.game.stadium, to: target.game.stadium).seconds else { return nil }
        var log = FullDriveLog()
        let used = drive.duty(leaving: leave, after: incoming, clock: origin.clock)
        let arrival = drive.arrival(
            driving: seconds, from: leave, clock: origin.clock, toward: target.clock, usedToday: used, log: &log)
        return arrival + before <= target.start ? log.segments : nil
    }

    /// With an end place: the drive there from the last game gets back before the window closes.
    func returnsInTime(after last: Int, segments: [DriveSegment]) -> Bool {
        guard let end = request.end else { return true }
        let origin = candidates[last]
        guard Self.drivable(origin.game.stadium.location, end.coordinate) else { return false }
        let leave = origin.end + request.driving.bufferAfterGameMinutes * 60
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
