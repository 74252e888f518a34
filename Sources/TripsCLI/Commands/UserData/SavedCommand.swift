import ArgumentParsing
import FoundationEssentials
import InputText
import OutputText
import TripsInput
import TripsRender
import TripsStore

/// `trips saved list|show|rename|note|delete|export`: trips saved with `trips plan --save NAME`,
/// synced to every device.
enum SavedCommand {
    static let spec = TripsCommandSpec(
        name: "saved", summary: "Your saved trips (synced between your devices)",
        discussion: """
            Save a plan with `trips plan … --save NAME` (or answer the question after an interactive
            plan). A saved trip follows its games: `show` and `export` give them as they are now,
            and when the league moves, postpones or relocates one, the next sync says so once,
            `list` marks the trip, and `show` says whether its drives still work by the trip's
            own rules. `replan` plans it again by those rules; `dismiss` keeps it as it is.
            `show` also says which device changed it last and when.
            """,
        subcommands: [
            TripsCommandSpec(name: "list", summary: "List saved trips", action: { try list($0, $1) }),
            TripsCommandSpec(
                name: "show", summary: "Show a saved trip", usage: "NAME", maxPositionals: 1,
                positionalValues: [.dynamic(.savedTrip)], action: { try show($0, $1) }),
            TripsCommandSpec(
                name: "rename", summary: "Rename a saved trip", usage: "OLD NEW", maxPositionals: 2,
                positionalValues: [.dynamic(.savedTrip)], action: { try rename($0, $1) }),
            TripsCommandSpec(
                name: "note", summary: "Set a saved trip's note ('' clears it)", usage: "NAME TEXT",
                maxPositionals: 2, positionalValues: [.dynamic(.savedTrip)], action: { try note($0, $1) }),
            TripsCommandSpec(
                name: "delete", summary: "Delete a saved trip", usage: "NAME", maxPositionals: 1,
                positionalValues: [.dynamic(.savedTrip)], action: { try delete($0, $1) }),
            TripsCommandSpec(
                name: "dismiss", summary: "Keep a trip as it is after its games changed", usage: "NAME",
                maxPositionals: 1, positionalValues: [.dynamic(.savedTrip)], action: { try dismiss($0, $1) }),
            SavedReplanCommand.spec,
            SavedExportCommand.spec,
        ],
        examples: [
            "trips saved list", "trips saved show \"Texas swing\"", "trips saved note \"Texas swing\" \"Bring hats\"",
            "trips saved export \"Texas swing\" --output trip.ics",
            "trips saved replan \"Texas swing\"",
        ])

    static func list(_ args: ParsedArguments, _ context: CLIContext) throws {
        let trips = try context.store().savedTrips()
        guard !trips.isEmpty else {
            context.stdout.line("No saved trips yet: `trips plan … --save NAME`.")
            return
        }
        let provider = try context.provider()
        var table = TextTable(headers: ["NAME", "DATES", "GAMES", "STATUS", "CHANGED"], rightAligned: [2])
        var unfit: [String] = []
        for trip in trips {
            let review = try SavedTripReview(trip, provider: provider, airports: try context.airports(for: trip))
            if review.needsAttention { unfit.append(trip.name) }
            let status = review.statusText
            table.add([
                trip.name, dates(trip), String(trip.gameIds.count),
                review.needsAttention ? context.style.bold(status) : status,
                "\(trip.record.device), \(ElapsedTime.ago(trip.record.updatedMs, nowMs: context.nowMs))",
            ])
        }
        context.stdout.write(table.render(style: context.style))
        if let first = unfit.first {
            let which = unfit.count == 1 ? first : "\(unfit.count) trips"
            context.stdout.line(
                ("\(which) no longer fits its games: `trips saved show \(SavedTripReview.quoted(first))` "
                    + "says what changed.").terminalSafe)
        }
    }

