import Foundation
import TripsModel

@testable import TripsPlanner

/// Brute force for tours on small instances: every choice of one game per required building,
/// put in time order, checked leg by leg by `ReferencePlanner` (full drive simulation from the
/// rules) and measured — days from the first game to the last, driving seconds and milli-miles
/// leg by leg, as the planner rounds them. Shares none of the tour search, its bounds or the
/// "earliest game" argument.
struct TourReference {
    let request: TourRequest
    let reference: ReferencePlanner
    /// Candidate indexes of each required building's games.
    let buildings: [[Int]]
    private let drive: DriveModel

    init(request: TourRequest, games: [RichGame], durations: [String: Int]) {
        self.request = request
        let usable = games.filter { rich in
            let game = rich.game
            guard game.season == request.season, game.seasonType == .regular, !game.isNeutralSite else { return false }
            switch request.kind {
            case .opponents(let team): return game.awayTeamId == team
            case .venues(let hosts): return hosts.contains(game.homeTeamId)
            }
        }
        var plan = PlanRequest(
            from: CalendarDay(dayNumber: 0), to: CalendarDay(dayNumber: 100_000), sports: request.sports)
        plan.start = request.start
        plan.end = request.end
        plan.driving = request.driving
        plan.roadTimes = request.roadTimes
        if request.end != nil {
            let last = usable.map { $0.game.startTime.timeIntervalSince1970 }.max() ?? 0
            plan.to = CalendarDay(dayNumber: Int((last / 86_400).rounded(.down)) + 1)
        }
        if request.start != nil {
            let first = usable.map { $0.game.startTime.timeIntervalSince1970 }.min() ?? 0
            plan.from = CalendarDay(dayNumber: Int((first / 86_400).rounded(.down)) - 1)
        }
        reference = ReferencePlanner(request: plan, games: usable, durations: BruteForceTests.durations)
        var byStadium: [String: [Int]] = [:]
        for (index, candidate) in reference.candidates.enumerated() {
            byStadium[candidate.game.stadium.id, default: []].append(index)
        }
        buildings = byStadium.keys.sorted().map { byStadium[$0]! }
        drive = DriveModel(request.driving)
    }

    /// The best cost over every valid tour (nil: none), and how many tours are valid.
    func best() -> (cost: TourCost?, valid: Int) {
        var best: TourCost?
        var valid = 0
        var choice: [Int] = []
        func choose(_ b: Int) {
            guard b < buildings.count else {
                guard let cost = cost(of: choice.sorted()) else { return }
                valid += 1
                if best.map({ cost.isBetter(than: $0, by: request.objective) }) ?? true { best = cost }
                return
            }
            for index in buildings[b] {
                choice.append(index)
                choose(b + 1)
                choice.removeLast()
            }
        }
        if !buildings.isEmpty { choose(0) }
        return (best, valid)
    }

    /// The cost of visiting candidates `path` (time order) if every leg keeps the rules.
    func cost(of path: [Int]) -> TourCost? {
        guard let first = path.first, let last = path.last else { return nil }
        var segments: [DriveSegment] = []
        var previous: Int?
        for next in path {
            guard let leg = reference.leg(from: previous, to: next, incoming: segments) else { return nil }
            segments = leg.flew ? [] : segments + leg.segments
            previous = next
        }
        guard reference.returnsInTime(after: last, segments: segments) else { return nil }
        let stadiums = path.map { reference.candidates[$0].game.stadium }
        var legs = zip(stadiums, stadiums.dropFirst()).map { a, b in
            let road = reference.road(from: a, to: b)
            return (miles: road.miles, seconds: road.seconds ?? .infinity)
        }
        let estimate = { (a: Coordinate, b: Coordinate) in
            let miles = drive.roadMiles(greatCircle: a.miles(to: b))
            return (miles: miles, seconds: drive.seconds(roadMiles: miles))
        }
        if let start = request.start, let first = stadiums.first {
            legs.insert(estimate(start.coordinate, first.location), at: 0)
        }
        if let end = request.end, let last = stadiums.last { legs.append(estimate(last.location, end.coordinate)) }
        var seconds: Int64 = 0
        var milli: Int64 = 0
        for leg in legs {
            seconds += Int64(leg.seconds.rounded())
            milli += Int64((leg.miles * 1000).rounded())
        }
        let days = reference.candidates[last].day - reference.candidates[first].day + 1
        return TourCost(days: Int64(days), driveSeconds: seconds, milliMiles: milli)
    }

    /// The cost of a tour the planner returned, checked by the same rules.
    func cost(ofGameIds ids: [String]) -> TourCost? {
        let index = Dictionary(reference.candidates.enumerated().map { ($1.game.id, $0) }) { a, _ in a }
        let path = ids.compactMap { index[$0] }
        guard path.count == ids.count, path == path.sorted() else { return nil }
        return cost(of: path)
    }
}
