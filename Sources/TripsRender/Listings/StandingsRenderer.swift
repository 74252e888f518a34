import InputText
import OutputText
import TripsModel

/// `trips standings` as a table, JSON or CSV: one league season's records by division or
/// conference, "as of" the last result counted, with what the figures rest on said under them.
/// A figure the results do not decide is `?` in the table, null in JSON, empty in CSV.
public struct StandingsRenderer: Rendering {
    var standings: Standings
    var teams: [String: Team]
    /// The venue-local day of the last result counted.
    var asOf: CalendarDay?
    /// The width the table must fit.
    var columns: Int

    public init(standings: Standings, teams: [Team], asOf: CalendarDay?, columns: Int = TextWrap.columns) {
        self.standings = standings
        self.teams = Dictionary(teams.map { ($0.id, $0) }) { first, _ in first }
        self.asOf = asOf
        self.columns = columns
    }

    private var rules: StandingsRules { standings.rules }
    private var league: String { "\(standings.sport.uppercased()) \(standings.season)" }
    private var hasUndecided: Bool { standings.records.contains { $0.undecidedLosses > 0 } }

    /// What the figures rest on: the season's coverage, then how figures the results do not
    /// decide are shown, then the order's simplification.
    public var notes: [String] {
        let c = standings.coverage
        let sync = "`trips sync --sport \(standings.sport) --season \(standings.season)`"
        var notes: [String] = []
        if c.scheduled == 0 {
            notes.append("\(league) is not in the store — \(sync)")
            return notes
        }
        if c.counted == 0 {
            let games = c.scheduled == 1 ? "its game has" : "its \(c.scheduled.grouped) games have"
            notes.append("no results for \(league) in the store: \(games) no result yet — \(sync)")
            return notes
        }
        if c.isPartial, let full = c.fullSeason {
            notes.append(
                "only \(c.scheduled.grouped) of the \(full.grouped) games of \(league) are in the store: "
                    + "records count only those games, not a full table — \(sync)")
        }
        if c.missingResults > 0 {
            notes.append(
                "results for \(c.counted.grouped) of \(c.scheduled.grouped) games; \(c.missingResults.grouped) "
                    + "\(c.missingResults == 1 ? "has" : "have") no result in the store — `trips sync`")
        }
        if c.unreadable > 0 {
            notes.append(
                "\(c.unreadable.grouped) \(c.unreadable == 1 ? "game" : "games") with a level score "
                    + "not counted: the \(standings.sport.uppercased()) has no ties")
        }
        if hasUndecided {
            notes.append(
                "L? counts one-goal losses the results do not say were in regulation or in overtime or "
                    + "a shootout: each is an L or an OTL, so OTL, PTS and P% are ? (unknown) where L? is not 0")
        }
        notes.append(rules.orderNote)
        return notes
    }

    // MARK: Table

    private struct Column {
        var header: String
        var cell: (TeamRecord, TeamRecord) -> String
    }

    private var figures: [Column] {
        let count = { (value: Int?) in value.map(String.init) ?? "?" }
        var out = [
            Column(header: "GP") { r, _ in String(r.gamesPlayed) }, Column(header: "  W") { r, _ in String(r.wins) },
        ]
        out.append(Column(header: "  L") { r, _ in String(r.losses) })
        switch rules {
        case .hockey:
            out.append(Column(header: "OTL") { r, _ in count(r.otLosses) })
            if hasUndecided { out.append(Column(header: " L?") { r, _ in String(r.undecidedLosses) }) }
            out.append(Column(header: "PTS") { r, _ in count(r.points(rules)) })
            out.append(Column(header: "  P%") { r, _ in Self.share(r.percentage(rules)) })
        case .soccer:
            out.append(Column(header: "  T") { r, _ in String(r.ties) })
            out.append(Column(header: " GD") { r, _ in Self.signed(r.goalDifference) })
            out.append(Column(header: "PTS") { r, _ in count(r.points(rules)) })
        case .football:
            out.append(Column(header: "  T") { r, _ in String(r.ties) })
            out.append(Column(header: "  PCT") { r, _ in Self.share(r.percentage(rules)) })
        case .winLoss:
            out.append(Column(header: "  PCT") { r, _ in Self.share(r.percentage(rules)) })
            out.append(Column(header: "  GB") { r, leader in Self.behind(r.gamesBehind(leader)) })
        }
        return out
    }

    public func table(style: Style) -> String {
        let asOfText = asOf.map { " · as of \($0.shortLabel), \($0.year)" } ?? ""
        var out = style.bold("\(league) standings\(asOfText)") + "\n"
        let figures = figures
        let nameWidth = standings.records.map { name($0).displayWidth }.max() ?? 4
        for group in standings.groups where standings.coverage.counted > 0 {
            guard let leader = group.records.first else { continue }
            out += "\n" + style.bold([group.parentName, group.name].compactMap { $0 }.joined(separator: " · ")) + "\n"
            var table = TextTable(
                headers: [" #", "TEAM"] + figures.map(\.header),
                rightAligned: Set([0] + figures.indices.map { $0 + 2 }))
            for (n, record) in group.records.enumerated() {
                let team = name(record)
                let padded = team + String(repeating: " ", count: max(0, nameWidth - team.displayWidth))
                table.add([String(n + 1), padded] + figures.map { $0.cell(record, leader) })
            }
            out += table.render(style: style, within: columns, shrinking: [.init(column: 1, minimum: 12)])
        }
        out += "\n"
        for note in notes {
            let words = note.split(separator: " ").map(String.init)
            for line in TextWrap.lines(words, separator: " ", first: columns, rest: columns - 2).enumerated() {
                out += style.dim((line.offset == 0 ? "" : "  ") + line.element) + "\n"
            }
        }
        return out
    }

