import FoundationEssentials
import Glibc
import OutputText
import TripsModel

/// `trips seasons` as a table or JSON: each loaded season, how complete it is, and when the
/// store last synced.
public struct SeasonListRenderer: Rendering {
    var seasons: [SeasonStatus]
    var lastSync: Date?

    public init(seasons: [SeasonStatus], lastSync: Date?) {
        self.seasons = seasons
        self.lastSync = lastSync
    }

    public func table(style: Style) -> String {
        var table = TextTable(
            headers: ["SPORT", "SEASON", "GAMES", "COMPLETE", "FIRST", "LAST", "GAPS", "SOURCE"], rightAligned: [2])
        for s in seasons {
            // The first gap fits the column; a "+" says there are more, listed below the table.
            let gaps = s.unpublished.first.map {
                CoverageNote.range($0.first, $0.last) + (s.unpublished.count > 1 ? "+" : "")
            }
            table.add([
                s.loaded.sport.uppercased(), s.loaded.season, s.loaded.games.grouped, s.completeness,
                s.loaded.firstDay.description, s.loaded.lastDay.description, gaps ?? "-",
                s.feedsReadAt.map { "feeds " + Self.brief($0) } ?? s.source,
            ])
        }
        var out = table.render(style: style)
        for s in seasons where s.complete == false {
            out +=
                style.dim(
                    "\(s.loaded.sport.uppercased()) \(s.loaded.season) is partial: "
                        + "\(s.completeness) games — `trips sync` may bring the rest") + "\n"
        }
        for s in seasons where !s.unpublished.isEmpty {
            let days = s.unpublished.map { CoverageNote.range($0.first, $0.last) }.joined(separator: ", ")
            out += style.dim("\(s.loaded.sport.uppercased()) \(s.loaded.season) has no games yet on \(days)") + "\n"
        }
        let synced =
            lastSync.map { "last synced \(Self.timestamp($0))" }
            ?? "never synced — `trips sync` may bring newer seasons"
        out += style.dim("\(seasons.count) season\(seasons.count == 1 ? "" : "s") · \(synced)") + "\n"
        return out
    }

    public func json() -> JSONDocument {
        let items: [JSONDocument] = seasons.map { s in
            .object([
                ("sport", .string(s.loaded.sport)), ("season", .string(s.loaded.season)),
                ("games", .int(s.loaded.games)), ("expectedGames", s.expected.map(JSONDocument.int) ?? .null),
                ("complete", s.complete.map(JSONDocument.bool) ?? .null),
                ("firstDay", .string(s.loaded.firstDay.description)),
                ("lastDay", .string(s.loaded.lastDay.description)),
                ("source", .string(s.source)), ("syncedGames", .int(s.loaded.syncedGames)),
                ("feedsReadAt", .string(s.feedsReadAt.map { ISO8601.string($0) })),
                ("gaps", .array(s.gaps.map(Self.gap))), ("note", .string(s.note)),
            ])
        }
        return .object([
            ("seasons", .array(items)),
            ("lastSynced", .string(lastSync.map { ISO8601.string($0) })),
        ])
    }

    /// A gap as JSON: its first and last day, length and kind ("break" or "unpublished").
    private static func gap(_ gap: ScheduleGap) -> JSONDocument {
        .object([
            ("first", .string(gap.first.description)), ("last", .string(gap.last.description)),
            ("days", .int(gap.days)), ("kind", .string(gap.kind.rawValue)),
        ])
    }

    /// "12-02 18:00Z": when a season was read, short enough for its column.
    private static func brief(_ date: Date) -> String {
        let text = ISO8601.string(date)
        return text.dropFirst(5).prefix(5) + " " + text.dropFirst(11).prefix(5) + "Z"
    }

    private static func timestamp(_ date: Date) -> String {
        let text = ISO8601.string(date)  // 2026-11-20T14:02:11Z
        return text.prefix(10) + " " + text.dropFirst(11).prefix(5) + " UTC"
    }
}
