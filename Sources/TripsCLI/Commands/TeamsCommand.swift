import ArgumentParsing
import TripsModel
import TripsStore

/// `trips teams`: the teams in the store, with their league structure and home venue.
struct TeamsCommand: ListingCommand {
    static let format = Option<OutputFormat?>.choice(
        "format", "FORMAT", among: [OutputFormat.table, .json, .csv], "Output: table (default), json, csv")

    static let spec = TripsCommandSpec(
        name: "teams", summary: "List teams with league, conference, division and home venue",
        options: [ListingRequest.sport, format],
        examples: ["trips teams --sport mlb", "trips teams --sport nba --format json"],
        action: action)

    var request: ListingRequest

    func listing(_ provider: DataProvider, sports: Set<String>?, context: CLIContext) throws -> TeamListRenderer {
        let teams = try provider.teams(sports: sports)
        var structureNames: [String: String] = [:]
        for node in try provider.leagueStructures() { structureNames[node.id] = node.name }
        var venueNames: [String: String] = [:]
        if request.format == .table {
            venueNames = try provider.stadiumNames(ids: Set(teams.compactMap(\.stadiumId)))
        }
        return TeamListRenderer(teams: teams, structureNames: structureNames, venueNames: venueNames)
    }
}
