import ArgumentParsing
import TripsModel
import TripsStore

/// `trips teams`: the teams in the store, with their league structure and home venue.
struct TeamsCommand: TripsCommand {
    enum Options {
        static let sport = Option<[String]>.list("sport", "LIST", "Sports to include (comma-separated or repeated)")
        static let format = Option<OutputFormat?>.choice(
            "format", "FORMAT", among: [OutputFormat.table, .json, .csv], "Output: table (default), json, csv")
    }

    static let spec = TripsCommandSpec(
        name: "teams", summary: "List teams with league, conference, division and home venue",
        options: [Options.sport, Options.format],
        examples: ["trips teams --sport mlb", "trips teams --sport nba --format json"],
        action: action)

    var sports: [String]
    var format: OutputFormat

    init(_ arguments: ParsedArguments, context: CLIContext) throws {
        sports = try arguments.read(Options.sport)
        format = try arguments.read(Options.format) ?? .table
    }

    func run(_ context: CLIContext) throws {
        let provider = try context.provider()
        let sports = try provider.sportFilter(self.sports)
        let teams = try provider.teams(sports: sports)
        var structureNames: [String: String] = [:]
        for node in try provider.leagueStructures() { structureNames[node.id] = node.name }
        var venueNames: [String: String] = [:]
        if format == .table {
            for id in Set(teams.compactMap(\.stadiumId)) { venueNames[id] = try provider.stadium(id: id)?.name }
        }
        let document = TeamListRenderer(teams: teams, structureNames: structureNames, venueNames: venueNames)
        context.stdout.write(try format.render(document, style: context.style))
    }
}
