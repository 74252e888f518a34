import CalendarText
import FoundationEssentials
import Glibc
import OutputText
import TripsModel
import TripsZones

/// iCalendar (RFC 5545) output: CRLF line ends, lines folded at 75 octets, escaped text, the
/// game id as UID with SEQUENCE from its modification time (`CalendarText`, shared with
/// `trips-cloud`'s subscribed calendars), DTSTART in the venue's zone with a matching VTIMEZONE built from the
/// system tz database's real transitions, so calendars show the venue-local time.
struct CalendarRenderer {
    var now: Date
    /// Typical game length by sport id (from the Sport records); DTEND = start + this.
    var durations: [String: Int] = [:]
    var calendarName = "trips"
    /// Each game's server modification time (ms): its SEQUENCE and LAST-MODIFIED, as
    /// `trips-cloud`'s subscribed calendars write them (`CalendarText`); `now` when unknown.
    var modified: [String: Int64] = [:]
    /// A result in DESCRIPTION (SUMMARY stays the matchup, so a glance at the day spoils nothing);
    /// off unless a schedule asks, so an itinerary's calendar reads as before.
    var showScores = false

    /// A calendar with one event per game.
    func schedule(_ entries: [ScheduleEntry]) -> String {
        calendar(
            events: entries.map { event(for: $0) }, zones: Set(entries.filter { !$0.game.timeTBD }.map(\.venueZone)),
            span: entries.map(\.game.startTime))
    }

    func calendar(events: [[String]], zones: Set<String>, span: [Date]) -> String {
        var lines = CalendarText.header(name: calendarName, productID: "-//trips//trips \(TripsVersion.number)//EN")
        if let first = span.min(), let last = span.max() {
            for zone in zones.sorted() { lines += Self.timeZoneComponent(zone, from: first, to: last) }
        }
        for event in events { lines += event }
        lines.append("END:VCALENDAR")
        return CalendarText.document(lines)
    }

    var nowMs: Int64 { Int64((now.timeIntervalSince1970 * 1000).rounded(.down)) }

    func event(for entry: ScheduleEntry) -> [String] {
        let g = entry.game
        let start: CalendarEvent.Time
        let end: CalendarEvent.Time
        if g.timeTBD {
            let day = CalendarDay(g.startTime, in: ZoneDatabase.system.zone(entry.venueZone) ?? .utc)
            start = .date(Self.compact(day))
            end = .date(Self.compact(day.adding(days: 1)))
        } else {
            let minutes = durations[g.sport] ?? 180
            start = .zoned(zone: entry.venueZone, local: Self.local(g.startTime, entry.venueZone))
            end = .zoned(
                zone: entry.venueZone,
                local: Self.local(g.startTime.addingTimeInterval(Double(minutes) * 60), entry.venueZone))
        }
        var location = g.venueName ?? "Venue to be confirmed"
        var geo: String?
        if let s = entry.stadium {
            location = [s.name, s.city, s.state].filter { !$0.isEmpty }.joined(separator: ", ")
            geo = "\(Self.coordinate(s.location.latitude));\(Self.coordinate(s.location.longitude))"
        }
        var description =
            "\(entry.away?.name ?? entry.awayCode) at \(entry.home?.name ?? entry.homeCode) · \(g.sport.uppercased()) \(g.season)"
        if g.timeTBD { description += " · start time to be determined" }
        if let resumed = g.resumedAt {
            let p = LocalTimeFormatter().parts(of: resumed, zone: entry.venueZone)
            description += " · suspended, resumed \(p.weekday) \(p.date) \(p.time) \(p.zoneAbbreviation)"
        }
        if entry.status == .postponed { description += " · postponed" }
        if showScores, let home = g.homeScore, let away = g.awayScore {
            description +=
                " · "
                + CalendarText.result(
                    away: entry.awayCode, home: entry.homeCode, awayScore: away, homeScore: home, over: g.status.isOver)
        }
        if entry.status == .live { description += " · live when this calendar was written" }
        return CalendarEvent(
            uid: g.id, modifiedMs: modified[g.id] ?? nowMs, start: start, end: end,
            summary: CalendarEvent.summary(away: entry.awayCode, home: entry.homeCode, gameNumber: g.gameNumber),
            location: location, geo: geo, description: description,
            status: CalendarEvent.Status(gameStatus: entry.status.rawValue), categories: g.sport.uppercased()
        ).lines(utc: Self.utcStamp(ms:))
    }

