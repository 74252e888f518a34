import TripsModel

/// `trips teams` as a table, JSON or CSV: the teams with their league structure's names and
/// home venue.
struct TeamListRenderer: Rendering {
    var teams: [Team]
    /// League, conference and division names by id.
    var structureNames: [String: String]
    /// Home venue names by stadium id.
    var venueNames: [String: String]

    private func name(_ id: String?) -> String? { id.flatMap { structureNames[$0] } }

    func table(style: Style) -> String {
        var table = TextTable(headers: ["SPORT", "CODE", "TEAM", "LEAGUE", "DIVISION", "HOME VENUE"])
        for t in teams {
            let league = [name(t.leagueId), name(t.conferenceId)].compactMap { $0 }.joined(separator: " / ")
            table.add([
                t.sport.uppercased(), t.abbreviation, t.name, league, name(t.divisionId) ?? "",
                t.stadiumId.flatMap { venueNames[$0] } ?? "",
            ])
        }
        return table.render(style: style) + style.dim("\(teams.count) teams") + "\n"
    }

    func json() -> JSONDocument {
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

    func csv() -> String {
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
