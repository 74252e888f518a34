import FoundationEssentials
import SQLite
import TripsModel
import TripsZones

/// The read API over the canonical store: listings, game queries with and without date
/// windows, and resolving what users type into teams and stadiums. Deprecated rows never
/// come out of listings or game queries (they still resolve references of other rows).
///
/// Teams, stadiums and sports are small and read once per provider; games are queried.
public final class DataProvider {
    public let store: CanonicalStore
    var database: Database { store.database }

    private var cachedSports: [Sport]?
    private var cachedTeams: [String: (value: Team, live: Bool)]?
    private var cachedStadiums: [String: (value: Stadium, live: Bool)]?
    private var cachedTeamAliases: [TeamAlias]?
    private var cachedStadiumAliases: [StadiumAlias]?
    private var cachedNameHistory: NameHistory?

    /// Where venue zones' rules come from (tests may point it at another tz directory).
    public let zones: ZoneDatabase

    public init(store: CanonicalStore, zones: ZoneDatabase = .system) {
        self.store = store
        self.zones = zones
    }

    // MARK: Listings

    /// Live sports, in the order of their record names.
    public func sports() throws -> [Sport] {
        try cached(\.cachedSports) {
            try database.rows(
                CanonicalTable.select(.sport) + " WHERE deprecated_at_ms IS NULL ORDER BY id", [], Sport.init(row:))
        }
    }

    /// Each sport's game length in minutes, by sport id: calendar events' ends.
    public func gameDurations() throws -> [String: Int] {
        Dictionary(try sports().map { ($0.sportId, $0.gameDurationMinutes) }) { a, _ in a }
    }

    /// Live teams, optionally of some sports, ordered by sport then name.
    public func teams(sports: Set<String>? = nil) throws -> [Team] {
        let live: [Team]
        if let sports, cachedTeams == nil {
            // Only the sports asked for (`trips teams --sport mlb` reads 30 rows, not every team).
            let marks = Array(repeating: "?", count: sports.count).joined(separator: ", ")
            live = try database.rows(
                CanonicalTable.select(.team) + " WHERE deprecated_at_ms IS NULL AND sport IN (\(marks))",
                sports.sorted().map(SQLValue.text), Team.init(row:))
        } else {
            live = try teamTable().values.filter { $0.live && (sports?.contains($0.value.sport) ?? true) }.map(\.value)
        }
        return live.sorted { ($0.sport, $0.name) < ($1.sport, $1.name) }
    }

    /// The names of the stadiums with `ids` (deprecated ones too), read by id rather than as the
    /// whole table when the provider has not loaded it.
    public func stadiumNames(ids: Set<String>) throws -> [String: String] {
        if let cachedStadiums {
            return cachedStadiums.filter { ids.contains($0.key) }.mapValues(\.value.name)
        }
        guard !ids.isEmpty else { return [:] }
        let marks = Array(repeating: "?", count: ids.count).joined(separator: ", ")
        let pairs = try database.rows(
            "SELECT id, name FROM stadiums WHERE id IN (\(marks))", ids.sorted().map(SQLValue.text)
        ) { ($0.string(0), $0.string(1)) }
        return Dictionary(pairs, uniquingKeysWith: { first, _ in first })
    }

    /// When each game of `ids` was last modified on the server (ms since 1970): what a calendar's
    /// SEQUENCE and LAST-MODIFIED come from (`CalendarText`). Unknown ids are left out.
    public func gameModificationTimes(ids: [String]) throws -> [String: Int64] {
        var times: [String: Int64] = [:]
        var start = 0
        let unique = Array(Set(ids)).sorted()
        while start < unique.count {
            let chunk = unique[start..<min(start + 500, unique.count)]
            let marks = Array(repeating: "?", count: chunk.count).joined(separator: ", ")
            for (id, ms) in try database.rows(
                "SELECT id, modified_ms FROM games WHERE id IN (\(marks))", chunk.map(SQLValue.text),
                { ($0.string(0), $0.int64(1)) })
            {
                times[id] = ms
            }
            start += chunk.count
        }
        return times
    }

    /// Live stadiums, optionally of some sports, ordered by name.
    public func stadiums(sports: Set<String>? = nil) throws -> [Stadium] {
        try stadiumTable().values.filter { entry in
            entry.live && (sports.map { !$0.isDisjoint(with: entry.value.sports) } ?? true)
        }.map(\.value).sorted { $0.name < $1.name }
    }

    /// Any team by id, including deprecated ones (they still name old games).
    public func team(id: String) throws -> Team? { try teamTable()[id]?.value }

    /// A team by id only while it is live (not deprecated): a favourite or saved name that
    /// points elsewhere is stale.
    public func liveTeam(id: String) throws -> Team? {
        try teamTable()[id].flatMap { $0.live ? $0.value : nil }
    }

    /// Any stadium by id, including deprecated ones.
    public func stadium(id: String) throws -> Stadium? { try stadiumTable()[id]?.value }