    /// A drive as an event: it starts and ends on the wall clocks of where it starts and ends
    /// (DTSTART and DTEND may name different zones), located where it ends.
    func driveEvent(
        uid: String, summary: String, start: Date, startZone: String, end: Date, endZone: String,
        destination: Coordinate, description: String
    ) -> [String] {
        CalendarEvent(
            uid: uid + "@trips", modifiedMs: nowMs, start: .zoned(zone: startZone, local: Self.local(start, startZone)),
            end: .zoned(zone: endZone, local: Self.local(end, endZone)), summary: summary,
            geo: "\(Self.coordinate(destination.latitude));\(Self.coordinate(destination.longitude))",
            description: description, categories: "DRIVE"
        ).lines(utc: Self.utcStamp(ms:))
    }

    // MARK: RFC 5545 mechanics (escaping and folding: `CalendarText`)

    static func escape(_ text: String) -> String { CalendarText.escape(text) }

    static func fold(_ line: String) -> String { CalendarText.fold(line) }

    static func utcStamp(ms: Int64) -> String {
        utcStamp(Date(timeIntervalSince1970: Double(floorDiv(ms, 1000))))
    }

    static func utcStamp(_ date: Date) -> String {
        ISO8601.string(date).replacing("-", with: "").replacing(":", with: "")
    }

    static func compact(_ day: CalendarDay) -> String { day.description.replacing("-", with: "") }

    /// `20260327T191500` in `zone`.
    static func local(_ date: Date, _ zone: String) -> String {
        let (day, second) = CalendarDay.split((ZoneDatabase.system.zone(zone) ?? .utc).localSeconds(at: date))
        return compact(day) + "T" + ISO8601.clock(second, separator: "")
    }

    static func coordinate(_ value: Double) -> String { Numeral.fixed(value, digits: 6) }

    /// A VTIMEZONE listing the zone's actual offset changes around the span of the events.
    static func timeZoneComponent(_ identifier: String, from first: Date, to last: Date) -> [String] {
        guard let zone = ZoneDatabase.system.zone(identifier) else { return [] }
        var lines = ["BEGIN:VTIMEZONE", "TZID:\(identifier)"]
        let end = Int64(last.addingTimeInterval(400 * 86_400).timeIntervalSince1970)
        var transitions: [Date] = []
        var cursor = Int64(first.addingTimeInterval(-400 * 86_400).timeIntervalSince1970)
        while let next = zone.nextTransition(after: cursor), next < end, transitions.count < 40 {
            transitions.append(Date(timeIntervalSince1970: Double(next)))
            cursor = next
        }
        let abbreviations = LocalTimeFormatter()
        func offset(_ seconds: Int) -> String {
            let sign = seconds < 0 ? "-" : "+"
            let s = abs(seconds)
            return sign + Numeral.padded(s / 3600) + Numeral.padded(s % 3600 / 60)
        }
        if transitions.isEmpty {
            let o = zone.offset(at: first)
            lines += [
                "BEGIN:STANDARD", "DTSTART:19700101T000000", "TZOFFSETFROM:\(offset(o))", "TZOFFSETTO:\(offset(o))",
                "TZNAME:\(abbreviations.parts(of: first, zone: identifier).zoneAbbreviation)", "END:STANDARD",
            ]
        }
        for moment in transitions {
            let before = zone.offset(at: moment.addingTimeInterval(-1))
            let after = zone.offset(at: moment)
            let kind = zone.period(at: moment).isDST ? "DAYLIGHT" : "STANDARD"
            // DTSTART is the local time just before the change, in the old offset.
            let localStart = local(moment, "UTC", shiftedBy: before)
            lines += [
                "BEGIN:\(kind)", "DTSTART:\(localStart)", "TZOFFSETFROM:\(offset(before))",
                "TZOFFSETTO:\(offset(after))",
                "TZNAME:\(abbreviations.parts(of: moment, zone: identifier).zoneAbbreviation)", "END:\(kind)",
            ]
        }
        lines.append("END:VTIMEZONE")
        return lines
    }

    private static func local(_ date: Date, _ zone: String, shiftedBy seconds: Int) -> String {
        local(date.addingTimeInterval(Double(seconds)), zone)
    }
}
