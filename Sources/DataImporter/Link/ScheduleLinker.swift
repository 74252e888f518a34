import Foundation
import LeagueFeeds
import ScheduleLinking
import TripsModel
import TripsZones

/// The linked form of all schedules: stadiums, teams and games as records, ids assigned.
struct LinkedSchedules: Sendable {
    var stadiums: [Stadium] = []
    /// Every name each stadium is known by (current name first), for its aliases.
    var stadiumNames: [String: [String]] = [:]
    /// Stadiums whose coordinate is a stand-in, with what it stands on (for the manifest).
    var approximateLocations: [String: String] = [:]
    var teams: [String: [Team]] = [:]
    /// Games per league-season, in the order of the seasons given; each carries its source's id.
    var games: [(season: BundleSeason, games: [Game])] = []
    /// Games whose venue-local date differs from the date the source states (should be none).
    var localDateMismatches: [String] = []
}

/// Builds the bundle's stadium and team records from the raw sources, then takes every game
/// down the one road into the store (`ScheduleNormalisation`, as the publisher and direct sync
/// do) against them and the existing bundle's games.
///
/// Ids are kept from the existing bundle when the same source id (games) or building name
/// (stadiums) was seen before, so a re-import never renames a record; a new game's id follows
/// the league's id (`game_mlb_778899`), as the publisher's do.
struct ScheduleLinker: Sendable {
    let catalog: VenueCatalog
    let placer: StadiumPlacer
    let existing: ExistingBundle

    /// A doubleheader's later game listed less than this after the first has no real start
    /// time yet (MLB lists "follows game 1" a few minutes after game 1).
    static let doubleheaderGap: TimeInterval = 3 * 3_600

    /// A venue holding at least this share of a club's home games is one of its home venues;
    /// a game elsewhere (the Athletics in Las Vegas, the Tokyo Series) is neutral unless it is
    /// in the club's own area (see `homeAreaMiles`) or the source says otherwise.
    static let homeShare = 0.25

    /// A venue this close to one of a club's home venues is the club's own alternate (the Fire
    /// back at their old stadium, the Rapids in the Broncos' stadium): a home game, not neutral.
    static let homeAreaMiles = 50.0

