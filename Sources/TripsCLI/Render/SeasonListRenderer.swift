import FoundationEssentials
import Glibc

/// `trips seasons` as a table or JSON: each loaded season, how complete it is, and when the
/// store last synced.
struct SeasonListRenderer: Rendering {
    var seasons: [SeasonStatus]
    var lastSync: Date?

    func table(style: Style) -> String {
        var table = TextTable(
            headers: ["SPORT", "SEASON", "GAMES", "COMPLETE", "FIRST", "LAST", "SOURCE"], rightAligned: [2])
        for s in seasons {
            table.add([
                s.loaded.sport.uppercased(), s.loaded.season, s.loaded.games.grouped, s.completeness,
                s.loaded.firstDay.description, s.loaded.lastDay.description, s.source,
            ])
        }
        var out = table.render(style: style)
        for s in seasons where s.complete == false {
            out +=
                style.dim(
                    "\(s.loaded.sport.uppercased()) \(s.loaded.season) is partial: "
                        + "\(s.completeness) games so far — `trips sync` may bring the rest") + "\n"
        }
        let synced =
            lastSync.map { "last synced \(Self.timestamp($0))" }
            ?? "never synced — `trips sync` may bring newer seasons"
        out += style.dim("\(seasons.count) season\(seasons.count == 1 ? "" : "s") · \(synced)") + "\n"
        return out
    }

    func json() -> JSONDocument {
        let items: [JSONDocument] = seasons.map { s in
            .object([
                ("sport", .string(s.loaded.sport)), ("season", .string(s.loaded.season)),
                ("games", .int(s.loaded.games)), ("expectedGames", s.expected.map(JSONDocument.int) ?? .null),
                ("complete", s.complete.map(JSONDocument.bool) ?? .null),
                ("firstDay", .string(s.loaded.firstDay.description)),
                ("lastDay", .string(s.loaded.lastDay.description)),
                ("source", .string(s.source)), ("syncedGames", .int(s.loaded.syncedGames)),
                ("note", .string(s.note)),
            ])
        }
        return .object([
            ("seasons", .array(items)),
            ("lastSynced", .string(lastSync.map { ISO8601.string($0) })),
        ])
    }

    private static func timestamp(_ date: Date) -> String {
        let text = ISO8601.string(date)  // 2026-11-20T14:02:11Z
        return text.prefix(10) + " " + text.dropFirst(11).prefix(5) + " UTC"
    }
}
