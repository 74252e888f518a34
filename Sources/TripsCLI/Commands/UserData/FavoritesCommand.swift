import ArgumentParsing
import TripsModel
import TripsStore

/// `trips favorites add|remove|list TEAM…`: favourite teams, synced to every device. They are the
/// teams of `trips games --favorites` and come first in `trips plan`'s team question.
enum FavoritesCommand {
    static let spec = TripsCommandSpec(
        name: "favorites", summary: "Your favourite teams (synced between your devices)",
        discussion: """
            Favourites are saved at once, offline, and sync with `trips sync` once you have signed in
            (`trips login`). `trips games --favorites` shows their games; `trips plan` offers them first.
            """,
        subcommands: [
            FavoritesAddCommand.spec, FavoritesRemoveCommand.spec,
            TripsCommandSpec(name: "list", summary: "List your favourite teams", action: { try list($0, $1) }),
        ],
        examples: ["trips favorites add astros cubs", "trips favorites list", "trips games --favorites"])

    static func list(_ args: ParsedArguments, _ context: CLIContext) throws {
        let provider = try context.provider()
        let ids = try context.store().favoriteTeamIds()
        guard !ids.isEmpty else {
            context.stdout.line("No favourite teams yet: `trips favorites add TEAM`.")
            return
        }
        var table = TextTable(headers: ["SPORT", "TEAM", "NAME"])
        for id in ids {
            let team = try provider.team(id: id)
            table.add([team?.sport.uppercased() ?? "?", team?.abbreviation ?? id, team?.name ?? "(unknown team \(id))"])
        }
        context.stdout.write(table.render(style: context.style))
    }
}

/// `--sport` for the favourites' TEAM arguments: "HOU" is four teams until a sport says which.
enum FavoriteTeams {
    static let sport = Option<[String]>.list("sport", "LIST", "Read TEAM in these sports (e.g. HOU in mlb)")
        .completing(.dynamic(.sport))

    static func resolve(_ names: [String], sports: [String], _ context: CLIContext) throws -> [Team] {
        guard !names.isEmpty else { throw InputError.other("which team? e.g. `trips favorites add astros`") }
        let provider = try context.provider()
        let chosen = sports.isEmpty ? nil : try provider.resolveSports(sports)
        return try names.map { try provider.resolveTeam($0, sports: chosen).team }
    }
}

/// `trips favorites add TEAM… [--sport LIST]`.
struct FavoritesAddCommand: TripsCommand {
    static let spec = TripsCommandSpec(
        name: "add", summary: "Add teams to your favourites", usage: "TEAM... [options]",
        options: [FavoriteTeams.sport],
        maxPositionals: 50, positionalValues: [.dynamic(.team)],
        examples: ["trips favorites add astros cubs", "trips favorites add HOU --sport mlb"], action: action)

    var names: [String]
    var sports: [String]

    init(_ arguments: ParsedArguments, context: CLIContext) throws {
        sports = try arguments.read(FavoriteTeams.sport)
        names = arguments.positionals
    }

    func run(_ context: CLIContext) throws {
        let store = try context.store()
        for team in try FavoriteTeams.resolve(names, sports: sports, context) {
            try store.editUserRecord(
                UserRecordName.favorite(team.id), type: .favoriteTeam,
                set: ["teamId": team.id, "addedAt": String(context.nowMs)], device: context.deviceName(),
                nowMs: context.nowMs)
            context.stdout.line("Added \(team.name) (\(team.sport.uppercased())) to your favourites.".terminalSafe)
        }
    }
}

/// `trips favorites remove TEAM… [--sport LIST]`.
struct FavoritesRemoveCommand: TripsCommand {
    static let spec = TripsCommandSpec(
        name: "remove", summary: "Remove teams from your favourites", usage: "TEAM... [options]",
        options: [FavoriteTeams.sport], maxPositionals: 50, positionalValues: [.dynamic(.team)],
        examples: ["trips favorites remove cubs"], action: action)

    var names: [String]
    var sports: [String]

    init(_ arguments: ParsedArguments, context: CLIContext) throws {
        sports = try arguments.read(FavoriteTeams.sport)
        names = arguments.positionals
    }

    func run(_ context: CLIContext) throws {
        let store = try context.store()
        for team in try FavoriteTeams.resolve(names, sports: sports, context) {
            let removed = try store.deleteUserRecord(
                UserRecordName.favorite(team.id), device: context.deviceName(), nowMs: context.nowMs)
            context.stdout.line(
                (removed ? "Removed \(team.name) from your favourites." : "\(team.name) was not a favourite.")
                    .terminalSafe)
        }
    }
}