    private func name(_ r: TeamRecord) -> String { teams[r.teamId]?.name ?? r.teamId }

    /// ".659", "1.000", "-" for no games or unknown.
    static func share(_ value: Double?) -> String {
        guard let value else { return "?" }
        let thousandths = Int((value * 1000).rounded())
        if thousandths >= 1000 { return "1.000" }
        let digits = String(thousandths)
        return "." + String(repeating: "0", count: 3 - digits.count) + digits
    }

    static func behind(_ games: Double) -> String {
        guard games != 0 else { return "-" }
        let halves = Int((games * 2).rounded())
        return "\(halves / 2)" + (halves % 2 == 0 ? "" : ".5")
    }

    static func signed(_ value: Int) -> String { value > 0 ? "+\(value)" : String(value) }

    // MARK: JSON and CSV

    /// One row per team: its group, rank and the league's own figures (nil: unknown).
    private func rows() -> [(group: Standings.Group, rank: Int, record: TeamRecord, leader: TeamRecord)] {
        guard standings.coverage.counted > 0 else { return [] }
        return standings.groups.flatMap { group in
            group.records.enumerated().map { (group, $0.offset + 1, $0.element, group.records[0]) }
        }
    }

    private func fields(_ r: TeamRecord, leader: TeamRecord) -> [(String, JSONDocument)] {
        let int = { (v: Int?) in v.map(JSONDocument.int) ?? .null }
        let share = { (v: Double?) in v.map { JSONDocument.double(($0 * 1000).rounded() / 1000) } ?? .null }
        var out: [(String, JSONDocument)] = [
            ("gamesPlayed", .int(r.gamesPlayed)), ("wins", .int(r.wins)), ("losses", .int(r.losses)),
        ]
        switch rules {
        case .hockey:
            out += [
                ("otLosses", int(r.otLosses)), ("undecidedLosses", .int(r.undecidedLosses)),
                ("points", int(r.points(rules))), ("pointsPercentage", share(r.percentage(rules))),
            ]
        case .soccer:
            out += [
                ("ties", .int(r.ties)), ("goalDifference", .int(r.goalDifference)), ("points", int(r.points(rules))),
            ]
        case .football: out += [("ties", .int(r.ties)), ("percentage", share(r.percentage(rules)))]
        case .winLoss:
            out += [("percentage", share(r.percentage(rules))), ("gamesBehind", .double(r.gamesBehind(leader)))]
        }
        return out
    }

    public func json() -> JSONDocument {
        let c = standings.coverage
        let teams: [JSONDocument] = rows().map { row in
            let team = self.teams[row.record.teamId]
            return .object(
                [
                    ("team", .string(name(row.record))), ("teamId", .string(row.record.teamId)),
                    ("abbreviation", .string(team?.abbreviation)), ("group", .string(row.group.name)),
                    ("conference", .string(row.group.parentName)), ("rank", .int(row.rank)),
                ] + fields(row.record, leader: row.leader))
        }
        return .object([
            ("sport", .string(standings.sport)), ("season", .string(standings.season)),
            ("asOf", .string(asOf?.description)),
            (
                "coverage",
                .object([
                    ("counted", .int(c.counted)), ("scheduled", .int(c.scheduled)),
                    ("missingResults", .int(c.missingResults)), ("toPlay", .int(c.toPlay)),
                    ("notCounted", .int(c.unreadable)), ("fullSeason", c.fullSeason.map(JSONDocument.int) ?? .null),
                    ("partial", .bool(c.isPartial || c.missingResults > 0)),
                ])
            ),
            ("notes", .array(notes.map(JSONDocument.string))), ("teams", .array(teams)),
        ])
    }

    public func csv() -> String {
        var csv = CSVWriter()
        let sample = fields(TeamRecord(teamId: ""), leader: TeamRecord(teamId: ""))
        csv.row(["rank", "group", "team", "abbreviation"] + sample.map { Self.snake($0.0) })
        for row in rows() {
            let values = fields(row.record, leader: row.leader).map { field -> String in
                switch field.1 {
                case .int(let v): return String(v)
                case .double(let v): return v.formatted
                default: return ""
                }
            }
            csv.row(
                [String(row.rank), row.group.name, name(row.record), teams[row.record.teamId]?.abbreviation ?? ""]
                    + values)
        }
        return csv.text
    }

    /// "gamesPlayed" → "games_played".
    static func snake(_ name: String) -> String {
        name.reduce(into: "") { out, c in out += c.isUppercase ? "_" + c.lowercased() : String(c) }
    }
}
