import TripsModel
import TripsStore

/// The user's favourite teams as the store knows them today. A favourite synced from another
/// device (or kept across a data update) may name a team this store does not have, or one no
/// longer in its league: those are `stale` — shown and skipped with a note, never an error that
/// blocks the rest.
struct FavoriteTeamList {
    var live: [Team]
    /// Each stale favourite's id, and the team when the store still knows it (deprecated).
    var stale: [(id: String, team: Team?)]

    init(_ context: CLIContext) throws {
        let provider = try context.provider()
        live = []
        stale = []
        for id in try context.store().favoriteTeamIds() {
            if let team = try provider.liveTeam(id: id) {
                live.append(team)
            } else {
                stale.append((id, try provider.team(id: id)))
            }
        }
    }

    var isEmpty: Bool { live.isEmpty && stale.isEmpty }

    /// How a stale favourite is named: the team it was, or its id.
    static func describe(_ entry: (id: String, team: Team?)) -> String {
        entry.team.map { "\($0.name) (no longer in the league)" } ?? "\(entry.id) (a team this store does not know)"
    }

    /// The note for the stale ones, or nil.
    var staleNote: String? {
        guard !stale.isEmpty else { return nil }
        let names = stale.map(Self.describe).joined(separator: ", ")
        return "skipping \(stale.count == 1 ? "a favourite" : "\(stale.count) favourites") with no games here: \(names)"
            + " — `trips favorites remove \(stale[0].id)` drops one"
    }
}
