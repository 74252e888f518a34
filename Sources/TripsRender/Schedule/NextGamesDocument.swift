import FoundationEssentials
import OutputText
import TripsModel
import TripsZones

/// `trips next`: each favourite team's next games. The table has a line per game — when
/// (venue-local, and "in 3 days"), whom, where, how far — and a line saying why, with what to
/// do, for a favourite with none ahead. JSON, CSV and calendars carry the games as `trips
/// games` writes them (`ScheduleRenderer`, `CalendarRenderer`), so a script reads both alike.
public struct NextGamesDocument: Rendering {
    /// One favourite: its games ahead, soonest first, or why there are none.
    public struct Line {
        public var team: Team
        public var entries: [ScheduleEntry]
        public var absence: Absence?

        public init(team: Team, entries: [ScheduleEntry], absence: Absence? = nil) {
            self.team = team
            self.entries = entries
            self.absence = absence
        }
    }

    /// Why a favourite has no game to show.
    public enum Absence {
        /// Games ahead, none within `radius` miles of `place` (in the next `days` days): the
        /// next anywhere, if any.
        case notNear(place: String, radius: Double, days: Int?, next: ScheduleEntry?)
        /// Games ahead, none in the next `days` days: the next one.
        case notWithin(days: Int, next: ScheduleEntry)
        /// Nothing ahead in the store: the season is over (its last game, if any) and the next
        /// one is not loaded.
        case seasonOver(last: ScheduleEntry?)
    }

    public var lines: [Line]
    /// What distances are measured from (`--near`'s place, else `config home`), for the note.
    public var distanceFrom: String?
    /// The width the table must fit; nil: as wide as it needs.
    public var columns: Int?
    var schedule: ScheduleDocument
    private let clock = LocalTimeFormatter()

    /// `schedule` holds every game of `lines`, in the order they are written to CSV and calendars.
    public init(lines: [Line], schedule: ScheduleDocument, distanceFrom: String?, columns: Int?) {
        self.lines = lines
        self.schedule = schedule
        self.distanceFrom = distanceFrom
        self.columns = columns
    }

    // MARK: Table

    public func table(style: Style) -> String {
        let shown = lines.flatMap { line in line.entries.map { (line.team, $0) } }
            .sorted { ($0.1.game.startTime, $0.0.abbreviation) < ($1.1.game.startTime, $1.0.abbreviation) }
        let showMiles = shown.contains { $0.1.miles != nil }
        var out = ""
        if !shown.isEmpty {
            var table = TextTable(
                headers: ["TEAM", "DATE", "TIME", "WHEN", "GAME", "WHERE"] + (showMiles ? ["DIST"] : []))
            if showMiles { table.rightAligned = [6] }
            for (team, entry) in shown {
                let parts = clock.parts(of: entry.game.startTime, zone: entry.venueZone)
                let place = [entry.venueName, entry.cityLine].filter { !$0.isEmpty }.joined(separator: ", ")
                table.add(
                    [
                        team.abbreviation, parts.day.shortLabel,
                        entry.game.timeTBD ? "TBD" : "\(parts.time) \(parts.zoneAbbreviation)", when(entry),
                        opponent(of: team, in: entry), place,
                    ] + (showMiles ? [entry.miles.map { "\(Int($0.rounded())) mi" } ?? ""] : []))
            }
            out += table.render(style: style, within: columns, shrinking: [.init(column: 5, minimum: 14)])
        }
        for row in absenceLines.flatMap({ TextWrap.hanging($0, width: columns) }) { out += row.terminalSafe + "\n" }
        if showMiles, let distanceFrom { out += style.dim("DIST: miles from \(distanceFrom)".terminalSafe) + "\n" }
        return out
    }

    /// "HOU has no game ahead: …" for each favourite without a game shown: the table's last
    /// lines, and notes on stderr beside CSV and calendars.
    public var absenceLines: [String] {
        lines.compactMap { line in line.absence.map { "\(line.team.abbreviation) has \(text($0, of: line.team))" } }
    }

    /// "today", "tomorrow", "in 3 days" (venue-local days), or "live" for a game under way.
    func when(_ entry: ScheduleEntry) -> String {
        if entry.status == .live { return "live" }
        let today = clock.parts(of: schedule.now, zone: entry.venueZone).day
        let days = clock.parts(of: entry.game.startTime, zone: entry.venueZone).day.dayNumber - today.dayNumber
        switch days {
        case ..<1: return "today"
        case 1: return "tomorrow"
        default: return "in \(days) days"
        }
    }

    /// "vs BOS" at home, "@ BOS" away (as a schedule reads).
    func opponent(of team: Team, in entry: ScheduleEntry) -> String {
        entry.game.homeTeamId == team.id ? "vs \(entry.awayCode)" : "@ \(entry.homeCode)"
    }

    /// "Sat Nov 28 @ BOS": a game named in a sentence.
    private func brief(_ entry: ScheduleEntry, of team: Team) -> String {
        "\(clock.parts(of: entry.game.startTime, zone: entry.venueZone).day.shortLabel) \(opponent(of: team, in: entry))"
    }

    /// Why a favourite has no game shown, and what to do.
    func text(_ absence: Absence, of team: Team) -> String {
        func named(_ entry: ScheduleEntry) -> String { brief(entry, of: team) }
        switch absence {
        case .notNear(let place, let radius, let days, let next):
            let span = days.map { " in the next \($0) day\($0 == 1 ? "" : "s")" } ?? ""
            return "no game within \(radius.formatted) miles of \(place)\(span)"
                + (next.map { "; the next is \(named($0)) (without --near)" } ?? "")
        case .notWithin(let days, let next):
            return "no game in the next \(days) day\(days == 1 ? "" : "s"); the next is \(named(next))"
                + " (`trips next` without --days)"
        case .seasonOver(let last):
            let over = last.map { "the \($0.game.season) season is over (last game \(named($0)))" } ?? "no games here"
            return "no game ahead: \(over), and the next season is not in the store yet — `trips sync`"
                + " loads it once the league publishes it"
        }
    }

    // MARK: JSON, CSV, calendar

    /// `{"generatedAt", "query", "teams": [{"team", "games": [as trips games], "note"}]}`.
    public func json() -> JSONDocument {
        .object([
            ("generatedAt", .string(ISO8601.string(schedule.now))),
            ("query", schedule.query),
            (
                "teams",
                .array(
                    lines.map { line in
                        .object([
                            (
                                "team",
                                .object([
                                    ("id", .string(line.team.id)), ("sport", .string(line.team.sport)),
                                    ("abbreviation", .string(line.team.abbreviation)),
                                    ("name", .string(line.team.name)),
                                ])
                            ),
                            ("games", .array(line.entries.map(schedule.renderer.gameJSON))),
                            ("note", .string(line.absence.map { text($0, of: line.team) })),
                        ])
                    })
            ),
        ])
    }

    public func csv() -> String { schedule.csv() }

    public func calendar() throws -> String { try schedule.calendar() }
}
