import FoundationEssentials
import Glibc
import OutputText
import TripsModel
import TripsZones

/// Renders a list of games as a table, JSON (DESIGN §8 shape, stable key order) or CSV.
struct ScheduleRenderer {
    var entries: [ScheduleEntry]
    var times: TimeDisplay
    /// Results shown (`F 5–3`, JSON's score, CSV's score columns); off with `--no-scores`, for a
    /// fan who recorded the game.
    var showScores: Bool
    private let clock = LocalTimeFormatter()

    init(entries: [ScheduleEntry], times: TimeDisplay, showScores: Bool = true) {
        self.entries = entries
        self.times = times
        self.showScores = showScores
    }

    // MARK: Table

    /// `columns`: fit that many (VENUE, then CITY cut with "…"); nil: every cell whole.
    func table(style: Style, columns: Int? = nil) -> String {
        // With results hidden, a game under way says `live` in STATUS instead of RESULT.
        let showStatus = entries.contains { $0.hasStatusNote || (!showScores && $0.status == .live) }
        let showResult = showScores && entries.contains { $0.result != nil }
        let showMiles = entries.contains { $0.miles != nil }
        var table = TextTable(
            headers: ["DATE", "TIME", "MATCHUP"] + (showResult ? ["RESULT"] : []) + (showMiles ? ["DIST"] : [])
                + ["VENUE", "CITY"] + (showStatus ? ["STATUS"] : []))
        if showMiles { table.rightAligned = [showResult ? 4 : 3] }
        for entry in entries {
            let parts = clock.parts(of: entry.game.startTime, zone: times.zone(for: entry))
            let time = entry.game.timeTBD ? "TBD" : "\(parts.time) \(parts.zoneAbbreviation)"
            var row = ["\(parts.weekday) \(parts.date)", time, entry.matchup]
            if showResult { row.append(entry.result ?? "") }
            if showMiles { row.append(entry.miles.map { "\(Int($0.rounded())) mi" } ?? "") }
            row += [entry.venueName, entry.cityLine]
            if showStatus {
                let livePerResult = showResult && entry.status == .live
                row.append(livePerResult ? "" : entry.statusText(clock: clock, zone: times.zone(for: entry)))
            }
            table.add(row)
        }
        let venue = 3 + (showResult ? 1 : 0) + (showMiles ? 1 : 0)
        return table.render(
            style: style, within: columns,
            // STATUS stays whole: "final (suspended, resumed Wed …)" is the news of its row.
            shrinking: [.init(column: venue, minimum: 14), .init(column: venue + 1, minimum: 10)])
    }

    // MARK: JSON

    /// `{"generatedAt", "query", "games": [...]}` exactly as DESIGN §8 lists the keys.
    func json(query: JSONDocument, generatedAt: Date) -> JSONDocument {
        .object([
            ("generatedAt", .string(ISO8601.string(generatedAt))),
            ("query", query),
            ("games", .array(entries.map(gameJSON))),
        ])
    }

    func gameJSON(_ entry: ScheduleEntry) -> JSONDocument {
        let g = entry.game
        let parts = clock.parts(of: g.startTime, zone: entry.venueZone)
        func team(_ t: Team?, _ id: String) -> JSONDocument {
            .object([("id", .string(id)), ("abbreviation", .string(t?.abbreviation)), ("name", .string(t?.name))])
        }
        let stadium: JSONDocument =
            entry.stadium.map { s in
                .object([
                    ("id", .string(s.id)), ("name", .string(s.name)), ("city", .string(s.city)),
                    ("state", .string(s.state)),
                    ("latitude", .double(s.location.latitude)), ("longitude", .double(s.location.longitude)),
                ])
            }
            // A venue trips cannot place: its name, and no place.
            ?? g.venueName.map { name in
                .object([
                    ("id", .null), ("name", .string(name)), ("city", .null), ("state", .null), ("latitude", .null),
                    ("longitude", .null),
                ])
            } ?? .null
        // `localDate`/`localTime`/`timeZone` are the venue's (DESIGN §8); with --tz the shown
        // zone's wall clock comes as well, so JSON says what the table and CSV show.
        var shown: [(String, JSONDocument)] = []
        if case .fixed(let zone) = times {
            let p = clock.parts(of: g.startTime, zone: zone)
            shown = [
                ("displayDate", .string(p.date)), ("displayTime", g.timeTBD ? .null : .string(p.time)),
                ("displayTimeZone", .string(zone)),
            ]
        }
        let venueTimes: [(String, JSONDocument)] = [
            ("id", .string(g.id)),
            ("sport", .string(g.sport)),
            ("season", .string(g.season)),
            ("startTime", .string(ISO8601.string(g.startTime))),
            ("localDate", .string(parts.date)),
            ("localTime", g.timeTBD ? .null : .string(parts.time)),
            ("timeZone", .string(entry.venueZone)),
        ]
        // The score only where there is one (and not hidden), so schedules without results read as before.
        var score: [(String, JSONDocument)] = []
        if showScores, let home = g.homeScore, let away = g.awayScore {
            score = [("score", .object([("away", .int(away)), ("home", .int(home))]))]
        }
        return .object(
            venueTimes + shown + [
                ("timeTBD", .bool(g.timeTBD)),
                ("status", .string(entry.status.rawValue)),
            ] + score + [
                ("resumedAt", .string(g.resumedAt.map(ISO8601.string))),
                ("homeTeam", team(entry.home, g.homeTeamId)),
                ("awayTeam", team(entry.away, g.awayTeamId)),
                ("stadium", stadium),
            ] + (entry.miles.map { [("distanceMiles", .double(($0 * 10).rounded() / 10))] } ?? []))
    }