    public func leagueStructures(sport: String? = nil) throws -> [LeagueStructure] {
        try database.rows(
            CanonicalTable.select(.leagueStructure)
                + " WHERE deprecated_at_ms IS NULL AND (?1 IS NULL OR sport = ?1) ORDER BY display_order, id",
            [SQLValue(sport)], LeagueStructure.init(row:))
    }

    public func teamAliases() throws -> [TeamAlias] {
        try cached(\.cachedTeamAliases) { try liveRows(.teamAlias, TeamAlias.init(row:)) }
    }

    public func stadiumAliases() throws -> [StadiumAlias] {
        try cached(\.cachedStadiumAliases) { try liveRows(.stadiumAlias, StadiumAlias.init(row:)) }
    }

    /// Former names with their dates, built once from the (small) alias tables.
    public func nameHistory() throws -> NameHistory {
        try cached(\.cachedNameHistory) {
            NameHistory(teamAliases: try teamAliases(), stadiumAliases: try stadiumAliases())
        }
    }

    func teamTable() throws -> [String: (value: Team, live: Bool)] {
        try cached(\.cachedTeams) { try rowsById(.team, Team.init(row:)) }
    }

    func stadiumTable() throws -> [String: (value: Stadium, live: Bool)] {
        try cached(\.cachedStadiums) { try rowsById(.stadium, Stadium.init(row:)) }
    }

    /// The value in `cache`, loaded the first time: the small tables are read once per provider.
    private func cached<Value>(_ cache: ReferenceWritableKeyPath<DataProvider, Value?>, _ load: () throws -> Value)
        rethrows -> Value
    {
        if let value = self[keyPath: cache] { return value }
        let value = try load()
        self[keyPath: cache] = value
        return value
    }

    /// The live (not deprecated) rows of `type`.
    private func liveRows<Value>(_ type: RecordType, _ make: (Row) throws -> Value) throws -> [Value] {
        try database.rows(CanonicalTable.select(type) + " WHERE deprecated_at_ms IS NULL", [], make)
    }

    /// Every row of `type` by id, deprecated ones too (they still name old games) but marked
    /// not `live`, so listings can leave them out.
    private func rowsById<Value: Identifiable<String>>(_ type: RecordType, _ make: (Row) throws -> Value) throws
        -> [String: (value: Value, live: Bool)]
    {
        let columns = CanonicalTable.columns(type)
        let liveColumn = Int32(columns.count)
        let rows = try database.rows(
            "SELECT \(columns.joined(separator: ", ")), deprecated_at_ms IS NULL FROM \(CanonicalTable.name(type))"
        ) { row in (value: try make(row), live: row.bool(liveColumn)) }
        return Dictionary(rows.map { ($0.value.id, $0) }, uniquingKeysWith: { a, _ in a })
    }

    // MARK: Games (the seeds' names)
    //
    // The provider API the product promises (DESIGN §2, DataProvider): the CLI itself asks
    // through `games(_:)` and `richGames(_:)` with a `GameQuery` (ids, teams, venues and
    // windows in one query); these four are the stable, named entry points for any other
    // caller — public on purpose and tested as such (`DataProviderTests`), not test-only hooks.

    /// Live games of `sports` starting in `[from, to)`.
    public func filterGames(sports: Set<String>?, from: Date, to: Date) throws -> [Game] {
        try games(GameQuery(sports: sports, from: from, to: to))
    }

    /// Like `filterGames`, with teams and stadiums resolved (unresolvable games reported apart).
    public func filterRichGames(sports: Set<String>?, from: Date, to: Date) throws -> RichGameList {
        try richGames(GameQuery(sports: sports, from: from, to: to))
    }

    /// Every live game of `sports` — whole seasons, no date limit at all.
    public func allGames(for sports: Set<String>?) throws -> [Game] {
        try games(GameQuery(sports: sports))
    }

    /// Every live game of `sports`, resolved.
    public func allRichGames(for sports: Set<String>?) throws -> RichGameList {
        try richGames(GameQuery(sports: sports))
    }

    /// Whether a live game has this id (`plan --game` checks what the user typed).
    public func hasLiveGame(id: String) throws -> Bool {
        try database.row("SELECT 1 FROM games WHERE id = ? AND deprecated_at_ms IS NULL", [.text(id)]) { _ in true }
            ?? false
    }

    // MARK: Games (general query)

