import CloudKitWeb
import Foundation
import Testing
import TripsModel
import TripsRecords
import TripsZones

/// Data-quality checks on the shipped `Data/` (DESIGN §4, issue 3 item 7).
@Suite("Shipped data quality")
struct DataQualityTests {
    let bundle: ShippedBundle

    init() throws {
        bundle = try ShippedBundle.shared.get()
    }

    /// (sport, season, games, games per team, home games per team or nil when they vary).
    static let seasons: [(String, String, Int, Int, Int?)] = [
        ("mlb", "2026", 2430, 162, 81), ("mlb", "2025", 2430, 162, 81), ("nba", "2025-26", 1230, 82, nil),
        ("nba", "2026-27", 1200, 80, 40), ("nhl", "2025-26", 1312, 82, 41), ("nhl", "2026-27", 1344, 84, 42),
        ("nfl", "2026", 272, 17, nil),
        ("wnba", "2026", 330, 44, 22), ("mls", "2026", 510, 34, 17),
    ]

    @Test("every league-season has its official number of games and every club its share", arguments: seasons)
    func leagueSeasonTotals(sport: String, season: String, games: Int, perTeam: Int, home: Int?) {
        let list = bundle.games(sport: sport, season: season)
        #expect(list.count == games, "\(sport) \(season)")
        var played: [String: Int] = [:]
        var hosted: [String: Int] = [:]
        for g in list {
            played[g.homeTeamId, default: 0] += 1
            played[g.awayTeamId, default: 0] += 1
            hosted[g.homeTeamId, default: 0] += 1
        }
        #expect(Set(played.values) == [perTeam], "\(sport) \(season): games per team")
        if let home { #expect(Set(hosted.values) == [home], "\(sport) \(season): home games per team") }
        let teamsOfSport = bundle.teams.values.filter { $0.sport == sport }.count
        #expect(played.count == teamsOfSport, "\(sport) \(season): every club plays")
    }

    @Test("the Astros play 162 games in 2026, 81 at home at Daikin Park")
    func astros2026() {
        let games = bundle.games(sport: "mlb", season: "2026")
        let astros = games.filter { $0.homeTeamId == "team_mlb_hou" || $0.awayTeamId == "team_mlb_hou" }
        let home = astros.filter { $0.homeTeamId == "team_mlb_hou" }
        #expect(astros.count == 162)
        #expect(home.count == 81)
        #expect(home.allSatisfy { $0.stadiumId == "stadium_daikin_park" })
    }

    @Test("the game stored as 2026-03-28T00:15Z is a Houston home game on Friday 27 March, 19:15 CDT")
    func astrosOpeningWeekGame() throws {
        let start = Date(timeIntervalSince1970: 1_774_656_900)  // 2026-03-28T00:15:00Z
        let game = try #require(
            bundle.games(sport: "mlb", season: "2026").first {
                $0.startTime == start && $0.homeTeamId == "team_mlb_hou"
            })
        let stadium = try #require(bundle.stadiums[game.stadiumId ?? ""])
        let parts = LocalTimeFormatter().parts(of: game.startTime, zone: stadium.timeZone)
        #expect(parts.date == "2026-03-27")
        #expect(parts.time == "19:15")
        #expect(parts.zoneAbbreviation == "CDT")
    }

    @Test("every game's teams and venue resolve; only MLS 'TBC' games and NHL neutral sites not named have none")
    func referencesResolve() {
        let teams = bundle.teams
        let stadiums = bundle.stadiums
        var withoutVenue: [Game] = []
        for g in bundle.allGames {
            #expect(teams[g.homeTeamId]?.sport == g.sport, "\(g.id) home team")
            #expect(teams[g.awayTeamId]?.sport == g.sport, "\(g.id) away team")
            if let s = g.stadiumId {
                #expect(stadiums[s] != nil, "\(g.id) stadium \(s)")
            } else {
                withoutVenue.append(g)
            }
        }
        #expect(withoutVenue.count == 2 + 6)
        #expect(withoutVenue.filter { $0.sport == "mls" }.allSatisfy { $0.homeTeamId == "team_mls_nyc" })
        #expect(withoutVenue.filter { $0.sport != "mls" }.allSatisfy { $0.sport == "nhl" && $0.isNeutralSite })
    }

