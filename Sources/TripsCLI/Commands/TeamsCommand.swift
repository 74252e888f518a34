import TripsModel
import TripsStore

/// `trips teams`: the teams in the store, with their league structure and home venue.
enum TeamsCommand {
    static let spec = CommandSpec(
        name: "teams", summary: "List teams with league, conference, division and home venue",
        options: [
            .list("sport", "LIST", "Sports to include (comma-separated or repeated)"),
            .value("format", "FORMAT", "Output: table (default), json, csv"),
        ],
        examples: ["trips teams --sport mlb", "trips teams --sport nba --format json"])

    static func run(_ args: ParsedArguments, _ context: CLIContext) throws {
        let format = try args.choice("format", ["table", "json", "csv"]) ?? "table"
        let provider = try context.provider()
        let sports = args.all("sport").isEmpty ? nil : try provider.resolveSports(args.all("sport"))
        let teams = try provider.teams(sports: sports)
        var structure: [String: LeagueStructure] = [:]
        for node in try provider.leagueStructures() { structure[node.id] = node }
        func name(_ id: String?) -> String? { id.flatMap { structure[$0]?.name } }

        switch format {
        case "json":
            let items: [JSONDocument] = teams.map { t in
                .object([
                    ("id", .string(t.id)), ("sport", .string(t.sport)), ("abbreviation", .string(t.abbreviation)),
                    ("name", .string(t.name)), ("city", .string(t.city)), ("nickname", .string(t.nickname)),
                    ("stadiumId", .string(t.stadiumId)), ("league", .string(name(t.leagueId))),
                    ("conference", .string(name(t.conferenceId))), ("division", .string(name(t.divisionId))),
                ])
            }
            context.stdout.line(JSONDocument.object([("teams", .array(items))]).rendered())
        case "csv":
            var csv = CSVWriter()
            csv.row(["id", "sport", "abbreviation", "name", "city", "nickname", "stadium_id", "league", "conference", "division"])
            for t in teams {
                csv.row([
                    t.id, t.sport, t.abbreviation, t.name, t.city, t.nickname, t.stadiumId ?? "", name(t.leagueId) ?? "",
                    name(t.conferenceId) ?? "", name(t.divisionId) ?? "",
                ])
            }
            context.stdout.write(csv.text)
        default:
            var table = TextTable(headers: ["SPORT", "CODE", "TEAM", "LEAGUE", "DIVISION", "HOME VENUE"])
            for t in teams {
                let league = [name(t.leagueId), name(t.conferenceId)].compactMap { $0 }.joined(separator: " / ")
                table.add([
                    t.sport.uppercased(), t.abbreviation, t.name, league, name(t.divisionId) ?? "",
                    try t.stadiumId.flatMap { try provider.stadium(id: $0)?.name } ?? "",
                ])
            }
            context.stdout.write(table.render(style: context.style))
            context.stdout.line(context.style.dim("\(teams.count) teams"))
        }
    }
}
