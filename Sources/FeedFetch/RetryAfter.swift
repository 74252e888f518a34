import Foundation

/// A `Retry-After` header in seconds: delta-seconds, or an HTTP-date measured against the
/// response's own `Date` (no local wall clock, so a skewed machine clock does not matter).
enum RetryAfter {
    static func seconds(_ value: String, responseDate: String?) -> Double? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if let seconds = Int(text) { return seconds >= 0 ? Double(seconds) : nil }
        guard let then = httpDate(text), let now = responseDate.flatMap(httpDate) else { return nil }
        return max(0, Double(then - now))
    }

    /// IMF-fixdate (`Wed, 21 Oct 2015 07:28:00 GMT`) → seconds since 1970.
    static func httpDate(_ text: String) -> Int? {
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let parts = text.split(separator: " ")
        guard parts.count == 6, parts[5] == "GMT", let day = Int(parts[1]),
            let month = months.firstIndex(of: String(parts[2])), let year = Int(parts[3])
        else { return nil }
        let clock = parts[4].split(separator: ":").compactMap { Int($0) }
        // A server's date with an absurd year or field is unreadable, not a trap in the arithmetic.
        guard clock.count == 3, (1...9999).contains(year), (1...31).contains(day), (0...23).contains(clock[0]),
            (0...59).contains(clock[1]), (0...60).contains(clock[2])
        else { return nil }
        // Howard Hinnant's days_from_civil.
        let y = month < 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * ((month + 10) % 12) + 2) / 5 + day - 1
        let days = era * 146_097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719_468
        return days * 86_400 + clock[0] * 3600 + clock[1] * 60 + clock[2]
    }
}
