import FoundationEssentials
import TripsModel

/// How far a tour may relax when the one asked for does not fit: what a fan who named no daily
/// limit means. Night driving is never taken unasked: a tour that needs it is found and handed
/// back (`RelaxedTour.atNight`) for the caller to offer.
public struct TourRelaxation: Sendable, Hashable {
    /// No daily limit given: after the usual limit, the fewest hours by day that admit a tour.
    public var findsFewestHours: Bool
    /// Neither a limit nor night driving given: buildings whose dates no day's driving joins may
    /// be left out (at most `maxLeftOut`), and a tour driving at night too is looked for.
    public var looksAtNight: Bool
    /// Buildings a tour by day leaves out before it gives up on days.
    public var maxLeftOut = 8

    public init(findsFewestHours: Bool, looksAtNight: Bool) {
        self.findsFewestHours = findsFewestHours
        self.looksAtNight = looksAtNight
    }

    /// Exactly what was asked: no step of the ladder.
    public static let none = TourRelaxation(findsFewestHours: false, looksAtNight: false)
}

/// A building the tour by day left out, and why: its dates and another building's cannot both
/// be reached driving by day, or no trip from the start reaches them.
public struct TourLeftOut: Sendable {
    /// A game of the building left out (its stadium and home team name it).
    public var game: RichGame
    /// How many dates it had.
    public var dates: Int
    /// The building it could not share a trip with, and that one's dates; nil: out of reach
    /// from the start.
    public var kept: (game: RichGame, dates: Int)?

    /// Of two buildings no day's driving joins, the one with fewer dates (the second on a tie);
    /// the building out of reach from the start. Nil for any other reason no tour fits.
    init?(_ problem: TourInfeasibility?, games: [RichGame]) {
        let game = { (id: String?) in id.flatMap { id in games.first { $0.id == id } } }
        switch problem {
        case .cannotConnect(let first, let second)?:
            guard let a = game(first.first), let b = game(second.first) else { return nil }
            (self.game, dates, kept) =
                second.count <= first.count ? (b, second.count, (a, first.count)) : (a, first.count, (b, second.count))
        case .cannotReachFromStart(let ids)?:
            guard let out = game(ids.first) else { return nil }
            (self.game, dates, kept) = (out, ids.count, nil)
        default:
            return nil
        }
    }
}

/// What a relaxed tour search answers: the tour (or why none fits), the request that found it,
/// what was asked first when that did not fit, and the buildings left out.
public struct RelaxedTour: Sendable {
    public var result: TourResult
    /// The request `result` answers: the relaxed one when the ladder took a step.
    public var request: TourRequest
    /// When the tour needed more than asked: the first request and why it failed.
    public var relaxedFrom: (request: TourRequest, problem: TourInfeasibility)?
    /// Buildings left out by day, in the order they were.
    public var leftOut: [TourLeftOut]
    /// The games the tour was planned among (the given ones less the buildings left out).
    public var games: [RichGame]
    /// No tour fits by day, but one does driving at night too (never taken unasked): the caller
    /// offers it, and `takingNightDriving()` makes it the answer.
    public var atNight: (result: TourResult, request: TourRequest)?

    /// The night tour as the answer, the by-day failure what was asked first.
    public func takingNightDriving() -> RelaxedTour {
        guard let atNight, let problem = result.infeasibility else { return self }
        var taken = self
        taken.relaxedFrom = relaxedFrom ?? (request, problem)
        taken.result = atNight.result
        taken.request = atNight.request
        taken.atNight = nil
        return taken
    }
}

extension TripPlanner {
    /// The tour of `request`, relaxed as far as `relaxing` allows when it does not fit: the
    /// usual limit first; then the fewest hours by day that admit a tour; then by day with the
    /// buildings left out whose dates no day's driving joins (retried whole when leaving them
    /// out does not help); then, only looked for, a tour driving at night too.
    public func tour(
        _ request: TourRequest, games: [RichGame], relaxing: TourRelaxation, clock: @escaping () -> Double,
        progress: ((TourProgress) -> Void)? = nil, stop: (() -> Bool)? = nil
    ) throws(PlanRequestError) -> RelaxedTour {
        var attempts = [request]
        if relaxing.findsFewestHours {
            attempts.append(request)
            attempts[1].findsMinimumDriveHours = true
        }
        var byNight: TourRequest?
        if relaxing.looksAtNight {
            var night = attempts[attempts.count - 1]
            night.findsMinimumDriveHours = true
            night.driving.allowsOvernightDriving = true
            byNight = night
        }
        func byDay(_ games: [RichGame]) throws(PlanRequestError) -> RelaxedTour {
            var found = RelaxedTour(
                result: try tour(attempts[0], games: games, clock: clock, progress: progress, stop: stop),
                request: attempts[0], leftOut: [], games: games)
            for attempt in attempts.dropFirst() {
                guard !found.result.interrupted, found.result.itinerary == nil,
                    let problem = found.result.infeasibility, problem.isAboutDriving
                else { break }
                if found.relaxedFrom == nil { found.relaxedFrom = (found.request, problem) }
                found.result = try tour(attempt, games: games, clock: clock, progress: progress, stop: stop)
                found.request = attempt
            }
            return found
        }
        var found = try byDay(games)
        var leftOut: [TourLeftOut] = []
        while byNight != nil, leftOut.count < relaxing.maxLeftOut, !found.result.interrupted,
            found.result.itinerary == nil, let out = TourLeftOut(found.result.infeasibility, games: found.games)
        {
            leftOut.append(out)
            found = try byDay(found.games.filter { $0.stadium.id != out.game.stadium.id })
        }
        if found.result.itinerary == nil && !leftOut.isEmpty {
            leftOut = []
            found = try byDay(games)
        }
        found.leftOut = leftOut
        if let night = byNight, !found.result.interrupted, found.result.itinerary == nil,
            let problem = found.result.infeasibility, problem.isAboutDriving
        {
            let atNight = try tour(night, games: found.games, clock: clock, progress: progress, stop: stop)
            if atNight.itinerary != nil { found.atNight = (atNight, night) }
        }
        return found
    }
}
