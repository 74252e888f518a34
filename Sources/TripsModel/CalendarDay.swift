import FoundationEssentials

/// A calendar date with no time or zone (`2026-06-01`): what fans type for --from/--to and
/// what "venue-local date" means. Comparable, so ranges are plain.
public struct CalendarDay: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses exactly `YYYY-MM-DD` with a real month/day; nil otherwise.
    public init?(iso text: some StringProtocol) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]),
            (1...12).contains(m), d >= 1, d <= CalendarDay.daysIn(month: m, year: y)
        else { return nil }
        self.init(year: y, month: m, day: d)
    }

    /// The day an instant falls on in `zone`.
    public init(_ date: Date, in zone: ZoneInfo) {
        self = Self.split(zone.localSeconds(at: date)).day
    }

    /// The day and the second of that day (`0..<86_400`) of a count of seconds since
    /// 1970-01-01 00:00 on a wall clock (UTC's or a zone's, see `ZoneInfo.localSeconds`).
    public static func split(_ seconds: Int64) -> (day: CalendarDay, secondOfDay: Int) {
        let dayNumber = floorDiv(seconds, 86_400)
        return (CalendarDay(dayNumber: Int(dayNumber)), Int(seconds - dayNumber * 86_400))
    }

    public var description: String {
        let y = String(year)
        let m = month < 10 ? "0\(month)" : "\(month)"
        let d = day < 10 ? "0\(day)" : "\(day)"
        return "\(y)-\(m)-\(d)"
    }

    public static func < (a: CalendarDay, b: CalendarDay) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }

    /// Days since 1970-01-01 (proleptic Gregorian), for arithmetic without a calendar.
    public var dayNumber: Int {
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146097 + doe - 719468
    }

    public init(dayNumber z0: Int) {
        let z = z0 + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let doe = z - era * 146097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        self.init(year: yoe + era * 400 + (m <= 2 ? 1 : 0), month: m, day: d)
    }

    public func adding(days: Int) -> CalendarDay { CalendarDay(dayNumber: dayNumber + days) }

    /// The instant this day starts in `zone` (handles DST: a day may be 23 or 25 hours).
    public func start(in zone: ZoneInfo) -> Date {
        Date(timeIntervalSince1970: Double(zone.instant(localSeconds: Int64(dayNumber) * 86_400)))
    }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
