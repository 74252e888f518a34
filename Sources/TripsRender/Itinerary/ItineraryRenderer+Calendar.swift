import FoundationEssentials
import Glibc
import TripsModel
import TripsPlanner

/// The calendar: the best option's games, and its drives — one event per day's stretch, so a
/// long leg shows as the days it takes. Staying at one venue is not a drive and has no event, nor
/// is a drive under 15 minutes.
extension ItineraryRenderer {
    /// Drives shorter than this (seconds) get no calendar event.
    static let shortestDriveEvent: TimeInterval = 15 * 60

    public func calendar() -> String {
        var renderer = CalendarRenderer(now: now, durations: durations)
        renderer.modified = modified
        renderer.showScores = showScores
        guard let trip = result.itineraries.first else {
            renderer.calendarName = "trips plan"
            return renderer.calendar(events: [], zones: [], span: [])
        }
        renderer.calendarName = "trips: \(inputs.request.from) to \(inputs.request.to)"
        var events: [(start: Date, lines: [String])] = []
        var zones = Set<String>()
        for day in days(of: trip) {
            // A drive under 15 minutes (across town) is no event worth a calendar slot.
            for drive in day.drives where drive.arrival.timeIntervalSince(drive.departure) >= Self.shortestDriveEvent {
                let kind = drive.flight == nil ? "drive" : "flight"
                let uid = "\(kind)-\(CalendarRenderer.compact(day.date))-\(drive.gameId ?? "end")"
                var description =
                    "\(drive.from) → \(drive.to): \(Self.miles(drive.miles)) mi, \(Self.duration(drive.hours))"
                var summary = "Drive to \(drive.to)"
                if let flight = drive.flight {
                    summary = "Fly \(flight.from.iata) → \(flight.to.iata)"
                    description += " (estimated: no timetable or fare)"
                }
                events.append(
                    (
                        drive.departure,
                        renderer.driveEvent(
                            uid: uid, summary: summary, start: drive.departure,
                            startZone: drive.departureZone, end: drive.arrival, endZone: drive.arrivalZone,
                            destination: drive.destination, description: description)
                    ))
                zones.formUnion([drive.departureZone, drive.arrivalZone])
            }
            for stop in day.games {
                let entry = ScheduleEntry(stop.game, now: now)
                events.append((stop.game.game.startTime, renderer.event(for: entry)))
                if !stop.game.game.timeTBD { zones.insert(entry.venueZone) }
            }
        }
        // Stable sort: a drive and a game never start at the same instant, but keep ties in order.
        let ordered = events.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }
        return renderer.calendar(
            events: ordered.map(\.element.lines), zones: zones, span: events.map(\.start))
    }
}