    static func show(_ args: ParsedArguments, _ context: CLIContext) throws {
        let trip = try find(args, context)
        let out = context.stdout
        out.line(context.style.bold(trip.name.terminalSafe))
        out.line(
            "changed on \(trip.record.device), \(ElapsedTime.ago(trip.record.updatedMs, nowMs: context.nowMs))"
                .terminalSafe)
        if let notes = trip.notes { out.line("note: \(notes)".terminalSafe) }
        let review = try SavedTripReview(trip, provider: try context.provider())
        for line in review.explanation(style: context.style) { out.line(line.terminalSafe) }
        if let renderer = try review.currentRenderer(context) {
            out.line()
            out.write(try OutputFormat.table.render(renderer, style: context.style))
        } else if let table = trip.rendering("table") {
            out.line()
            for line in table.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
                out.line(String(line).terminalSafe)
            }
        } else {
            // Saved by a version that kept no itinerary here: the dates and games are still known.
            out.line("\(dates(trip)), \(trip.gameIds.count) game\(trip.gameIds.count == 1 ? "" : "s")".terminalSafe)
            for id in trip.gameIds { out.line("  \(id)".terminalSafe) }
        }
    }

    static func rename(_ args: ParsedArguments, _ context: CLIContext) throws {
        guard args.positionals.count == 2 else { throw args.error(.missingRequired("OLD and NEW")) }
        let trip = try find(args, context)
        let newName = try SavedTripName.checked(args.positionals[1])
        if let other = try context.store().savedTrip(named: newName), other.id != trip.id {
            throw InputError.other("a saved trip is already called '\(other.name)'")
        }
        try SavedTripError.hinting("choose a shorter name") {
            try context.store().editUserRecord(
                trip.id, type: .savedTrip, set: ["name": newName], device: context.deviceName(), nowMs: context.nowMs)
        }
        context.stdout.line("Renamed \(trip.name) to \(newName).".terminalSafe)
    }

    static func note(_ args: ParsedArguments, _ context: CLIContext) throws {
        guard args.positionals.count == 2 else { throw args.error(.missingRequired("NAME and TEXT")) }
        let trip = try find(args, context)
        try SavedTripError.hinting("shorten its note") {
            try context.store().editUserRecord(
                trip.id, type: .savedTrip, set: ["notes": args.positionals[1]], device: context.deviceName(),
                nowMs: context.nowMs)
        }
        context.stdout.line("Saved the note of \(trip.name).".terminalSafe)
    }

    /// Marks the trip's games as they are now as the trip's own: the change is acknowledged,
    /// and syncs to the user's other devices like any edit.
    static func dismiss(_ args: ParsedArguments, _ context: CLIContext) throws {
        let trip = try find(args, context)
        let review = try SavedTripReview(trip, provider: try context.provider())
        guard review.isFollowed else {
            throw InputError.other("\(trip.name) was saved before trips followed its games: nothing to dismiss")
        }
        guard !review.changes.isEmpty else {
            context.stdout.line("\(trip.name) is as planned: nothing to dismiss.".terminalSafe)
            return
        }
        try context.store().editUserRecord(
            trip.id, type: .savedTrip, set: [SavedTripReview.plannedField: PlannedGame.field(review.games.map(\.game))],
            device: context.deviceName(), nowMs: context.nowMs)
        context.stdout.line("Kept \(trip.name) with its games as they are now.".terminalSafe)
    }

    static func delete(_ args: ParsedArguments, _ context: CLIContext) throws {
        let trip = try find(args, context)
        try context.store().deleteUserRecord(trip.id, device: context.deviceName(), nowMs: context.nowMs)
        context.stdout.line("Deleted \(trip.name).".terminalSafe)
    }

    static func find(_ args: ParsedArguments, _ context: CLIContext) throws -> SavedTrip {
        guard let name = args.positionals.first else { throw args.error(.missingRequired("NAME")) }
        guard let trip = try context.store().savedTrip(named: name) else { throw SavedTripError.notFound(name) }
        return trip
    }

    static func dates(_ trip: SavedTrip) -> String {
        switch (trip.from, trip.to) {
        case (let from?, let to?): return from == to ? from : "\(from) – \(to)"
        case (let from?, nil): return from
        default: return "-"
        }
    }
}

