import FoundationEssentials
import TripsModel

extension TripPlanner {
    /// With night driving, option 1 sets off in the night only where that buys a game, a venue
    /// or a day: the plan is run again with the trip opening at 07:00, and where its option 1 is
    /// as good on those (miles do not count), it replaces the night start (`NightSetOff`). Either
    /// way the plan says what a start by day would cost, or what the night start would save.
    func setOffByDay(
        _ result: PlanResult, request: PlanRequest, games: [RichGame], progress: ((PlanProgress) -> Void)?,
        stop: (() -> Bool)?
    ) -> PlanResult {
        guard request.driving.allowsOvernightDriving, !result.interrupted, let start = request.start,
            let zone = zones(start.timeZone), let first = result.itineraries.first,
            let departure = first.legs.first?.departure,
            Self.isBeforeTheDrivingDay(departure, zone: zone, on: request.from)
        else { return result }
        let byDay = PlanRun(
            request: request, games: games, durations: duration(of:), zones: zones, flights: flightSource,
            progress: progress, stop: stop, setsOffByDay: true
        )
        .result
        if byDay.interrupted { return result }
        let night = outcome(first)
        let dayTrip = byDay.itineraries.first
        let day = dayTrip.map(outcome)
        let kept = NightSetOff.nightBuys(night, over: day)
        var result = result
        result.nightSetOff = NightSetOff(
            departure: departure, timeZone: start.timeZone, isKept: kept, atNight: night, byDay: day)
        result.statistics.statesExpanded += byDay.statistics.statesExpanded
        // Declined: the trip by day takes option 1's place. If it was another option already, the
        // night start takes that one's; else the night start becomes option 2 (the last option
        // gives way), so the options stay the same K and the saving stays in view.
        if !kept, let dayTrip {
            if let index = result.itineraries.firstIndex(where: { $0.gameIds == dayTrip.gameIds }) {
                result.itineraries[index] = first
                result.itineraries[0] = dayTrip
            } else {
                result.itineraries.insert(dayTrip, at: 0)
                if result.itineraries.count > max(1, request.options) { result.itineraries.removeLast() }
            }
        }
        return result
    }

    /// Before 07:00 where the fan starts, on the trip's first day: what a plan opening at 07:00
    /// rules out (a start late that evening is already one by day).
    static func isBeforeTheDrivingDay(_ instant: Date, zone: ZoneInfo, on day: CalendarDay) -> Bool {
        let local = CalendarDay.split(zone.localSeconds(at: instant))
        return local.day == day && local.secondOfDay < DrivingRules.restEndHour * 3600
    }

    /// The local day of `instant` in the zone named `identifier` (UTC's for a zone not known).
    private func localDay(_ instant: Date, zone identifier: String) -> Int {
        CalendarDay(instant, in: zones(identifier) ?? .utc).dayNumber
    }

    /// What `trip` adds up to for `NightSetOff`: its days run from the first departure (or the
    /// first game) to the last game or the arrival at the end place, in local days.
    private func outcome(_ trip: Itinerary) -> NightSetOff.Outcome {
        var days = 0
        if let firstStop = trip.stops.first, let lastStop = trip.stops.last {
            let begins =
                trip.legs.first.map { localDay($0.departure, zone: $0.from.timeZone) }
                ?? localDay(firstStop.expectedStart, zone: firstStop.game.stadium.timeZone)
            var ends = localDay(lastStop.expectedStart, zone: lastStop.game.stadium.timeZone)
            if let last = trip.legs.last, last.to.gameId == nil {
                ends = localDay(last.arrival, zone: last.to.timeZone)
            }
            days = ends - begins + 1
        }
        return NightSetOff.Outcome(totals: trip.totals, days: days)
    }
}
