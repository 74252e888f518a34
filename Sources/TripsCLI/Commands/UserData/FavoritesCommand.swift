import ArgumentParsing
import OutputText
import TripsInput
import TripsModel
import TripsRender
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
        let list = try FavoriteTeamList(context)
        guard !list.isEmpty else {
            context.stdout.line("No favourite teams yet: `trips favorites add TEAM`.")
            return
        }
        var table = TextTable(headers: ["SPORT", "TEAM", "NAME"])
        for team in list.live { table.add([team.sport.uppercased(), team.abbreviation, team.name]) }
        for entry in list.stale {
            table.add([
                entry.team?.sport.uppercased() ?? "?", entry.team?.abbreviation ?? entry.id,
                FavoriteTeamList.describe(entry),
            ])
        }
        context.stdout.write(table.render(style: context.style))
        if let note = list.staleNote { context.stderr.line("note: \(note)".terminalSafe) }
    }
}

/// The TEAM… [--sport LIST] arguments of `favorites add` and `favorites remove`: "HOU" is four
/// teams until a sport says which.
struct FavoriteTeams {
    static let sport = Option<[String]>.commaList("sport", "LIST", "Read TEAM in these sports (e.g. HOU in mlb)")
        .completing(.dynamic(.sport))

    var names: [String]
    var sports: [String]

    init(_ arguments: ParsedArguments) throws {
        sports = try arguments.read(Self.sport)
        names = arguments.positionals
    }

    /// Opens the store, resolves every TEAM (all before any is changed) and hands each to `edit`.
    func forEach(_ context: CLIContext, _ edit: (Team, CanonicalStore) throws -> Void) throws {
        let store = try context.store()
        guard !names.isEmpty else { throw InputError.other("which team? e.g. `trips favorites add astros`") }
        let provider = try context.provider()
        let chosen = sports.isEmpty ? nil : try provider.resolveSports(sports)
        for team in try names.map({ try provider.resolveTeam($0, sports: chosen).team }) { try edit(team, store) }
    }
}

/// `trips favorites add TEAM… [--sport LIST]`.
struct FavoritesAddCommand: TripsCommand {
    static let spec = TripsCommandSpec(
        name: "add", summary: "Add teams to your favourites", usage: "TEAM... [options]",
        options: [FavoriteTeams.sport],
        maxPositionals: 50, positionalValues: [.dynamic(.team)],
        examples: ["trips favorites add astros cubs", "trips favorites add HOU --sport mlb"], action: action)

    var teams: FavoriteTeams

    init(_ arguments: ParsedArguments, context: CLIContext) throws { teams = try FavoriteTeams(arguments) }

    func run(_ context: CLIContext) throws {
        try teams.forEach(context) { team, store in
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

    var teams: FavoriteTeams

    init(_ arguments: ParsedArguments, context: CLIContext) throws { teams = try FavoriteTeams(arguments) }

    func run(_ context: CLIContext) throws {
        // A favourite the store no longer has live (retired, or unknown here) is removed by what
        // `favorites list` shows for it — the name, abbreviation or id — which no team resolves to.
        let stale = try FavoriteTeamList(context).stale
        var others = teams
        var dropped: [(id: String, name: String)] = []
        others.names = []
        for name in teams.names {
            if let entry = stale.first(where: { Self.shows($0, as: name, sports: teams.sports) }) {
                dropped.append((entry.id, entry.team?.name ?? entry.id))
            } else {
                others.names.append(name)
            }
        }
        if !others.names.isEmpty || dropped.isEmpty {
            try others.forEach(context) { team, store in
                let removed = try store.deleteUserRecord(
                    UserRecordName.favorite(team.id), device: context.deviceName(), nowMs: context.nowMs)
                context.stdout.line(
                    (removed ? "Removed \(team.name) from your favourites." : "\(team.name) was not a favourite.")
                        .terminalSafe)
            }
        }
        let store = try context.store()
        for entry in dropped {
            // The records that name it (one, unless two devices added it apart).
            for record in try store.userRecords(.favoriteTeam) where record.fields["teamId"] == entry.id {
                _ = try store.deleteUserRecord(record.name, device: context.deviceName(), nowMs: context.nowMs)
            }
            context.stdout.line("Removed \(entry.name) from your favourites.".terminalSafe)
        }
    }

    /// Whether the list shows `entry` as `text` (any letter case): its id, or its team's name
    /// or abbreviation (in one of `sports`, when given).
    static func shows(_ entry: (id: String, team: Team?), as text: String, sports: [String]) -> Bool {
        let wanted = text.lowercased()
        if entry.id.lowercased() == wanted { return true }
        guard let team = entry.team, sports.isEmpty || sports.contains(where: { $0.lowercased() == team.sport })
        else { return false }
        return [team.name, team.abbreviation].contains { $0.lowercased() == wanted }
    }
}
