import ArgumentParsing
import TripsModel
import TripsStore

/// `trips teams`: the teams in the store, with their league structure and home venue.
struct TeamsCommand: TripsCommand {
    enum Options {
        static let sport = Option<[String]>.list("sport", "LIST", "Sports to include (comma-separated or repeated)")
            .completing(.dynamic(.sport))
        static let format = Option<OutputFormat?>.choice(
            "format", "FORMAT", among: [OutputFormat.table, .json, .csv], "Output: table (default), json, csv")
    }

    static let spec = TripsCommandSpec(
        name: "teams", summary: "List teams with league, conference, division and home venue",
        options: [Options.sport, Options.format],
        examples: ["trips teams --sport mlb", "trips teams --sport nba --format json"],
        action: action)

    var request: ListingRequest

    init(_ arguments: ParsedArguments, context: CLIContext) throws {
        request = try ListingRequest(arguments, sport: Options.sport, format: Options.format)
    }

    func run(_ context: CLIContext) throws {
        let provider = try context.provider()
        let sports = try request.sportFilter(provider)
        let teams = try provider.teams(sports: sports)
        var structureNames: [String: String] = [:]
        for node in try provider.leagueStructures() { structureNames[node.id] = node.name }
        var venueNames: [String: String] = [:]
        if request.format == .table {
            for id in Set(teams.compactMap(\.stadiumId)) { venueNames[id] = try provider.stadium(id: id)?.name }
        }
        let document = TeamListRenderer(teams: teams, structureNames: structureNames, venueNames: venueNames)
        context.stdout.write(try request.format.render(document, style: context.style))
    }
}
