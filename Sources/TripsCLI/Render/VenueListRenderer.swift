import FoundationEssentials
import Glibc
import TripsModel

/// `trips stadiums` as a table, JSON or CSV; with `--near`, each venue's distance too.
struct VenueListRenderer: Rendering {
    struct Row {
        var stadium: Stadium
        var teams: [Team]
        var miles: Double?
    }

    var rows: [Row]
    /// With `--near`: the place's label and the radius in miles.
    var near: (label: String, radius: Double)?

    func table(style: Style) -> String {
        var headers = ["VENUE", "CITY", "SPORTS", "TEAMS"]
        if near != nil { headers.insert("MILES", at: 0) }
        var table = TextTable(headers: headers)
        if near != nil { table.rightAligned = [0] }
        for r in rows {
            var cells = [
                r.stadium.name, r.stadium.cityLabel, r.stadium.sports.map { $0.uppercased() }.joined(separator: ", "),
                r.teams.map { "\($0.abbreviation) (\($0.sport.uppercased()))" }.joined(separator: ", "),
            ]
            if let miles = r.miles { cells.insert(Numeral.fixed(miles, digits: 1), at: 0) }
            table.add(cells)
        }
        var out = rows.isEmpty ? "" : table.render(style: style)
        var summary = "\(rows.count) venue\(rows.count == 1 ? "" : "s")"
        if let near { summary += " within \(near.radius.formatted) miles of \(near.label)" }
        out += style.dim(summary.terminalSafe) + "\n"
        return out
    }

    func json() -> JSONDocument {
        let items: [JSONDocument] = rows.map { r in
            var pairs: [(String, JSONDocument)] = [
                ("id", .string(r.stadium.id)), ("name", .string(r.stadium.name)), ("city", .string(r.stadium.city)),
                ("state", .string(r.stadium.state)), ("country", .string(r.stadium.country)),
                ("latitude", .double(r.stadium.location.latitude)),
                ("longitude", .double(r.stadium.location.longitude)),
                ("locationApproximate", .bool(r.stadium.locationIsApproximate)),
                ("timeZone", .string(r.stadium.timeZone)),
                ("sports", .array(r.stadium.sports.map(JSONDocument.string))),
                ("teams", .array(r.teams.map { .string($0.id) })),
            ]
            if let miles = r.miles { pairs.append(("distanceMiles", .double((miles * 10).rounded() / 10))) }
            return .object(pairs)
        }
        return .object([("stadiums", .array(items))])
    }

    func csv() -> String {
        var csv = CSVWriter()
        csv.row(
            ["id", "name", "city", "state", "country", "latitude", "longitude", "time_zone", "sports", "teams"]
                + (near != nil ? ["distance_miles"] : []))
        for r in rows {
            csv.row(
                [
                    r.stadium.id, r.stadium.name, r.stadium.city, r.stadium.state, r.stadium.country,
                    String(r.stadium.location.latitude), String(r.stadium.location.longitude), r.stadium.timeZone,
                    r.stadium.sports.joined(separator: " "), r.teams.map(\.abbreviation).joined(separator: " "),
                ] + (r.miles.map { [Numeral.fixed($0, digits: 1)] } ?? []))
        }
        return csv.text
    }
}
