import FoundationEssentials
import Glibc
import InputText
import TripsModel
import TripsZones

/// Parses the day forms users type: `2026-06-01`, `today`, `tonight`, `tomorrow`, `yesterday`,
/// `+7d`, `-3d`, `+2w` — relative forms counted from "now" in the user's own zone — and the
/// spans `this weekend` and `next weekend` (`span`; as a single day, a span's first day).
public enum DayInput {
    public static func parse(_ text: String, now: Date, zone: ZoneInfo) -> CalendarDay? {
        let t = text.trimmed.lowercased()
        if let day = CalendarDay(iso: t) { return day }
        let today = CalendarDay(now, in: zone)
        if let weekend = weekend(t, today: today) { return weekend.first }
        switch t {
        case "today", "tonight": return today
        case "tomorrow": return today.adding(days: 1)
        case "yesterday": return today.adding(days: -1)
        default: break
        }
        guard let sign = t.first, sign == "+" || sign == "-", let unit = t.last, unit == "d" || unit == "w" else {
            return nil
        }
        guard let n = Int(t.dropFirst().dropLast()), n <= 3660 else { return nil }
        let days = n * (unit == "w" ? 7 : 1) * (sign == "-" ? -1 : 1)
        return today.adding(days: days)
    }

    /// The days a word names: a weekend's days, else the one day `parse` reads.
    public static func span(_ text: String, now: Date, zone: ZoneInfo) -> (first: CalendarDay, last: CalendarDay)? {
        if let weekend = weekend(text.trimmed.lowercased(), today: CalendarDay(now, in: zone)) { return weekend }
        return parse(text, now: now, zone: zone).map { ($0, $0) }
    }

    /// Whether `text` names several days (a weekend) rather than one.
    public static func isSpan(_ text: String) -> Bool {
        weekend(text.trimmed.lowercased(), today: CalendarDay(dayNumber: 0)) != nil
    }

    /// `this weekend`: Friday to Sunday — from today on a Saturday (Sat–Sun) or a Sunday (Sunday
    /// only), else the coming one; `next weekend`: the Friday to Sunday a week after this one's.
    public static func weekend(_ t: String, today: CalendarDay) -> (first: CalendarDay, last: CalendarDay)? {
        let words = t.split(whereSeparator: \.isWhitespace)
        guard words.count == 2, words[1] == "weekend", words[0] == "this" || words[0] == "next" else { return nil }
        let weekday = ((today.dayNumber + 4) % 7 + 7) % 7  // 0 = Sunday … 6 = Saturday
        // This weekend's Friday: the one before today on a Saturday or Sunday.
        let friday = today.adding(days: weekday == 0 ? -2 : 5 - weekday)
        if words[0] == "next" { return (friday.adding(days: 7), friday.adding(days: 9)) }
        return (max(friday, today), friday.adding(days: 2))
    }

    /// Parses an option's value, or throws the "accepted forms" message (exit 2).
    /// A span word (`this weekend`) is its first day, or its last with `last` (`--to`).
    /// The years a date may name (issue 37 item 6: a visit in year 1 was stored).
    public static let years = 1900...2200

    public static func option(_ name: String, _ value: String?, last: Bool = false, now: Date, zone: ZoneInfo) throws
        -> CalendarDay?
    {
        guard let value else { return nil }
        guard let days = span(value, now: now, zone: zone) else {
            throw InputError.badDate(option: "--\(name)", value: value)
        }
        let day = last ? days.last : days.first
        // Schedules, trips and visits live in years a fan can mean: "0001-01-01" is a typo.
        if !years.contains(day.year) {
            throw InputError.other(
                "--\(name) \(day) is outside the years trips knows (\(years.lowerBound)–\(years.upperBound))")
        }
        return day
    }
}