/// `trips saved export NAME --output FILE`: the saved itinerary as JSON, iCalendar or CSV.
struct SavedExportCommand: TripsCommand {
    enum Options {
        static let output = Option<String?>.value(
            "output", "FILE", "Write here; the format follows .json, .ics, .csv, .geojson or .gpx"
        )
        .completing(.files)
        static let format = Option<OutputFormat?>.choice(
            "format", "FORMAT", among: formats, "json, ics, csv, geojson or gpx (default: from --output)")
        static let formats = [OutputFormat.json, .ics, .csv, .geojson, .gpx]
    }

    static let spec = TripsCommandSpec(
        name: "export", summary: "Write a saved trip to a file (.json, .ics, .csv, .geojson, .gpx)",
        usage: "NAME --output FILE", options: [Options.output, Options.format], maxPositionals: 1,
        positionalValues: [.dynamic(.savedTrip)],
        examples: [
            "trips saved export \"Texas swing\" --output trip.ics",
            "trips saved export \"Texas swing\" --output trip.gpx",
        ], action: action)

    var name: String
    var destination: OutputDestination

    init(_ arguments: ParsedArguments, context: CLIContext) throws {
        let output = try arguments.read(Options.output)
        let format = try arguments.read(Options.format)
        name = arguments.positionals.first ?? ""
        guard output != nil || format != nil else { throw arguments.error(.missingRequired("--output FILE")) }
        destination = try OutputDestination(
            output: output, format: format, supported: Options.formats, defaultFormat: nil, arguments: arguments)
    }

    func run(_ context: CLIContext) throws {
        if name.isEmpty { throw InputError.other("which trip? `trips saved export NAME --output FILE`") }
        guard let trip = try context.store().savedTrip(named: name) else { throw SavedTripError.notFound(name) }
        // The trip as it is now; one that no longer works is its games as they are now.
        let review = try SavedTripReview(trip, provider: try context.provider())
        if let renderer = try review.currentRenderer(context) {
            return try destination.emit(renderer, context, what: "\(trip.name)")
        }
        if review.isFollowed {
            return try SavedCommand.exportGames(review, destination, context)
        }
        guard let text = trip.rendering(destination.format.rawValue) else {
            let maps = destination.format == .geojson || destination.format == .gpx
            throw InputError.other(
                "\(trip.name) has no saved \(destination.format.rawValue) itinerary"
                    + (maps ? " (saved before trips kept maps: plan it again with --save)" : ""))
        }
        try destination.emit(text, context)
    }
}

/// A name two saved trips answer to: exit 2, the message lists both with their ids.
extension SavedTripLookupError: ExitCodeProviding {
    package var exitCode: Int32 { ExitStatus.usage }
}

/// A saved trip named on the command line does not exist: exit 2 with the names there are.
/// A saved trip that would pass the cloud's 1 MB limit for one record is refused (exit 2) with
/// what the user can do about it.
enum SavedTripError: Error, ExitCodeProviding, CustomStringConvertible {
    case notFound(String)
    case tooLarge(UserDataError, hint: String)

    package var exitCode: Int32 { ExitStatus.usage }

    var description: String {
        switch self {
        case .notFound(let name): return "no saved trip called '\(name)' (see `trips saved list`)"
        case .tooLarge(let error, let hint): return "\(error) — \(hint)"
        }
    }

    /// Runs a saved-trip edit; a refusal for size says `hint` (what to shorten).
    @discardableResult
    static func hinting<T>(_ hint: String, _ edit: () throws -> T) throws -> T {
        do {
            return try edit()
        } catch let error as UserDataError {
            throw SavedTripError.tooLarge(error, hint: hint)
        }
    }
}
