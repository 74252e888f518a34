import Foundation
import TripsModel
import TripsStore

/// `trips seasons`: what the store holds — every sport's loaded seasons with their game counts,
/// how complete each is, where its games came from, and when the store last synced. The answer
/// to "why does `trips games --from today` show nothing?".
enum SeasonsCommand {
    static let spec = CommandSpec(
        name: "seasons", summary: "List the loaded seasons: games, completeness, source, last sync",
        discussion: """
            Completeness compares a season with a full one of its sport from the bundled data
            (an NBA season has 1,230 games); a partial season fills in as `trips sync` brings
            the rest. SOURCE says whether the games are the bundled snapshot's or were changed
            by a sync.
            """,
        options: [
            .list("sport", "LIST", "Sports to include (comma-separated or repeated)"),
            .value("format", "FORMAT", "Output: table (default), json"),
        ],
        examples: ["trips seasons", "trips seasons --sport nba", "trips seasons --format json"])

    static func run(_ args: ParsedArguments, _ context: CLIContext) throws {
        let format = try args.choice("format", ["table", "json"]) ?? "table"
        let provider = try context.provider()
        let sports = args.list("sport").isEmpty ? nil : try provider.resolveSports(args.list("sport"))
        let manifest = try? BundleManifest.load(from: context.bundleLocator.locate())
        let seasons = try provider.loadedSeasons(sports: sports).map { SeasonStatus($0, manifest: manifest) }
        let lastSyncMs = try provider.store.syncState(for: .game).lastSuccessMs
        let lastSync = lastSyncMs.map { Date(timeIntervalSince1970: Double($0) / 1000) }

        if format == "json" {
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
            context.stdout.line(
                JSONDocument.object([
                    ("seasons", .array(items)),
                    ("lastSynced", .string(lastSync.map { ISO8601DateFormatter().string(from: $0) })),
                ]).rendered())
            return
        }
        let style = context.style
        var table = TextTable(
            headers: ["SPORT", "SEASON", "GAMES", "COMPLETE", "FIRST", "LAST", "SOURCE"], rightAligned: [2])
        for s in seasons {
            table.add([
                s.loaded.sport.uppercased(), s.loaded.season, grouped(s.loaded.games), s.completeness,
                s.loaded.firstDay.description, s.loaded.lastDay.description, s.source,
            ])
        }
        context.stdout.write(table.render(style: style))
        for s in seasons where s.complete == false {
            context.stdout.line(
                style.dim(
                    "\(s.loaded.sport.uppercased()) \(s.loaded.season) is partial: "
                        + "\(s.completeness) games so far — `trips sync` may bring the rest"))
        }
        let synced =
            lastSync.map { "last synced \(timestamp($0))" } ?? "never synced — `trips sync` may bring newer seasons"
        context.stdout.line(style.dim("\(seasons.count) season\(seasons.count == 1 ? "" : "s") · \(synced)"))
    }

    /// "1,230": counts as a fan reads them.
    static func grouped(_ number: Int) -> String {
        var digits = String(number)
        var out = ""
        while digits.count > 3 {
            out = "," + digits.suffix(3) + out
            digits.removeLast(3)
        }
        return digits + out
    }

    private static func timestamp(_ date: Date) -> String {
        let text = ISO8601DateFormatter().string(from: date)  // 2026-11-20T14:02:11Z
        return text.prefix(10) + " " + text.dropFirst(11).prefix(5) + " UTC"
    }
}

/// A loaded season judged against the bundled data: the full size of a season of its sport and
/// whether it has reached it.
struct SeasonStatus {
    var loaded: LoadedSeason
    /// Games in a full season: the bundle's count for this season when the bundle says it is
    /// complete, else that of the sport's latest complete bundled season.
    var expected: Int?
    /// What the bundle notes about this season (why it is partial).
    var note: String?

    init(_ loaded: LoadedSeason, manifest: BundleManifest?) {
        self.loaded = loaded
        let games = manifest?.files.filter { $0.recordType == "Game" && $0.sport == loaded.sport } ?? []
        let own = games.first { $0.season == loaded.season }
        note = own?.notes
        if let own, own.complete == true {
            expected = own.records
        } else {
            expected = games.filter { $0.complete == true }.max { ($0.season ?? "") < ($1.season ?? "") }?.records
        }
    }

    /// Whether every game of the season is loaded; nil when no full season is known to compare.
    var complete: Bool? { expected.map { loaded.games >= $0 } }

    var completeness: String {
        switch complete {
        case true?: return "complete"
        case false?: return "\(SeasonsCommand.grouped(loaded.games)) of \(SeasonsCommand.grouped(expected!))"
        case nil: return "unknown"
        }
    }

    /// Where the games came from: the bundled snapshot, the cloud, or both.
    var source: String {
        switch (loaded.games > loaded.syncedGames, loaded.syncedGames) {
        case (true, 0): return "bundle"
        case (true, let n): return "bundle + \(SeasonsCommand.grouped(n)) synced"
        default: return "cloud"
        }
    }
}