    // MARK: CSV

    static let csvHeader = [
        "id", "sport", "season", "local_date", "local_time", "time_zone", "start_utc", "away", "home", "venue", "city",
        "state", "status", "resumed_utc",
    ]

    func csv() -> String {
        var writer = CSVWriter()
        let showMiles = entries.contains { $0.miles != nil }
        // The score columns only when results are shown: a hidden result leaves no trace.
        writer.row(
            Self.csvHeader + (showScores ? ["away_score", "home_score"] : []) + (showMiles ? ["distance_miles"] : []))
        for entry in entries {
            let parts = clock.parts(of: entry.game.startTime, zone: times.zone(for: entry))
            writer.row(
                [
                    entry.game.id, entry.game.sport, entry.game.season, parts.date,
                    entry.game.timeTBD ? "" : parts.time,
                    times.zone(for: entry), ISO8601.string(entry.game.startTime), entry.awayCode, entry.homeCode,
                    entry.stadium?.name ?? entry.game.venueName ?? "", entry.stadium?.city ?? "",
                    entry.stadium?.state ?? "",
                    entry.status.rawValue, entry.game.resumedAt.map(ISO8601.string) ?? "",
                ] + (showScores ? [entry.game.awayScore, entry.game.homeScore].map { $0.map(String.init) ?? "" } : [])
                    + (showMiles ? [entry.miles.map { Numeral.fixed($0, digits: 1) } ?? ""] : []))
        }
        return writer.text
    }
}

/// ISO-8601 UTC instants with a `Z` (`2026-03-28T00:15:00Z`), the JSON exports' time format.
public enum ISO8601 {
    public static func string(_ date: Date) -> String {
        let (day, rest) = CalendarDay.split(ZoneInfo.utc.localSeconds(at: date))
        return day.description + "T" + clock(rest, separator: ":") + "Z"
    }

    /// With milliseconds (`2026-03-28T00:15:00.250Z`), for logs that time events.
    public static func string(milliseconds ms: Int64) -> String {
        let date = Date(timeIntervalSince1970: Double(floorDiv(ms, 1000)))
        return string(date).dropLast() + "." + Numeral.padded(Int(ms - floorDiv(ms, 1000) * 1000), width: 3) + "Z"
    }
}

extension ISO8601 {
    /// The wall clock of `zone` with its offset (`2026-06-01T18:40:00-05:00`): exact, and
    /// readable as the local time a fan sees. UTC (`Z`) for a zone without a tz file.
    static func local(_ date: Date, zone: String) -> String {
        guard let info = ZoneDatabase.system.zone(zone) else { return string(date) }
        let offset = info.offset(at: date)
        let (day, rest) = CalendarDay.split(info.localSeconds(at: date))
        let sign = offset < 0 ? "-" : "+"
        return day.description + "T" + clock(rest, separator: ":") + sign + Numeral.padded(abs(offset) / 3600) + ":"
            + Numeral.padded(abs(offset) % 3600 / 60)
    }

    /// `HH:mm:ss` (or `HHmmss` with an empty separator) of the seconds into a day.
    static func clock(_ seconds: Int, separator: String) -> String {
        Numeral.padded(seconds / 3600) + separator + Numeral.padded(seconds % 3600 / 60) + separator
            + Numeral.padded(seconds % 60)
    }

    /// Parses `2026-03-28T00:15:00Z` and other offsets (`-05:00`, `+0530`), whole seconds, as
    /// `ISO8601DateFormatter` with its default options does.
    public static func parse(_ text: String) -> Date? {
        let b = Array(text.utf8)
        guard b.count >= 20, b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-"), b[10] == UInt8(ascii: "T"),
            b[13] == UInt8(ascii: ":"), b[16] == UInt8(ascii: ":"),
            let day = CalendarDay(iso: String(decoding: b[0..<10], as: UTF8.self))
        else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var n = 0
            for i in range {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b[i]) else { return nil }
                n = n * 10 + Int(b[i] - UInt8(ascii: "0"))
            }
            return n
        }
        guard let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19), hour < 24,
            minute < 60, second < 61
        else { return nil }
        var offset = 0
        switch b[19] {
        case UInt8(ascii: "Z") where b.count == 20: offset = 0
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            let rest = Array(b[20...]).filter { $0 != UInt8(ascii: ":") }
            guard rest.count == 4, b.count == 25 || b.count == 24 else { return nil }
            guard let h = number(20..<22) else { return nil }
            let m = b.count == 25 ? number(23..<25) : number(22..<24)
            guard let m, h < 24, m < 60 else { return nil }
            offset = (h * 3600 + m * 60) * (b[19] == UInt8(ascii: "-") ? -1 : 1)
        default: return nil
        }
        let local = Int64(day.dayNumber) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        return Date(timeIntervalSince1970: Double(local - Int64(offset)))
    }
}
