import FoundationEssentials
import TripsModel

/// Which record a feed game is: the source-id → record map is the cloud's own Game records,
/// each carrying the league's id in `sourceId` (the bundle's records carry it too). So the map
/// lives where the games live, is written in the same atomic batch as the game, and needs no
/// second record type to keep consistent. A game the map lacks (a bundle game from another
/// source) is matched once by what identifies it on the field — sport, season, home, away,
/// local date, game number — and keeps that record's id; a new game gets an id from the league's
/// id (`game_mlb_778899`), never from its date, so a rescheduled game keeps it.
struct GameIdentity {
    private var bySource: [String: String] = [:]
    private var byFixture: [String: [String]] = [:]
    private var taken: Set<String> = []
    private var claimed: Set<String> = []

    init(cloudGames: [Game], localDay: (Game) -> CalendarDay?) {
        for game in cloudGames {
            taken.insert(game.id)
            if let source = game.sourceId, !source.isEmpty { bySource["\(game.sport)|\(source)"] = game.id }
            if let day = localDay(game) {
                byFixture[Self.fixture(game, day), default: []].append(game.id)
            }
        }
    }

    static func fixture(_ game: Game, _ day: CalendarDay) -> String {
        "\(game.sport)|\(game.season)|\(game.homeTeamId)|\(game.awayTeamId)|\(day)|\(game.gameNumber)"
    }

    /// The id of `game` (its `sourceId` set, teams resolved), claiming it for this run; a
    /// record stored under one of `formerSourceIds` (an earlier source's ids) keeps its id too.
    mutating func id(for game: Game, localDay: CalendarDay?, formerSourceIds: [String] = []) -> String {
        for source in [game.sourceId].compactMap({ $0 }) + formerSourceIds {
            if let id = bySource["\(game.sport)|\(source)"], claimed.insert(id).inserted { return id }
        }
        if let day = localDay,
            let id = byFixture[Self.fixture(game, day)]?.first(where: { !claimed.contains($0) })
        {
            claimed.insert(id)
            return id
        }
        let base = "game_\(game.sport)_" + NameKey.slug(game.sourceId ?? game.id)
        var id = base
        var n = 2
        while taken.contains(id) || claimed.contains(id) {
            id = "\(base)_\(n)"
            n += 1
        }
        claimed.insert(id)
        return id
    }
}
