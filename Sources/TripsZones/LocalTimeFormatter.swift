import FoundationEssentials
import TripsModel

/// Wall-clock rendering of an instant in a venue's zone: "2026-03-27", "19:15", "CDT".
///
/// Reads the zone's rules from the tz database (`ZoneDatabase`) — the real abbreviation
/// (CDT, not Foundation's "GMT-5") at a fraction of an ICU formatter's cost, and the same
/// rules the store files games by. A fixed `GMT+0530` needs no tz file (`GMT+5:30`, as ICU
/// names it). Not thread-safe by design: make one per rendering pass.
public final class LocalTimeFormatter {
    public struct Parts: Sendable, Hashable {
        /// `yyyy-MM-dd` in the zone.
        public var date: String
        /// `HH:mm` (24 h) in the zone.
        public var time: String
        /// Short zone name for that instant (CDT, CST, EDT, MST; "+03" style where the zone has none).
        public var zoneAbbreviation: String
        /// Mon, Tue, …
        public var weekday: String
        /// The local calendar day.
        public var day: CalendarDay
    }

    private let database: ZoneDatabase

    public init(database: ZoneDatabase = .system) {
        self.database = database
    }

    /// Splits `date` into local date, time, zone abbreviation and weekday in `zoneIdentifier`.
    /// An unknown zone falls back to UTC (the data-quality tests make sure none ships).
    public func parts(of date: Date, zone zoneIdentifier: String) -> Parts {
        let info = database.zone(zoneIdentifier) ?? .utc
        let period = info.period(at: date)
        let (day, seconds) = CalendarDay.split(Int64(date.timeIntervalSince1970.rounded(.down)) + Int64(period.offset))
        return Parts(
            date: day.description, time: Self.twoDigits(seconds / 3600) + ":" + Self.twoDigits(seconds % 3600 / 60),
            zoneAbbreviation: period.abbreviation, weekday: day.weekdayName, day: day)
    }

    private static func twoDigits(_ n: Int) -> String { n < 10 ? "0\(n)" : String(n) }
}