    func link(_ seasons: [BundleSeason]) throws(ImportError) -> LinkedSchedules {
        var out = LinkedSchedules()

        // 1. Venues: every schedule name to a building.
        var buildingOf: [[Int?]] = []
        var latestUse: [Int: (name: String, start: Date)] = [:]
        var sportsAt: [Int: Set<String>] = [:]
        var missing = Set<String>()
        for season in seasons {
            var row: [Int?] = []
            for entry in season.entries {
                guard let name = entry.venueName else {
                    row.append(nil)
                    continue
                }
                guard let b = catalog.building(named: name), catalog.buildings[b].facts.coordinate != nil else {
                    missing.insert("\(season.sport): \(name)")
                    row.append(nil)
                    continue
                }
                row.append(b)
                sportsAt[b, default: []].insert(season.sport)
                let isFormer = catalog.buildings[b].formerNames.contains(NameKey.match(name))
                if !isFormer, latestUse[b].map({ entry.start >= $0.start }) ?? true {
                    latestUse[b] = (name, entry.start)
                }
            }
            buildingOf.append(row)
        }
        if !missing.isEmpty { throw .unknownVenues(names: missing.sorted()) }

        // 2. Each club's home buildings per season: the main one (most home games) and any
        //    other that holds a real share of them (NYCFC at Yankee Stadium and Citi Field).
        var homeBuilding: [[String: Int]] = []
        var homeBuildings: [[String: Set<Int>]] = []
        for (s, season) in seasons.enumerated() {
            var counts: [String: [Int: Int]] = [:]
            for (e, entry) in season.entries.enumerated() {
                if let b = buildingOf[s][e] { counts[entry.homeCode, default: [:]][b, default: 0] += 1 }
            }
            homeBuilding.append(
                counts.mapValues { perBuilding in
                    perBuilding.max { ($0.value, -$0.key) < ($1.value, -$1.key) }!.key
                })
            homeBuildings.append(
                counts.mapValues { perBuilding in
                    let total = perBuilding.values.reduce(0, +)
                    return Set(perBuilding.filter { Double($0.value) >= ScheduleLinker.homeShare * Double(total) }.keys)
                })
        }

        // 3. Stadiums.
        var latestTeams: [String: (season: Int, entry: TeamEntry)] = [:]
        for (s, season) in seasons.enumerated() {
            for team in season.teams {
                let key = "\(season.sport)|\(team.code)"
                if latestTeams[key].map({ seasons[$0.season].startYear <= season.startYear }) ?? true {
                    latestTeams[key] = (s, team)
                }
            }
        }
        var fallbackCity: [Int: String] = [:]
        for (key, latest) in latestTeams.sorted(by: { $0.key < $1.key }) {
            let code = String(key.split(separator: "|")[1])
            if let b = homeBuilding[latest.season][code], let city = latest.entry.venueCity, fallbackCity[b] == nil {
                fallbackCity[b] = city
            }
        }
        var stadiumId: [Int: String] = [:]
        var stadiumById: [String: Stadium] = [:]
        let formerHomes = catalog.buildings.indices.filter { catalog.buildings[$0].facts.isFormerHome }
        for b in Set(sportsAt.keys).union(formerHomes).sorted() {
            let building = catalog.buildings[b]
            var name =
                latestUse[b]?.name ?? building.names.first { !building.formerNames.contains(NameKey.match($0)) }
                ?? building.names[0]
            // The most trusted source's spelling of the same name ("Crypto.com", not "crypto.com").
            if NameKey.match(building.names[0]) == NameKey.match(name) { name = building.names[0] }
            let allNames = [name] + building.names.filter { NameKey.match($0) != NameKey.match(name) }
            let id = existing.stadiumId(named: allNames) ?? "stadium_" + NameKey.slug(name)
            guard stadiumById[id] == nil else { throw .duplicateRecord(recordName: id) }
            let stadium = try placer.stadium(
                id: id, name: name, facts: building.facts, fallbackCity: fallbackCity[b],
                sports: (sportsAt[b] ?? []).sorted())
            stadiumId[b] = id
            stadiumById[id] = stadium
            out.stadiumNames[id] = allNames
            if building.facts.coordinateIsApproximate { out.approximateLocations[id] = building.facts.source }
        }
        out.stadiums = stadiumById.values.sorted { $0.id < $1.id }

        // 4. Teams, as their latest season describes them.
        for (key, latest) in latestTeams.sorted(by: { $0.key < $1.key }) {
            let sport = String(key.split(separator: "|")[0])
            let t = latest.entry
            let team = Team(
                id: ScheduleLinker.teamId(sport: sport, code: t.code), sport: sport, abbreviation: t.code,
                city: t.city, nickname: t.nickname, name: t.name,
                stadiumId: homeBuilding[latest.season][t.code].flatMap { stadiumId[$0] }, leagueId: t.leagueId,
                conferenceId: t.conferenceId, divisionId: t.divisionId)
            out.teams[sport, default: []].append(team)
        }

        // 5. Games, against those records and the games the bundle holds.
        var names: [StadiumAlias] = []
        for (id, all) in out.stadiumNames.sorted(by: { $0.key < $1.key }) {
            names += all.map { StadiumAlias(id: "\(id)|\($0)", stadiumId: id, value: $0) }
        }
        for (s, season) in seasons.enumerated() {
            let known = KnownRecords(
                teams: out.teams[season.sport] ?? [], teamAliases: [], stadiums: out.stadiums, stadiumAliases: names,
                games: existing.games)
            let games = try linkGames(
                season, buildings: buildingOf[s], homeBuildings: homeBuildings[s], stadiumId: stadiumId,
                stadiums: stadiumById, known: known, mismatches: &out.localDateMismatches)
            out.games.append((season, games))
        }
        return out
    }

    static func teamId(sport: String, code: String) -> String {
        "team_\(sport)_\(NameKey.slug(code))"
    }

