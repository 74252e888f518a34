import FoundationEssentials
import TripsModel

/// The feeds' ISO 8601 instants, read without ICU: `2025-03-27T19:05:00Z`, ESPN's
/// `2022-09-11T17:00Z` (no seconds), fractions, and `±HH:MM` offsets.
enum FeedTimestamp {
    /// The instant, or nil when the text is not one.
    static func instant(_ text: String) -> Date? {
        guard let tee = text.firstIndex(of: "T"), let day = CalendarDay(iso: text[..<tee]) else { return nil }
        var rest = text[text.index(after: tee)...]
        var offset = 0
        if rest.hasSuffix("Z") {
            rest = rest.dropLast()
        } else if rest.count > 6, let parsed = offsetSeconds(String(rest.suffix(6))) {
            offset = parsed
            rest = rest.dropLast(6)
        } else {
            return nil
        }
        let clock = rest.split(separator: ":", omittingEmptySubsequences: false)
        guard clock.count == 2 || clock.count == 3, clock[0].count == 2, clock[1].count == 2,
            let hour = Int(clock[0]), let minute = Int(clock[1]), (0..<24).contains(hour), (0..<60).contains(minute)
        else { return nil }
        var seconds = 0.0
        if clock.count == 3 {
            guard clock[2].count >= 2, let value = Double(clock[2]), value >= 0, value < 61 else { return nil }
            seconds = value
        }
        let whole = Double(day.dayNumber) * 86_400 + Double(hour * 3600 + minute * 60 - offset) + seconds
        return Date(timeIntervalSince1970: whole)
    }

    /// `-04:00` → -14400; nil when not `±HH:MM`.
    static func offsetSeconds(_ text: String) -> Int? {
        let characters = Array(text)
        guard characters.count == 6, characters[0] == "+" || characters[0] == "-", characters[3] == ":",
            let hours = Int(String(characters[1...2])), let minutes = Int(String(characters[4...5])),
            hours < 24, minutes < 60
        else { return nil }
        return (characters[0] == "-" ? -1 : 1) * (hours * 3600 + minutes * 60)
    }

    /// The day an instant falls on at a fixed UTC offset.
    static func day(of instant: Date, offsetSeconds: Int) -> CalendarDay {
        CalendarDay.split(Int64(instant.timeIntervalSince1970.rounded(.down)) + Int64(offsetSeconds)).day
    }

    /// The date part of `2024-10-22T19:30:00Z`-style text, or of a plain `2024-10-22`.
    static func datePart(_ text: String) -> CalendarDay? {
        CalendarDay(iso: text.prefix(10))
    }
}

/// Season names as `Data/` spells them.
enum SeasonName {
    /// `2024` → `2024-25` (NHL, NBA: a season across New Year).
    static func split(startingIn year: Int) -> String {
        let next = (year + 1) % 100
        return "\(year)-\(next < 10 ? "0" : "")\(next)"
    }

    /// NHL's `20242025` → `2024-25`; nil unless it is two consecutive years.
    static func nhl(_ value: Int) -> String? {
        let first = value / 10_000
        guard value % 10_000 == first + 1, first > 1900 else { return nil }
        return split(startingIn: first)
    }
}
