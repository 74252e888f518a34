import Foundation
import TripsModel
import TripsStore

/// `trips stadiums`: venues in the store, optionally those near a place.
enum StadiumsCommand {
    static let spec = CommandSpec(
        name: "stadiums", summary: "List venues, optionally those near a place",
        options: [
            .list("sport", "LIST", "Sports to include (comma-separated or repeated)"),
            .value("near", "PLACE", "Only venues near a city (\"Chicago, IL\"), venue, team or \"lat,long\""),
            .value("within", "MILES", "With --near: the radius in miles (default 50)"),
            .value("format", "FORMAT", "Output: table (default), json, csv"),
        ],
        examples: ["trips stadiums --sport nhl", "trips stadiums --near \"Chicago, IL\" --within 30"])

    struct Row {
        var stadium: Stadium
        var teams: [Team]
        var miles: Double?
    }

    static func run(_ args: ParsedArguments, _ context: CLIContext) throws {
        let format = try args.choice("format", ["table", "json", "csv"]) ?? "table"
        let within = try args.double("within", in: 0...5000)
        if within != nil && args.value("near") == nil { throw args.error(.missingRequired("--near (needed by --within)")) }
        let provider = try context.provider()
        let sports = args.all("sport").isEmpty ? nil : try provider.resolveSports(args.all("sport"))
        var stadiums = try provider.stadiums(sports: sports)
        let teams = try provider.teams(sports: sports)
        var rows: [Row]
        var origin: ResolvedPlace?
        if let near = args.value("near") {
            let place = try PlaceInput(context: context, provider: provider).resolve(near)
            origin = place
            let radius = within ?? 50
            rows = stadiums.compactMap { s in
                let miles = place.coordinate.miles(to: s.location)
                return miles <= radius ? Row(stadium: s, teams: [], miles: miles) : nil
            }.sorted { ($0.miles!, $0.stadium.name) < ($1.miles!, $1.stadium.name) }
            stadiums = rows.map(\.stadium)
        } else {
            rows = stadiums.map { Row(stadium: $0, teams: [], miles: nil) }
        }
        let byStadium = Dictionary(grouping: teams.filter { $0.stadiumId != nil }, by: { $0.stadiumId! })
        for i in rows.indices { rows[i].teams = byStadium[rows[i].stadium.id] ?? [] }

        switch format {
        case "json":
            let items: [JSONDocument] = rows.map { r in
                var pairs: [(String, JSONDocument)] = [
                    ("id", .string(r.stadium.id)), ("name", .string(r.stadium.name)), ("city", .string(r.stadium.city)),
                    ("state", .string(r.stadium.state)), ("country", .string(r.stadium.country)),
                    ("latitude", .double(r.stadium.location.latitude)), ("longitude", .double(r.stadium.location.longitude)),
                    ("locationApproximate", .bool(r.stadium.locationIsApproximate)),
                    ("timeZone", .string(r.stadium.timeZone)), ("sports", .array(r.stadium.sports.map(JSONDocument.string))),
                    ("teams", .array(r.teams.map { .string($0.id) })),
                ]
                if let miles = r.miles { pairs.append(("distanceMiles", .double((miles * 10).rounded() / 10))) }
                return .object(pairs)
            }
            context.stdout.line(JSONDocument.object([("stadiums", .array(items))]).rendered())
        case "csv":
            var csv = CSVWriter()
            csv.row(["id", "name", "city", "state", "country", "latitude", "longitude", "time_zone", "sports", "teams"]
                + (origin != nil ? ["distance_miles"] : []))
            for r in rows {
                csv.row([
                    r.stadium.id, r.stadium.name, r.stadium.city, r.stadium.state, r.stadium.country,
                    String(r.stadium.location.latitude), String(r.stadium.location.longitude), r.stadium.timeZone,
                    r.stadium.sports.joined(separator: " "), r.teams.map(\.abbreviation).joined(separator: " "),
                ] + (r.miles.map { [String(format: "%.1f", $0)] } ?? []))
            }
            context.stdout.write(csv.text)
        default:
            var headers = ["VENUE", "CITY", "SPORTS", "TEAMS"]
            if origin != nil { headers.insert("MILES", at: 0) }
            var table = TextTable(headers: headers)
            if origin != nil { table.rightAligned = [0] }
            for r in rows {
                let city = r.stadium.state.isEmpty ? r.stadium.city : "\(r.stadium.city), \(r.stadium.state)"
                var cells = [
                    r.stadium.name, city, r.stadium.sports.map { $0.uppercased() }.joined(separator: ", "),
                    r.teams.map { "\($0.abbreviation) (\($0.sport.uppercased()))" }.joined(separator: ", "),
                ]
                if let miles = r.miles { cells.insert(String(format: "%.1f", miles), at: 0) }
                table.add(cells)
            }
            if !rows.isEmpty { context.stdout.write(table.render(style: context.style)) }
            var summary = "\(rows.count) venue\(rows.count == 1 ? "" : "s")"
            if let origin { summary += " within \((within ?? 50).formatted) miles of \(origin.label)" }
            context.stdout.line(context.style.dim(summary.terminalSafe))
        }
    }
}
