/// RFC 5545 text for calendars that stay current, written the same way by `trips export` and by
/// `trips-cloud`'s `/calendars/…` feeds: an event's UID is the game's record name, its SEQUENCE
/// and LAST-MODIFIED come from the record's server modification time, so a calendar app that
/// reads a newer copy (a re-imported file or a refreshed subscription) moves the event instead of
/// adding a second one. Stdlib only: both the client (FoundationEssentials) and the server use it.
public enum CalendarText {
    /// How often a subscribed calendar asks again (REFRESH-INTERVAL and X-PUBLISHED-TTL).
    public static let refreshInterval = "PT6H"

    /// 2020-01-01T00:00:00Z in ms: SEQUENCE counts seconds from here.
    static let sequenceEpochMs: Int64 = 1_577_836_800_000

    /// SEQUENCE of a record last modified at `modifiedMs`: whole seconds since 2020-01-01 UTC
    /// (0 before). Every change of a record moves its server modification time forward, so the
    /// number grows with each revision, and client and server derive the same number from the
    /// same record (an INTEGER of RFC 5545 until 2088).
    public static func sequence(modifiedMs: Int64) -> Int {
        Int(max(0, (modifiedMs - sequenceEpochMs) / 1000))
    }

    /// X-WR-CALNAME: "Houston Astros 2026" for a team's games of a season, "MLB 2026" for a
    /// league's season, the team or league alone without one season, else "trips".
    public static func calendarName(team: String? = nil, league: String? = nil, season: String? = nil) -> String {
        guard let subject = team ?? league else { return "trips" }
        return season.map { "\(subject) \($0)" } ?? subject
    }

    /// A result as an event's DESCRIPTION says it, away first as SUMMARY reads ("final: NYY 5,
    /// HOU 3"; "so far: …" for a game not over), alike from `trips export` and a subscribed
    /// calendar. SUMMARY stays the matchup, so a glance at the day spoils nothing.
    public static func result(away: String, home: String, awayScore: Int, homeScore: Int, over: Bool) -> String {
        (over ? "final: " : "so far: ") + "\(away) \(awayScore), \(home) \(homeScore)"
    }

    /// The calendar's opening lines (before any VTIMEZONE or VEVENT).
    public static func header(name: String, productID: String) -> [String] {
        [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:\(productID)", "CALSCALE:GREGORIAN", "METHOD:PUBLISH",
            "X-WR-CALNAME:\(escape(name))", "REFRESH-INTERVAL;VALUE=DURATION:\(refreshInterval)",
            "X-PUBLISHED-TTL:\(refreshInterval)",
        ]
    }

    /// Lines → the calendar's bytes: each folded at 75 octets and ended with CRLF.
    public static func document(_ lines: [String]) -> String { lines.map(fold).joined() }

    /// TEXT escaping (§3.3.11): backslash, semicolon, comma, line breaks. TEXT cannot hold
    /// the other controls (§3.1, CONTROL), so they are written visibly as `\u{1B}`, as on a
    /// terminal, instead of breaking the line or the calendar app.
    public static func escape(_ text: String) -> String {
        var out = ""
        for c in text {
            if let replacement = escapes[c] {
                out += replacement
                continue
            }
            for scalar in c.unicodeScalars {
                let control = (scalar.value < 0x20 && scalar != "\t") || scalar.value == 0x7F
                if control {
                    out += "\\\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    private static let escapes: [Character: String] = [
        "\\": "\\\\", ";": "\\;", ",": "\\,", "\n": "\\n", "\r\n": "\\n", "\r": "\\n",
    ]

    /// `20260327`: a DATE value from its parts.
    public static func date(year: Int, month: Int, day: Int) -> String {
        func padded(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return padded(year, 4) + padded(month, 2) + padded(day, 2)
    }

    /// Folds a content line at 75 octets (§3.1) without splitting a UTF-8 sequence; ends it with CRLF.
    public static func fold(_ line: String) -> String {
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

}

/// One game as a VEVENT, the same lines whoever writes it.
public struct CalendarEvent: Sendable, Hashable {
    /// When an event starts or ends.
    public enum Time: Sendable, Hashable {
        /// A local DATE-TIME (`20260327T191500`) in a zone the calendar's VTIMEZONE describes.
        case zoned(zone: String, local: String)
        /// A UTC instant, ms since 1970.
        case utc(ms: Int64)
        /// An all-day DATE (`20260327`), for a game without a set time.
        case date(String)

        func line(_ property: String, utc: (Int64) -> String) -> String {
            switch self {
            case .zoned(let zone, let local): return "\(property);TZID=\(zone):\(local)"
            case .utc(let ms): return "\(property):\(utc(ms))"
            case .date(let day): return "\(property);VALUE=DATE:\(day)"
            }
        }
    }

    /// RFC 5545 STATUS values an event may carry.
    public enum Status: String, Sendable, Hashable {
        case confirmed = "CONFIRMED"
        case tentative = "TENTATIVE"
        case cancelled = "CANCELLED"

        /// A game's stored status (the record's `status` field) as an event's.
        public init(gameStatus: String) {
            switch gameStatus {
            case "cancelled", "postponed": self = .cancelled
            case "suspended", "unknown": self = .tentative
            default: self = .confirmed
            }
        }
    }

    public var uid: String
    /// The record's server modification time: SEQUENCE, LAST-MODIFIED and DTSTAMP.
    public var modifiedMs: Int64
    public var start: Time
    public var end: Time
    public var summary: String
    public var location: String?
    /// Latitude and longitude, already written (`29.757000;-95.355500`).
    public var geo: String?
    public var description: String?
    public var status: Status
    public var categories: String?

    public init(
        uid: String, modifiedMs: Int64, start: Time, end: Time, summary: String, location: String? = nil,
        geo: String? = nil, description: String? = nil, status: Status = .confirmed, categories: String? = nil
    ) {
        self.uid = uid
        self.modifiedMs = modifiedMs
        self.start = start
        self.end = end
        self.summary = summary
        self.location = location
        self.geo = geo
        self.description = description
        self.status = status
        self.categories = categories
    }

    /// "NYY @ HOU", "(game 2)" added for a doubleheader's second game.
    public static func summary(away: String, home: String, gameNumber: Int = 1) -> String {
        "\(away) @ \(home)" + (gameNumber > 1 ? " (game \(gameNumber))" : "")
    }

    /// The event's content lines, unfolded; `utc` writes an instant (ms since 1970) as a UTC
    /// DATE-TIME, `20260327T191500Z` (each side has its own calendar arithmetic).
    public func lines(utc: (Int64) -> String) -> [String] {
        let stamp = utc(modifiedMs)
        var lines = [
            "BEGIN:VEVENT", "UID:\(CalendarText.escape(uid))", "DTSTAMP:\(stamp)", "LAST-MODIFIED:\(stamp)",
            "SEQUENCE:\(CalendarText.sequence(modifiedMs: modifiedMs))", start.line("DTSTART", utc: utc),
            end.line("DTEND", utc: utc),
            "SUMMARY:\(CalendarText.escape(summary))",
        ]
        if let location { lines.append("LOCATION:\(CalendarText.escape(location))") }
        if let geo { lines.append("GEO:\(geo)") }
        if let description { lines.append("DESCRIPTION:\(CalendarText.escape(description))") }
        lines.append("STATUS:\(status.rawValue)")
        if let categories { lines.append("CATEGORIES:\(CalendarText.escape(categories))") }
        lines.append("END:VEVENT")
        return lines
    }
}