    /// The NHL 2025-26 results (fastRhockey) over the pre-season snapshot (hockeyhelp): every game
    /// final with a score and no tie, each at the start it was played at, under the record id the
    /// snapshot gave it (LAK@CBJ was postponed from Jan 26 to Mar 9 and keeps its Jan 27 id).
    @Test("NHL 2025-26 is the season as played: results, played starts, record ids kept")
    func nhlSeasonAsPlayed() throws {
        let games = bundle.games(sport: "nhl", season: "2025-26")
        #expect(games.allSatisfy { $0.status == .final }, "every game final")
        #expect(games.allSatisfy { g in g.homeScore.map { h in g.awayScore.map { h != $0 } ?? false } ?? false })
        #expect(games.allSatisfy { bundle.sourceIds[$0.id]?.hasPrefix("202502") == true }, "the league's own ids")
        let moved = try #require(games.first { $0.id == "game_nhl_2025_0127_lak_cbj" })
        #expect(moved.startTime == Date(timeIntervalSince1970: 1_773_086_400))  // 2026-03-09T20:00Z
        #expect(bundle.sourceIds[moved.id] == "2025020828")
    }

    /// NHL 2026-27 names no venues: a game is at its home club's arena, except the seven
    /// neutral-site games, which are at the venue a real response names or at none.
    @Test("NHL 2026-27: home games at the home club's arena, neutral sites never there")
    func nhlVenuesOfANewSeason() throws {
        let games = bundle.games(sport: "nhl", season: "2026-27")
        let neutral = games.filter(\.isNeutralSite)
        #expect(neutral.count == 7)
        for g in games where !g.isNeutralSite {
            #expect(g.stadiumId != nil && g.stadiumId == bundle.teams[g.homeTeamId]?.stadiumId, "\(g.id)")
        }
        for g in neutral {
            #expect(g.stadiumId != bundle.teams[g.homeTeamId]?.stadiumId, "\(g.id)")
        }
        let classic = try #require(neutral.first { bundle.sourceIds[$0.id] == "2026020647" })
        let venue = try #require(bundle.stadiums[classic.stadiumId ?? ""])
        #expect(venue.name == "Rice-Eccles Stadium" && venue.timeZone == "America/Denver")
        let parts = LocalTimeFormatter().parts(of: classic.startTime, zone: venue.timeZone)
        #expect(parts.date == "2026-12-31" && parts.time == "16:00")
        #expect(neutral.filter { $0.stadiumId == nil }.count == 6)
    }

    @Test("no two games share teams, venue and start")
    func noDuplicateGames() {
        var seen = Set<String>()
        for g in bundle.allGames {
            let key = "\(g.homeTeamId)|\(g.awayTeamId)|\(g.stadiumId ?? "-")|\(g.startTime.timeIntervalSince1970)"
            #expect(seen.insert(key).inserted, "duplicate: \(g.id)")
        }
    }

    @Test("every stadium has coordinates in range, a valid IANA zone and the sports played there")
    func stadiumsAreComplete() {
        let sportsAt = Dictionary(grouping: bundle.allGames.filter { $0.stadiumId != nil }, by: { $0.stadiumId! })
            .mapValues { Set($0.map(\.sport)) }
        for s in bundle.stadiums.values {
            #expect(s.location.isValid && !(s.location.latitude == 0 && s.location.longitude == 0), "\(s.id) location")
            #expect(ZoneDatabase.system.zone(s.timeZone) != nil, "\(s.id) zone \(s.timeZone)")
            #expect(Set(s.sports) == sportsAt[s.id] ?? [], "\(s.id) sports")
            #expect(!s.city.isEmpty && !s.country.isEmpty, "\(s.id) city/country")
        }
    }

