import FoundationEssentials
import Glibc
import OutputText
import TripsModel

/// `trips stadiums` as a table, JSON or CSV; with `--near`, each venue's distance too. The
/// table fits `columns`: when the full one is wider, the teams column names the sports too
/// ("DAL (NBA), DAL (NHL), WNBA": a sport played there without a home team last) in place of
/// SPORTS, and the longest cells are cut short; `--wide` (nil) shows every column in full.
struct VenueListRenderer: Rendering {
    struct Row {
        var stadium: Stadium
        var teams: [Team]
        var miles: Double?
    }

    var rows: [Row]
    /// With `--near`: the place's label and the radius in miles.
    var near: (label: String, radius: Double)?
    /// The width the table must fit; nil: every column, however wide.
    var columns: Int? = TerminalWidth.fallback

    func table(style: Style) -> String {
        var full = table(headers: ["VENUE", "CITY", "SPORTS", "TEAMS"]) { r in
            [
                r.stadium.name, r.stadium.cityLabel, r.stadium.sports.map { $0.uppercased() }.joined(separator: ", "),
                r.teams.map { "\($0.abbreviation) (\($0.sport.uppercased()))" }.joined(separator: ", "),
            ]
        }
        var narrowed = false
        if let columns, full.width > columns {
            full = table(headers: ["VENUE", "CITY", "TEAMS"]) { r in
                let hosted = Set(r.teams.map(\.sport))
                let teams = r.teams.map { "\($0.abbreviation) (\($0.sport.uppercased()))" }
                return [
                    r.stadium.name, r.stadium.cityLabel,
                    (teams + r.stadium.sports.filter { !hosted.contains($0) }.map { $0.uppercased() })
                        .joined(separator: ", "),
                ]
            }
            narrowed = true
        }
        let first = near == nil ? 0 : 1
        var out =
            rows.isEmpty
            ? ""
            : full.render(
                style: style, within: columns,
                shrinking: [
                    .init(column: first + 2, minimum: 12), .init(column: first, minimum: 16),
                    .init(column: first + 1, minimum: 10),
                ])
        var summary = "\(rows.count) venue\(rows.count == 1 ? "" : "s")"
        if let near { summary += " within \(near.radius.formatted) miles of \(near.label)" }
        if narrowed { summary += " · --wide for every column" }
        out += style.dim(summary.terminalSafe) + "\n"
        return out
    }

    /// A table of `headers` with a row per venue (its distance first with `--near`).
    private func table(headers: [String], cells: (Row) -> [String]) -> TextTable {
        var table = TextTable(headers: (near == nil ? [] : ["MILES"]) + headers)
        if near != nil { table.rightAligned = [0] }
        for r in rows { table.add((r.miles.map { [Numeral.fixed($0, digits: 1)] } ?? []) + cells(r)) }
        return table
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
