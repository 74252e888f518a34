import Foundation
import TripsModel

/// Instants as the raw files write them: `2026-03-28T00:15:00Z`, `2026-03-28T00:15Z`,
/// `2026-03-28T00:15:00.000Z` or the iCalendar form `20260328T001500Z` (UTC only: an offset is refused).
enum RawInstant {
    static func date(_ text: String) -> Date? {
        let digits = text.unicodeScalars.filter { $0.properties.numericType != nil }.map { Int($0.value) - 48 }
        guard text.hasSuffix("Z"), digits.count >= 12 else { return nil }
        func number(_ from: Int, _ count: Int) -> Int { digits[from..<from + count].reduce(0) { $0 * 10 + $1 } }
        let day = CalendarDay(year: number(0, 4), month: number(4, 2), day: number(6, 2))
        let hour = number(8, 2)
        let minute = number(10, 2)
        let second = digits.count >= 14 ? number(12, 2) : 0
        guard (1...12).contains(day.month), (1...31).contains(day.day), hour < 24, minute < 60, second < 61 else {
            return nil
        }
        let seconds = day.dayNumber * 86_400 + hour * 3_600 + minute * 60 + second
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// `text` as an instant; else the error that names the file, the game and the field, so
    /// every schedule reader reports a bad time alike.
    static func date(_ text: String, in path: String, game: String, field: String) throws(ImportError) -> Date {
        guard let date = date(text) else { throw .unreadable(path: path, reason: "\(game): bad \(field) '\(text)'") }
        return date
    }
}
