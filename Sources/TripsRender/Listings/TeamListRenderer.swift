import TripsModel

/// `trips teams` as a table, JSON or CSV: the teams with their league structure's names and
/// home venue. The table fits `columns`: when the full one (league, conference, division) is
/// wider, one column holds the division or conference in the short words fans use ("AL West",
/// "NFC North", "East") and the longest venue and team names are cut short; `--wide` (nil)
/// shows every column in full.
public struct TeamListRenderer: Rendering {
    var teams: [Team]
    /// League, conference and division names by id.
    var structureNames: [String: String]
    /// Home venue names by stadium id.
    var venueNames: [String: String]
    /// The width the table must fit; nil: every column, however wide.
    var columns: Int? = TextWrap.columns

    public init(
        teams: [Team], structureNames: [String: String], venueNames: [String: String], columns: Int? = TextWrap.columns
    ) {
        self.teams = teams
        self.structureNames = structureNames
        self.venueNames = venueNames
        self.columns = columns
    }

    private func name(_ id: String?) -> String? { id.flatMap { structureNames[$0] } }

    public func table(style: Style) -> String {
        var full = TextTable(headers: ["SPORT", "CODE", "TEAM", "LEAGUE", "DIVISION", "HOME VENUE"])
        for t in teams {
            let league = [name(t.leagueId), name(t.conferenceId)].compactMap { $0 }.joined(separator: " / ")
            full.add([t.sport.uppercased(), t.abbreviation, t.name, league, name(t.divisionId) ?? "", venue(t)])
        }
        guard let columns, full.width > columns else {
            return full.render(style: style) + style.dim("\(teams.count) teams") + "\n"
        }
        var narrow = TextTable(headers: ["SPORT", "CODE", "TEAM", "DIVISION", "HOME VENUE"])
        for t in teams { narrow.add([t.sport.uppercased(), t.abbreviation, t.name, group(t), venue(t)]) }
        let fitted = narrow.render(
            style: style, within: columns,
            shrinking: [.init(column: 4, minimum: 16), .init(column: 2, minimum: 14)])
        return fitted + style.dim("\(teams.count) teams · --wide for leagues and conferences") + "\n"
    }

    private func venue(_ t: Team) -> String { t.stadiumId.flatMap { venueNames[$0] } ?? "" }

    /// The division, else the conference, as fans say it: "American League West" is "AL West",
    /// "Eastern Conference" "East" (as the NBA's "East Atlantic" says it). A prefix test, not
    /// `String.replacing`: that searcher cost more than the rest of `trips teams`.
    private func group(_ t: Team) -> String {
        let full = name(t.divisionId) ?? name(t.conferenceId) ?? ""
        guard let (long, short) = Self.shortForms.first(where: { full.hasPrefix($0.0) }) else { return full }
        return short + full.dropFirst(long.count)
    }

    private static let shortForms = [
        ("American League", "AL"), ("National League", "NL"), ("Eastern Conference", "East"),
        ("Western Conference", "West"),
    ]

    public func json() -> JSONDocument {
        let items: [JSONDocument] = teams.map { t in
            .object([
                ("id", .string(t.id)), ("sport", .string(t.sport)), ("abbreviation", .string(t.abbreviation)),
                ("name", .string(t.name)), ("city", .string(t.city)), ("nickname", .string(t.nickname)),
                ("stadiumId", .string(t.stadiumId)), ("league", .string(name(t.leagueId))),
                ("conference", .string(name(t.conferenceId))), ("division", .string(name(t.divisionId))),
            ])
        }
        return .object([("teams", .array(items))])
    }

    public func csv() -> String {
        var csv = CSVWriter()
        csv.row([
            "id", "sport", "abbreviation", "name", "city", "nickname", "stadium_id", "league", "conference", "division",
        ])
        for t in teams {
            csv.row([
                t.id, t.sport, t.abbreviation, t.name, t.city, t.nickname, t.stadiumId ?? "", name(t.leagueId) ?? "",
                name(t.conferenceId) ?? "", name(t.divisionId) ?? "",
            ])
        }
        return csv.text
    }
}