    private func linkGames(
        _ season: BundleSeason, buildings: [Int?], homeBuildings: [String: Set<Int>], stadiumId: [Int: String],
        stadiums: [String: Stadium], known: KnownRecords, mismatches: inout [String]
    ) throws(ImportError) -> [Game] {
        let order = season.entries.indices.sorted {
            (season.entries[$0].start, season.entries[$0].sourceId) < (
                season.entries[$1].start, season.entries[$1].sourceId
            )
        }
        let knownTeams = Set(season.teams.map(\.code))
        var zones: [Int: ZoneInfo] = [:]
        for e in order {
            zones[e] = buildings[e].flatMap { stadiumId[$0] }.flatMap { stadiums[$0] }.flatMap {
                ZoneDatabase.system.zone($0.timeZone)
            }
        }

        // Placeholder times: shown as "TBD" on the source's date, stored at noon there.
        let placeholders = ScheduleLinker.placeholders(season.entries, order: order, zones: zones)
        var start: [Int: Date] = [:]
        for e in order {
            let entry = season.entries[e]
            guard placeholders.contains(e) else {
                start[e] = entry.start
                continue
            }
            let zone = zones[e] ?? ScheduleLinker.sourceDateZone
            let day = entry.localDate ?? CalendarDay(entry.start, in: ScheduleLinker.sourceDateZone)
            start[e] = day.start(in: zone).addingTimeInterval(12 * 3_600)
        }

        // Game numbers: games of the same two clubs on the same venue-local day.
        var groups: [String: [Int]] = [:]
        for e in order {
            let entry = season.entries[e]
            for code in [entry.homeCode, entry.awayCode] where !knownTeams.contains(code) {
                throw .unknownTeam(sport: season.sport, name: code, source: season.sources.first?.path ?? season.sport)
            }
            let day = CalendarDay(start[e]!, in: zones[e] ?? .utc)
            if let stated = entry.localDate, zones[e] != nil, stated != day {
                mismatches.append("\(season.sport) \(entry.sourceId): local \(day), source \(stated)")
            }
            groups["\(entry.awayCode)|\(entry.homeCode)|\(day)", default: []].append(e)
        }
        var gameNumber: [Int: Int] = [:]
        var followsClosely = Set<Int>()
        for members in groups.values {
            for (n, e) in members.enumerated() {
                gameNumber[e] = n + 1
                if n > 0, start[e]!.timeIntervalSince(start[members[n - 1]]!) < ScheduleLinker.doubleheaderGap {
                    followsClosely.insert(e)
                }
            }
        }

        func isHome(_ building: Int, of club: String) -> Bool {
            let homes = homeBuildings[club] ?? []
            if homes.contains(building) { return true }
            guard let here = stadiumId[building].flatMap({ stadiums[$0] })?.location else { return false }
            return homes.contains { home in
                stadiumId[home].flatMap { stadiums[$0] }.map {
                    $0.location.miles(to: here) <= ScheduleLinker.homeAreaMiles
                }
                    ?? false
            }
        }

        // The games as the source states them once its quirks are read (placeholder times, a
        // doubleheader's following game, neutral sites it does not flag), then the one road.
        let stated = order.map { e in
            var game = season.entries[e]
            game.start = start[e]!
            game.timeTBD = game.timeTBD || followsClosely.contains(e) || placeholders.contains(e)
            game.gameNumber = gameNumber[e] ?? 1
            if !season.statesNeutralSites {
                game.isNeutralSite = buildings[e].map { !isHome($0, of: game.homeCode) } ?? false
            }
            return game
        }
        let normalised: ScheduleNormalisation
        do {
            normalised = try ScheduleNormalisation(
                games: stated, known: known, unstatedVenue: .undecided, neutralSites: .asStated)
        } catch {
            switch error {
            case .noTeams(let league):
                throw .unknownTeam(sport: league, name: "any", source: season.sources.first?.path ?? league)
            }
        }
        if let team = normalised.unresolvedTeams.sorted().first {
            throw .unknownTeam(sport: season.sport, name: team, source: season.sources.first?.path ?? season.sport)
        }
        guard normalised.games.count == stated.count else {
            throw .countMismatch(
                what: "\(season.sport) \(season.season) games linked", expected: stated.count,
                found: normalised.games.count)
        }
        return normalised.games.map(\.game)
    }
}