    /// Live games matching `query`, in start order (then game number).
    public func games(_ query: GameQuery) throws -> [Game] {
        var clauses = ["deprecated_at_ms IS NULL"]
        var values: [SQLValue] = []
        func inList(_ column: String, _ items: [String]) -> String {
            values += items.map(SQLValue.text)
            return "\(column) IN (\(Array(repeating: "?", count: items.count).joined(separator: ", ")))"
        }
        if let sports = query.sports { clauses.append(inList("sport", sports.sorted())) }
        if !query.teamIds.isEmpty {
            switch query.side {
            case .home: clauses.append(inList("home_team_id", query.teamIds))
            case .away: clauses.append(inList("away_team_id", query.teamIds))
            case .any:
                clauses.append("(\(inList("home_team_id", query.teamIds)) OR \(inList("away_team_id", query.teamIds)))")
            }
            if !query.opponentIds.isEmpty {
                clauses.append(
                    "(\(inList("home_team_id", query.opponentIds)) OR \(inList("away_team_id", query.opponentIds)))")
            }
        } else if !query.opponentIds.isEmpty {
            clauses.append(
                "(\(inList("home_team_id", query.opponentIds)) OR \(inList("away_team_id", query.opponentIds)))")
        }
        if !query.stadiumIds.isEmpty { clauses.append(inList("stadium_id", query.stadiumIds)) }
        if !query.ids.isEmpty { clauses.append(inList("id", query.ids)) }
        if let season = query.season {
            // The range (implied by the test after it) lets the team-and-season indexes answer.
            clauses.append("season >= ? AND season < ? || '.' AND (season = ? OR season LIKE ? || '-%')")
            values += [.text(season), .text(season), .text(season), .text(season)]
        }
        // Venue-local days: widen by the largest UTC offsets, then check exactly per venue below.
        if let fromDay = query.fromDay {
            clauses.append("start_ms >= ?")
            values.append(.int(fromDay.start(in: .utc).milliseconds - 15 * 3_600_000))
        }
        if let toDay = query.toDay {
            clauses.append("start_ms < ?")
            values.append(.int(toDay.adding(days: 1).start(in: .utc).milliseconds + 15 * 3_600_000))
        }
        if let from = query.from {
            clauses.append("start_ms >= ?")
            values.append(.int(from.milliseconds))
        }
        if let to = query.to {
            clauses.append("start_ms < ?")
            values.append(.int(to.milliseconds))
        }
        let sql =
            CanonicalTable.select(.game) + " WHERE " + clauses.joined(separator: " AND ")
            + " ORDER BY start_ms, game_number, id"
        var list = try database.rows(sql, values, Game.init(row:))
        if query.fromDay != nil || query.toDay != nil {
            list = try list.filter { game in
                let day = try localDay(of: game)
                return (query.fromDay.map { day >= $0 } ?? true) && (query.toDay.map { day <= $0 } ?? true)
            }
        }
        if let limit = query.limit, list.count > limit { list = Array(list.prefix(limit)) }
        return list
    }

    /// Games matching `query` with their teams and stadium under the names of the game's day;
    /// games that do not resolve are listed in `unresolved` with the reason.
    public func richGames(_ query: GameQuery) throws -> RichGameList {
        let teams = try teamTable()
        let stadiums = try stadiumTable()
        let names = try nameHistory()
        var result = RichGameList()
        for game in try games(query) {
            let day = game.startTime
            let home = teams[game.homeTeamId].map { names.team($0.value, on: day) }
            let away = teams[game.awayTeamId].map { names.team($0.value, on: day) }
            let stadium = game.stadiumId.flatMap { stadiums[$0] }.map { names.stadium($0.value, on: day) }
            if let home, let away, let stadium {
                result.games.append(RichGame(game: game, homeTeam: home, awayTeam: away, stadium: stadium))
                continue
            }
            var reasons: [UnresolvedGame.Reason] = []
            if home == nil { reasons.append(.unknownTeam(game.homeTeamId)) }
            if away == nil { reasons.append(.unknownTeam(game.awayTeamId)) }
            if let id = game.stadiumId {
                if stadium == nil { reasons.append(.unknownStadium(id)) }
            } else {
                reasons.append(.venueToBeConfirmed)
            }
            result.unresolved.append(
                UnresolvedGame(
                    game: game, homeTeam: home, awayTeam: away, timeZone: try timeZoneName(for: game), reasons: reasons)
            )
        }
        return result
    }

    /// The zone a game's local times are shown in: its venue's, else its home team's home venue's
    /// (not for a neutral site, which may be an ocean away), else UTC.
    public func timeZoneName(for game: Game) throws -> String {
        let stadiums = try stadiumTable()
        if let id = game.stadiumId, let stadium = stadiums[id]?.value { return stadium.timeZone }
        if !game.isNeutralSite, let homeVenue = try teamTable()[game.homeTeamId]?.value.stadiumId,
            let stadium = stadiums[homeVenue]?.value
        {
            return stadium.timeZone
        }
        return "UTC"
    }

    /// The day a game is filed under: its start's date in `timeZoneName(for:)`, by the same tz
    /// rules the renderers show it with (`ZoneDatabase`); UTC for a zone the database lacks.
    public func localDay(of game: Game) throws -> CalendarDay {
        CalendarDay(game.startTime, in: zones.zone(try timeZoneName(for: game)) ?? .utc)
    }
}
