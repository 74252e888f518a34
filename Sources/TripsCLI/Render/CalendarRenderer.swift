import FoundationEssentials
import Glibc
import TripsModel
import TripsZones

/// iCalendar (RFC 5545) output: CRLF line ends, lines folded at 75 octets, escaped text, a
/// stable UID per game, DTSTART in the venue's zone with a matching VTIMEZONE built from the
/// system tz database's real transitions, so calendars show the venue-local time.
struct CalendarRenderer {
    var now: Date
    /// Typical game length by sport id (from the Sport records); DTEND = start + this.
    var durations: [String: Int] = [:]
    var calendarName = "trips"

    /// A calendar with one event per game.
    func schedule(_ entries: [ScheduleEntry]) -> String {
        calendar(
            events: entries.map { event(for: $0) }, zones: Set(entries.filter { !$0.game.timeTBD }.map(\.venueZone)),
            span: entries.map(\.game.startTime))
    }

    func calendar(events: [[String]], zones: Set<String>, span: [Date]) -> String {
        var lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//trips//trips \(TripsVersion.number)//EN", "CALSCALE:GREGORIAN",
            "METHOD:PUBLISH", "X-WR-CALNAME:\(Self.escape(calendarName))",
        ]
        if let first = span.min(), let last = span.max() {
            for zone in zones.sorted() { lines += Self.timeZoneComponent(zone, from: first, to: last) }
        }
        for event in events { lines += event }
        lines.append("END:VCALENDAR")
        return lines.map(Self.fold).joined()
    }

    func event(for entry: ScheduleEntry) -> [String] {
        let g = entry.game
        var lines = ["BEGIN:VEVENT", "UID:\(Self.escape(g.id))@trips", "DTSTAMP:\(Self.utcStamp(now))"]
        if g.timeTBD {
            let day = CalendarDay(g.startTime, in: ZoneDatabase.system.zone(entry.venueZone) ?? .utc)
            lines.append("DTSTART;VALUE=DATE:\(Self.compact(day))")
            lines.append("DTEND;VALUE=DATE:\(Self.compact(day.adding(days: 1)))")
        } else {
            let minutes = durations[g.sport] ?? 180
            lines.append("DTSTART;TZID=\(entry.venueZone):\(Self.local(g.startTime, entry.venueZone))")
            lines.append(
                "DTEND;TZID=\(entry.venueZone):\(Self.local(g.startTime.addingTimeInterval(Double(minutes) * 60), entry.venueZone))"
            )
        }
        lines.append(
            "SUMMARY:\(Self.escape("\(entry.awayCode) @ \(entry.homeCode)" + (g.gameNumber > 1 ? " (game \(g.gameNumber))" : "")))"
        )
        if let s = entry.stadium {
            let place = [s.name, s.city, s.state].filter { !$0.isEmpty }.joined(separator: ", ")
            lines.append("LOCATION:\(Self.escape(place))")
            lines.append("GEO:\(Self.coordinate(s.location.latitude));\(Self.coordinate(s.location.longitude))")
        } else {
            lines.append("LOCATION:\(Self.escape("Venue to be confirmed"))")
        }
        var description =
            "\(entry.away?.name ?? entry.awayCode) at \(entry.home?.name ?? entry.homeCode) · \(g.sport.uppercased()) \(g.season)"
        if g.timeTBD { description += " · start time to be determined" }
        if let resumed = g.resumedAt {
            let p = LocalTimeFormatter().parts(of: resumed, zone: entry.venueZone)
            description += " · suspended, resumed \(p.weekday) \(p.date) \(p.time) \(p.zoneAbbreviation)"
        }
        lines.append("DESCRIPTION:\(Self.escape(description))")
        let status: String
        switch entry.status {
        case .cancelled, .postponed: status = "CANCELLED"
        case .unknown, .suspended: status = "TENTATIVE"  // should be over, but no result (yet)
        case .scheduled, .final, .completedEarly: status = "CONFIRMED"
        }
        lines.append("STATUS:\(status)")
        lines.append("CATEGORIES:\(Self.escape(g.sport.uppercased()))")
        lines.append("END:VEVENT")
        return lines
    }

    /// A drive as an event: it starts and ends on the wall clocks of where it starts and ends
    /// (DTSTART and DTEND may name different zones), located where it ends.
    func driveEvent(
        uid: String, summary: String, start: Date, startZone: String, end: Date, endZone: String,
        destination: Coordinate, description: String
    ) -> [String] {
        [
            "BEGIN:VEVENT", "UID:\(Self.escape(uid))@trips", "DTSTAMP:\(Self.utcStamp(now))",
            "DTSTART;TZID=\(startZone):\(Self.local(start, startZone))",
            "DTEND;TZID=\(endZone):\(Self.local(end, endZone))",
            "SUMMARY:\(Self.escape(summary))",
            "GEO:\(Self.coordinate(destination.latitude));\(Self.coordinate(destination.longitude))",
            "DESCRIPTION:\(Self.escape(description))", "STATUS:CONFIRMED", "CATEGORIES:DRIVE", "END:VEVENT",
        ]
    }

    // MARK: RFC 5545 mechanics

    /// TEXT escaping (§3.3.11): backslash, semicolon, comma, line breaks. TEXT cannot hold
    /// the other controls (§3.1, CONTROL), so they are written visibly as `\u{1B}`, as on a
    /// terminal, instead of breaking the line or the calendar app.
    static func escape(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\n", "\r\n", "\r": out += "\\n"
            case "\t": out.append(c)
            default:
                for scalar in c.unicodeScalars {
                    if scalar.value < 0x20 || scalar.value == 0x7F {
                        out += "\\\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                    } else {
                        out.unicodeScalars.append(scalar)
                    }
                }
            }
        }
        return out
    }

    /// Folds a content line at 75 octets (§3.1) without splitting a UTF-8 sequence; ends it with CRLF.
    static func fold(_ line: String) -> String {
        var out = ""
        var octets = 0
        for scalar in line.unicodeScalars {
            let size = String(scalar).utf8.count
            if octets + size > 75 {
                out += "\r\n "
                octets = 1
            }
            out.unicodeScalars.append(scalar)
            octets += size
        }
        return out + "\r\n"
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
