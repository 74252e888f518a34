import ArgumentParsing
import TripsModel
import TripsRender
import TripsStore

/// `trips teams`: the teams in the store, with their league structure and home venue.
struct TeamsCommand: ListingCommand {
    static let format = Option<OutputFormat?>.choice(
        "format", "FORMAT", among: [OutputFormat.table, .json, .csv], "Output: table (default), json, csv")

    static let wide: Option<Bool>? = ListingRequest.wide

    static let spec = TripsCommandSpec(
        name: "teams", summary: "List teams with league, conference, division and home venue",
        discussion: """
            The table fits COLUMNS, else the terminal's width, else 80 (a pipe too). When
            league, conference and division do not fit, one DIVISION column holds the
            division or conference ("AL West", "NFC North", "East") and long names are cut
            short with "…". --wide shows every column in full; json and csv hold every
            field.
            """,
        options: [ListingRequest.sport, format, ListingRequest.wide],
        examples: ["trips teams --sport mlb", "trips teams --wide", "trips teams --sport nba --format json"],
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
        return TeamListRenderer(
            teams: teams, structureNames: structureNames, venueNames: venueNames, columns: request.columns(context))
    }
}
