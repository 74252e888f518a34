import Foundation

/// Wall-clock rendering of an instant in a venue's zone: "2026-03-27", "19:15", "CDT".
///
/// Foundation's `TimeZone.abbreviation(for:)` answers "GMT-5" on Linux; a POSIX-locale
/// `DateFormatter` with `zzz` gives the real abbreviation, so formatters are built once per
/// zone and cached here. Not thread-safe by design: make one per rendering pass.
public final class LocalTimeFormatter {
    public struct Parts: Sendable, Hashable {
        /// `yyyy-MM-dd` in the zone.
        public var date: String
        /// `HH:mm` (24 h) in the zone.
        public var time: String
        /// Short zone name for that instant (CDT, CST, EDT, MST, GMT+1 for zones without one).
        public var zoneAbbreviation: String
        public var weekday: String
    }

    private var formatters: [String: DateFormatter] = [:]

    public init() {}

    /// Splits `date` into local date, time, zone abbreviation and weekday in `zoneIdentifier`.
    /// An unknown zone falls back to UTC (the data-quality tests make sure none ships).
    public func parts(of date: Date, zone zoneIdentifier: String) -> Parts {
        let formatter = self.formatter(for: zoneIdentifier)
        let text = formatter.string(from: date)  // "2026-03-27 19:15 CDT Fri"
        let pieces = text.split(separator: " ", maxSplits: 3).map(String.init)
        guard pieces.count == 4 else {
            return Parts(date: text, time: "", zoneAbbreviation: "", weekday: "")
        }
        return Parts(date: pieces[0], time: pieces[1], zoneAbbreviation: pieces[2], weekday: pieces[3])
    }

    private func formatter(for zoneIdentifier: String) -> DateFormatter {
        if let cached = formatters[zoneIdentifier] { return cached }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.timeZone = TimeZone(identifier: zoneIdentifier) ?? TimeZone(identifier: "UTC")!
        formatter.dateFormat = "yyyy-MM-dd HH:mm zzz EEE"
        formatters[zoneIdentifier] = formatter
        return formatter
    }
}

extension TimeZone {
    /// The IANA zone or nil; "UTC" and "GMT" are accepted as themselves.
    public static func iana(_ identifier: String) -> TimeZone? {
        TimeZone(identifier: identifier)
    }
}
