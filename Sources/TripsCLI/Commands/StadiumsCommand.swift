import ArgumentParsing
import FoundationEssentials
import Glibc
import TripsInput
import TripsModel
import TripsRender
import TripsStore

/// `trips stadiums`: venues in the store, optionally those near a place.
struct StadiumsCommand: TripsCommand {
    enum Options {
        static let sport = Option<[String]>.commaList(
            "sport", "LIST", "Sports to include (comma-separated or repeated)"
        )
        .completing(.dynamic(.sport))
        static let near = Option<String?>.value(
            "near", "PLACE", "Only venues near a city (\"Chicago, IL\"), venue, team or \"lat,long\""
        ).completing(.dynamic(.place))
        static let within = Option<Double?>.number(
            "within", "MILES", in: 0...5000, "With --near: the radius in miles (default 50)")
        static let format = Option<OutputFormat?>.choice(
            "format", "FORMAT", among: [OutputFormat.table, .json, .csv], "Output: table (default), json, csv")
    }

    static let spec = TripsCommandSpec(
        name: "stadiums", summary: "List venues, optionally those near a place",
        discussion: """
            The table fits COLUMNS, else the terminal's width, else 80 (a pipe too). When it
            does not, TEAMS names each team's sport ("DAL (NBA), DAL (NHL), WNBA": a sport
            played there without a home team last) in place of SPORTS, and long names are
            cut short with "…". --wide shows every column in full; json and csv hold every
            field.
            """,
        options: [Options.sport, Options.near, Options.within, Options.format, ListingRequest.wide],
        examples: [
            "trips stadiums --sport nhl", "trips stadiums --near \"Chicago, IL\" --within 30", "trips stadiums --wide",
        ],
        action: action)

    var sports: [String]
    var near: String?
    var radius: Double
    var format: OutputFormat
    var wide: Bool

    init(_ arguments: ParsedArguments, context: CLIContext) throws {
        format = try arguments.read(Options.format) ?? .table
        wide = try arguments.read(ListingRequest.wide)
        let within = try arguments.read(Options.within)
        near = try arguments.read(Options.near)
        sports = try arguments.read(Options.sport)
        if within != nil && near == nil { throw arguments.error(.missingRequired("--near (needed by --within)")) }
        radius = within ?? 50
    }

    func run(_ context: CLIContext) throws {
        let provider = try context.provider()
        let sports = try provider.sportFilter(self.sports)
        let stadiums = try provider.stadiums(sports: sports)
        let teams = try provider.teams(sports: sports)
        var document = VenueListRenderer(rows: [], near: nil, columns: wide ? nil : context.columns)
        if let near {
            let place = try PlaceInput(context: context, provider: provider).resolve(near)
            document.near = (place.label, radius)
            document.rows = stadiums.compactMap { s in
                let miles = place.coordinate.miles(to: s.location)
                return miles <= radius ? VenueListRenderer.Row(stadium: s, teams: [], miles: miles) : nil
            }.sorted { ($0.miles!, $0.stadium.name) < ($1.miles!, $1.stadium.name) }
        } else {
            document.rows = stadiums.map { VenueListRenderer.Row(stadium: $0, teams: [], miles: nil) }
        }
        let byStadium = Dictionary(grouping: teams.filter { $0.stadiumId != nil }, by: { $0.stadiumId! })
        for i in document.rows.indices { document.rows[i].teams = byStadium[document.rows[i].stadium.id] ?? [] }
        context.stdout.write(try format.render(document, style: context.style))
    }
}
