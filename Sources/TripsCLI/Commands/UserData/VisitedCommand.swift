import ArgumentParsing
import FoundationEssentials
import OutputText
import TripsModel
import TripsStore

/// `trips visited add|remove|list|import-trip`: the venues you have been to, synced to every
/// device, with progress per sport ("23 of 30 MLB ballparks"). `trips plan --prefer-unvisited`
/// favours the others.
enum VisitedCommand {
    static let spec = TripsCommandSpec(
        name: "visited", summary: "The venues you have been to (synced between your devices)",
        discussion: """
            One entry per venue, with an optional date, game and note. `trips visited list --sport mlb`
            shows how many of the league's venues you have seen. `trips visited import-trip NAME`
            marks the venues of a saved trip's games that have been played.
            """,
        subcommands: [
            VisitedAddCommand.spec,
            TripsCommandSpec(
                name: "remove", summary: "Forget a visited venue", usage: "STADIUM", maxPositionals: 1,
                positionalValues: [.dynamic(.stadium)], action: { try remove($0, $1) }),
            VisitedListCommand.spec,
            TripsCommandSpec(
                name: "import-trip", summary: "Mark the venues of a saved trip's past games as visited",
                usage: "NAME", maxPositionals: 1, action: { try importTrip($0, $1) }),
        ],
        examples: [
            "trips visited add \"Wrigley Field\" --date 2025-07-04", "trips visited list --sport mlb",
            "trips visited import-trip \"Texas swing\"",
        ])

    static func remove(_ args: ParsedArguments, _ context: CLIContext) throws {
        guard let input = args.positionals.first else { throw args.error(.missingRequired("STADIUM")) }
        let stadium = try context.provider().resolveStadium(input).stadium
        let removed = try context.store().deleteUserRecord(
            UserRecordName.visited(stadium.id), device: context.deviceName(), nowMs: context.nowMs)
        context.stdout.line(
            (removed ? "Forgot your visit to \(stadium.name)." : "\(stadium.name) was not on your list.").terminalSafe)
    }

    static func importTrip(_ args: ParsedArguments, _ context: CLIContext) throws {
        guard let name = args.positionals.first else { throw args.error(.missingRequired("NAME")) }
        let store = try context.store()
        guard let trip = try store.savedTrip(named: name) else { throw SavedTripError.notFound(name) }
        let provider = try context.provider()
        let games = try provider.richGames(GameQuery(ids: trip.gameIds)).games.filter {
            $0.game.startTime < context.now
        }
        var marked: Set<String> = []
        for game in games.sorted(by: { $0.game.startTime < $1.game.startTime }) {
            try store.editUserRecord(
                UserRecordName.visited(game.stadium.id), type: .visitedVenue,
                set: [
                    "stadiumId": game.stadium.id, "date": try provider.localDay(of: game.game).description,
                    "gameId": game.id,
                ], device: context.deviceName(), nowMs: context.nowMs)
            marked.insert(game.stadium.id)
        }
        let pending = trip.gameIds.count - games.count
        var line = "Marked \(marked.count) venue\(marked.count == 1 ? "" : "s") of \(trip.name) as visited."
        if pending > 0 { line += " \(pending) game\(pending == 1 ? " is" : "s are") still to come." }
        context.stdout.line(line.terminalSafe)
    }
}

/// `trips visited add STADIUM [--date D] [--game ID] [--note TEXT]`.
struct VisitedAddCommand: TripsCommand {
    enum Options {
        static let date = Option<String?>.value("date", "DATE", "When you were there (YYYY-MM-DD)")
        static let game = Option<String?>.value("game", "ID", "The game you saw, by id")
        static let note = Option<String?>.value("note", "TEXT", "A note to keep with the visit")
    }

    static let spec = TripsCommandSpec(
        name: "add", summary: "Mark a venue as visited", usage: "STADIUM [options]",
        options: [Options.date, Options.game, Options.note], maxPositionals: 1,
        positionalValues: [.dynamic(.stadium)],
        examples: ["trips visited add \"Daikin Park\" --date 2025-08-01"], action: action)