    @Test("North-American venues are in the zone their coordinates lie in")
    func zonesMatchKnownVenues() {
        let expected = [
            "stadium_chase_field": "America/Phoenix", "stadium_lucas_oil_stadium": "America/Indiana/Indianapolis",
            "stadium_ford_field": "America/Detroit", "stadium_bc_place": "America/Vancouver",
            "stadium_estadio_banorte": "America/Mexico_City", "stadium_avicii_arena": "Europe/Stockholm",
            "stadium_wembley_stadium": "Europe/London",
        ]
        for (id, zone) in expected { #expect(bundle.stadiums[id]?.timeZone == zone, "\(id)") }
    }

    @Test("neutral and international sites are flagged, home parks are not")
    func neutralSites() {
        let nfl = bundle.games(sport: "nfl", season: "2026")
        #expect(nfl.filter(\.isNeutralSite).count == 9)
        #expect(nfl.filter { $0.stadiumId == "stadium_wembley_stadium" }.allSatisfy { $0.isNeutralSite })
        let mlb = bundle.games(sport: "mlb", season: "2026")
        #expect(mlb.filter { $0.stadiumId == "stadium_las_vegas_ballpark" }.count == 6)
        #expect(mlb.filter { $0.stadiumId == "stadium_las_vegas_ballpark" }.allSatisfy { $0.isNeutralSite })
        #expect(mlb.filter { $0.stadiumId == "stadium_daikin_park" }.allSatisfy { !$0.isNeutralSite })
    }

    @Test("doubleheaders are game 1 and 2 of the same clubs on the same local day")
    func doubleheaders() {
        let mlb = bundle.games(sport: "mlb", season: "2026")
        let seconds = mlb.filter { $0.gameNumber == 2 }
        #expect(!seconds.isEmpty)
        for second in seconds {
            let zone = ZoneDatabase.system.zone(bundle.stadiums[second.stadiumId ?? ""]?.timeZone ?? "UTC")!
            let day = CalendarDay(second.startTime, in: zone)
            let firsts = mlb.filter {
                $0.gameNumber == 1 && $0.homeTeamId == second.homeTeamId && $0.awayTeamId == second.awayTeamId
                    && CalendarDay($0.startTime, in: zone) == day && $0.startTime <= second.startTime
            }
            #expect(firsts.count == 1, "\(second.id)")
        }
    }

    @Test(
        "every MLB game's venue-local date is the source's officialDate",
        .enabled(if: FileManager.default.fileExists(atPath: ShippedBundle.rawDirectory.path)))
    func mlbLocalDates() throws {
        struct Raw: Decodable {
            struct Game: Decodable {
                var gamePk: Int
                var officialDate: String
                var status: String
                var resumedFrom: String?
            }
            var games: [Game]
        }
        for season in ["2025", "2026"] {
            let url = ShippedBundle.rawDirectory.appendingPathComponent("kurimareiji-mlb2026/mlb-games-\(season).json")
            let raw = try JSONDecoder().decode(Raw.self, from: Data(contentsOf: url))
            var official: [String: String] = [:]
            for g in raw.games where g.status != "Postponed" && g.resumedFrom == nil {
                official[String(g.gamePk)] = g.officialDate
            }
            var checked = 0
            for game in bundle.games(sport: "mlb", season: season) {
                let stadium = try #require(bundle.stadiums[game.stadiumId ?? ""])
                let local = CalendarDay(game.startTime, in: ZoneDatabase.system.zone(stadium.timeZone)!)
                let sourceId = try #require(bundle.sourceIds[game.id])
                #expect(official[sourceId] == local.description, "\(game.id)")
                checked += 1
            }
            #expect(checked == 2430)
        }
    }

    @Test("every alias points at an existing club or stadium")
    func aliasesResolve() {
        let teams = bundle.teams
        let stadiums = bundle.stadiums
        #expect(!bundle.teamAliases.isEmpty && !bundle.stadiumAliases.isEmpty)
        for a in bundle.teamAliases { #expect(teams[a.teamId] != nil, "\(a.id)") }
        for a in bundle.stadiumAliases { #expect(stadiums[a.stadiumId] != nil, "\(a.id)") }
        for a in bundle.teamAliases + [] where a.validFrom != nil && a.validUntil != nil {
            #expect(a.validFrom! < a.validUntil!, "\(a.id) range")
        }
    }

    @Test("OAK on a 2024 date is today's Athletics, and means nothing in 2026")
    func oakIsTheAthletics() {
        let oak = bundle.teamAliases.filter {
            $0.kind == .abbreviation && $0.value == "OAK" && $0.teamId.hasPrefix("team_mlb")
        }
        let in2024 = Date(timeIntervalSince1970: 1_719_792_000)  // 2024-07-01
        let in2026 = Date(timeIntervalSince1970: 1_782_864_000)  // 2026-07-01
        #expect(oak.filter { $0.isValid(on: in2024) }.map(\.teamId) == ["team_mlb_ath"])
        #expect(oak.filter { $0.isValid(on: in2026) }.isEmpty)
    }

    @Test("former names reach today's buildings and clubs")
    func formerNames() {
        func stadium(_ name: String) -> [String] { bundle.stadiumAliases.filter { $0.value == name }.map(\.stadiumId) }
        func team(_ name: String) -> [String] { bundle.teamAliases.filter { $0.value == name }.map(\.teamId) }
        #expect(stadium("Minute Maid Park") == ["stadium_daikin_park"])
        #expect(stadium("Guaranteed Rate Field") == ["stadium_rate_field"])
        #expect(stadium("Reliant Stadium") == ["stadium_nrg_stadium"])
        #expect(team("Cleveland Indians") == ["team_mlb_cle"])
        #expect(team("Arizona Coyotes") == ["team_nhl_uta"])
        #expect(team("Washington Football Team") == ["team_nfl_was"])
        #expect(team("Sonics") == ["team_nba_okc"])
        #expect(team("SuperSonics") == ["team_nba_okc"])
        #expect(team("GS").contains("team_nba_gsw"))
    }

    @Test("aliases never repeat a club's current name, nickname, city or code")
    func aliasesAreOtherNames() {
        let teams = bundle.teams
        for a in bundle.teamAliases {
            guard let t = teams[a.teamId] else { continue }
            #expect(![t.name, t.nickname, t.city, t.abbreviation].contains(a.value), "\(a.id)")
        }
    }

    @Test("the manifest lists every file with its record count and each type's watermark")
    func manifestMatchesFiles() {
        var byType: [String: (count: Int, watermark: Int64)] = [:]
        for file in bundle.manifest.files {
            let records = bundle.files[file.path] ?? []
            #expect(records.count == file.records, "\(file.path)")
            #expect(records.allSatisfy { $0.recordType.rawValue == file.recordType }, "\(file.path) type")
            for r in records {
                let old = byType[file.recordType] ?? (0, 0)
                byType[file.recordType] = (old.count + 1, max(old.watermark, r.meta.modifiedMs))
            }
        }
        #expect(Set(bundle.manifest.recordTypes.keys) == Set(RecordType.allCases.map(\.rawValue)))
        for (type, summary) in bundle.manifest.recordTypes {
            #expect(byType[type]?.count == summary.records, "\(type) count")
            #expect(byType[type]?.watermark == summary.watermark, "\(type) watermark")
        }
    }

    @Test("the six sports are there with the planner's game lengths")
    func sports() {
        let sports = bundle.all.compactMap { if case .sport(let s) = $0.entity { return s } else { return nil } }
        let minutes = Dictionary(uniqueKeysWithValues: sports.map { ($0.sportId, $0.gameDurationMinutes) })
        #expect(minutes == ["mlb": 180, "nba": 150, "nhl": 150, "nfl": 195, "wnba": 120, "mls": 120])
    }

    @Test("Data/ stays under 15 MB")
    func bundleSize() throws {
        let enumerator = try #require(
            FileManager.default.enumerator(at: ShippedBundle.dataDirectory, includingPropertiesForKeys: [.fileSizeKey]))
        var bytes = 0
        for case let url as URL in enumerator {
            bytes += (try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0
        }
        #expect(bytes > 1_000_000 && bytes < 15_000_000)
    }
}
