import FoundationEssentials
import Glibc
import InputText
import TripsModel
import TripsZones

/// Parses the day forms users type: `2026-06-01`, `today`, `tomorrow`, `yesterday`,
/// `+7d`, `-3d`, `+2w` — relative forms counted from "now" in the user's own zone.
enum DayInput {
    static func parse(_ text: String, now: Date, zone: ZoneInfo) -> CalendarDay? {
        let t = text.trimmed.lowercased()
        if let day = CalendarDay(iso: t) { return day }
        let today = CalendarDay(now, in: zone)
        switch t {
        case "today": return today
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

    /// Parses an option's value, or throws the "accepted forms" message (exit 2).
    static func option(_ name: String, _ value: String?, context: CLIContext) throws -> CalendarDay? {
        guard let value else { return nil }
        guard let day = parse(value, now: context.now, zone: context.localZone) else {
            throw InputError.badDate(option: "--\(name)", value: value)
        }
        return day
    }
}