    var stadium: String
    var date: CalendarDay?
    var game: String?
    var note: String?

    init(_ arguments: ParsedArguments, context: CLIContext) throws {
        date = try DayInput.option("date", arguments.read(Options.date), context: context)
        if let date, date > CalendarDay(context.now, in: context.localZone) {
            throw InputError.refused("--date \(date) is in the future — mark a venue visited once you have been there")
        }
        game = try arguments.read(Options.game)
        note = try arguments.read(Options.note)
        stadium = arguments.positionals.first ?? ""
    }

    func run(_ context: CLIContext) throws {
        if stadium.isEmpty { throw InputError.other("which venue? `trips visited add STADIUM`") }
        let provider = try context.provider()
        let venue = try provider.resolveStadium(stadium).stadium
        var fields = ["stadiumId": venue.id]
        if let game {
            guard let found = try provider.richGames(GameQuery(ids: [game])).games.first else {
                throw InputError.other("unknown game '\(game)' — game ids are in `trips games --format json`")
            }
            guard found.stadium.id == venue.id else {
                throw InputError.other("\(game) was played at \(found.stadium.name), not \(venue.name)")
            }
            fields["gameId"] = game
            let day = try provider.localDay(of: found.game)
            if day > CalendarDay(context.now, in: context.localZone) {
                throw InputError.refused("\(game) is on \(day), still to come — mark it visited once you have been")
            }
            if date == nil { fields["date"] = day.description }
        }
        if let date { fields["date"] = date.description }
        if let note { fields["note"] = note }
        try context.store().editUserRecord(
            UserRecordName.visited(venue.id), type: .visitedVenue, set: fields, device: context.deviceName(),
            nowMs: context.nowMs)
        context.stdout.line("Marked \(venue.name) as visited.".terminalSafe)
    }
}

/// `trips visited list [--sport LIST]`: your venues and, per sport, how many of its venues.
struct VisitedListCommand: TripsCommand {
    enum Options {
        static let sport = Option<[String]>.commaList("sport", "LIST", "Only these sports' venues, with progress")
            .completing(.dynamic(.sport))
    }

    static let spec = TripsCommandSpec(
        name: "list", summary: "List visited venues with progress per sport", options: [Options.sport],
        examples: ["trips visited list --sport mlb"], action: action)

    var sports: [String]

    init(_ arguments: ParsedArguments, context: CLIContext) throws {
        sports = try arguments.read(Options.sport)
    }

    func run(_ context: CLIContext) throws {
        let provider = try context.provider()
        let visits = try context.store().visitedVenues()
        let chosen = sports.isEmpty ? nil : try provider.resolveSports(sports)
        var table = TextTable(headers: ["VENUE", "CITY", "DATE", "GAME"])
        var shown = 0
        for visit in visits {
            let stadium = try provider.stadium(id: visit.stadiumId)
            if let chosen, !(stadium?.sports ?? []).contains(where: chosen.contains) { continue }
            table.add([
                stadium?.name ?? visit.stadiumId, stadium.map(\.cityLabel) ?? "", visit.date ?? "", visit.gameId ?? "",
            ])
            shown += 1
        }
        if shown > 0 { context.stdout.write(table.render(style: context.style)) }
        let visited = Set(visits.map(\.stadiumId))
        for sport in try provider.sports() where chosen?.contains(sport.sportId) ?? true {
            let venues = Set(try provider.teams(sports: [sport.sportId]).map(\.stadiumId))
            let seen = venues.intersection(visited).count
            if chosen == nil && seen == 0 { continue }
            context.stdout.line("\(seen) of \(venues.count) \(sport.abbreviation) \(Self.venueWord(sport.sportId))")
        }
        if shown == 0 && visits.isEmpty {
            context.stdout.line("No visited venues yet: `trips visited add STADIUM`.")
        }
    }

    static func venueWord(_ sport: String) -> String {
        switch sport {
        case "mlb": return "ballparks"
        case "nba", "nhl": return "arenas"
        case "nfl": return "stadiums"
        default: return "venues"
        }
    }
}
