import FoundationEssentials
import TripsModel

/// When nothing fits, finds the tightest constraint by relaxing one at a time — the daily
/// driving limit first (searching for the smallest limit that works, and naming the drive that
/// needs it), then the night rest, the minimum gap, distinct stadiums only and the game limit.
/// Runs only on failure, so it may re-plan a dozen times.
struct InfeasibilityDiagnosis {
    let request: PlanRequest
    let games: [RichGame]
    let durations: (String) -> Int
    let zones: ZoneLookup
    let flights: FlightSource?

    /// The most hours a day can hold when the limit is lifted (the night rest still applies).
    static let unlimitedHours: Double = 24
    /// Precision of the search for the smallest daily limit that works.
    static let hoursPrecision: Double = 0.05
    /// Search states per relaxed attempt: a dozen attempts must stay quick; an attempt cut short
    /// counts as "does not fit", so a long window may name a looser constraint than the tightest.
    static let attemptSearchLimit = 100_000

    func tightestConstraint() -> PlanInfeasibility {
        if let end = request.end, fits({ $0.end = nil }) { return .cannotReturnToEnd(place: end.name, by: request.to) }
        if let explanation = dailyLimitExplanation() { return explanation }
        if !request.driving.allowsOvernightDriving
            && fits({
                $0.driving.allowsOvernightDriving = true
                $0.driving.maxHoursPerDay = Self.unlimitedHours
            })
        {
            return .needsOvernightDriving
        }
        if request.minHoursBetweenGames > 0 && fits({ $0.minHoursBetweenGames = 0 }) {
            return .minimumGapTooLong(hours: request.minHoursBetweenGames)
        }
        if request.distinctStadiumsOnly && fits({ $0.distinctStadiumsOnly = false }) { return .needsRepeatedStadium }
        if let limit = request.maxGames, fits({ $0.maxGames = nil }) { return .maxGamesTooLow(limit: limit) }
        if let start = request.start, request.mustSeeGameIds.isEmpty, request.mustSeeTeamIds.isEmpty {
            return .unreachableFromStart(place: start.name)
        }
        return .mustSeesCannotBeCombined
    }

    private func attempt(_ change: (inout PlanRequest) -> Void) -> Itinerary? {
        var relaxed = request
        relaxed.options = 1
        relaxed.searchLimit = min(request.searchLimit, Self.attemptSearchLimit)
        change(&relaxed)
        return PlanRun(request: relaxed, games: games, durations: durations, zones: zones, flights: flights).result
            .itineraries.first
    }

    private func fits(_ change: (inout PlanRequest) -> Void) -> Bool { attempt(change) != nil }

    /// If a larger daily limit makes a trip fit: the drive that needs more than the fan allows.
    private func dailyLimitExplanation() -> PlanInfeasibility? {
        let limit = request.driving.maxHoursPerDay
        guard limit < Self.unlimitedHours,
            var best = attempt({ $0.driving.maxHoursPerDay = Self.unlimitedHours })
        else { return nil }
        var low = limit
        var high = Self.unlimitedHours
        while high - low > Self.hoursPrecision {
            let middle = (low + high) / 2
            if let found = attempt({ $0.driving.maxHoursPerDay = middle }) {
                best = found
                high = middle
            } else {
                low = middle
            }
        }
        guard let longest = longestDuty(in: best) else { return nil }
        let leg = longest.leg
        if let before = longest.carriedFrom, longest.carriedHours > 0 {
            return .carriedDrivingLimit(
                from: leg.from.name, to: leg.to.name, neededHours: longest.hours, carriedHours: longest.carriedHours,
                carriedFrom: before.from.name, limitHours: limit,
                nightDriving: request.driving.allowsOvernightDriving)
        }
        return .dailyDrivingLimit(
            from: leg.from.name, to: leg.to.name, neededHours: longest.hours, limitHours: limit,
            fromStart: leg.from.gameId == nil)
    }

    /// The stint with the most driving counting against the limit, as the rules count it: that
    /// local day's (its origin's clock), or with night driving everything since the last rest
    /// of 8 h — and how much of it the legs before drove, so a limit broken by driving carried
    /// from an earlier leg is not blamed on the pair of games it falls between.
    private func longestDuty(in itinerary: Itinerary) -> (
        leg: Leg, hours: Double, carriedHours: Double, carriedFrom: Leg?
    )? {
        var best: (leg: Leg, hours: Double, carriedHours: Double, carriedFrom: Leg?)?
        var driven: [(segment: DriveSegment, leg: Int)] = []
        let legs = itinerary.legs
        for (index, leg) in legs.enumerated() where leg.miles > 0 {
            guard let zone = zones(leg.from.timeZone) else { continue }
            let segments = Self.segments(of: leg)
            let span =
                (segments.first?.start ?? 0) - 2 * ZoneClock.secondsPerDay...(segments.last?.end ?? 0)
                + ZoneClock.secondsPerDay
            let clock = ZoneClock(zone: zone, covering: span)
            for segment in segments {
                var total = segment.seconds
                var carried = 0.0
                var carriedFrom: Int?
                var boundary = segment.start
                let dayStart = clock.startOfDay(clock.day(at: segment.start))
                for earlier in driven.reversed() {
                    let counts =
                        request.driving.allowsOvernightDriving
                        ? boundary - earlier.segment.end < DriveModel.restSeconds : earlier.segment.end > dayStart
                    guard counts else { break }
                    let seconds =
                        request.driving.allowsOvernightDriving
                        ? earlier.segment.seconds : earlier.segment.overlap(dayStart, segment.start)
                    total += seconds
                    boundary = earlier.segment.start
                    if earlier.leg != index {
                        carried += seconds
                        carriedFrom = carriedFrom ?? earlier.leg
                    }
                }
                if total / 3600 > (best?.hours ?? 0) {
                    best = (leg, total / 3600, carried / 3600, carriedFrom.map { legs[$0] })
                }
                driven.append((segment, index))
            }
        }
        return best
    }

    private static func segments(of leg: Leg) -> [DriveSegment] {
        var starts = [leg.departure.timeIntervalSince1970]
        var ends: [Double] = []
        for stop in leg.overnightStops {
            ends.append(stop.stopAt.timeIntervalSince1970)
            starts.append(stop.resumeAt.timeIntervalSince1970)
        }
        ends.append(leg.arrival.timeIntervalSince1970)
        return zip(starts, ends).map { DriveSegment(start: $0, end: $1) }
    }
}
