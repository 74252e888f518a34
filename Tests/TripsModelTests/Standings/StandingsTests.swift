import FoundationEssentials
import Testing
import TripsModel

/// The standings' rules, league by league, on small seasons whose right answer is counted by
/// hand from the games listed in each test.
@Suite struct StandingsTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    /// A final game `days` days before `now`: home score first.
    static func game(
        _ sport: String, _ home: String, _ homeScore: Int?, _ away: String, _ awayScore: Int?, days: Int = 10,
        decidedIn: Game.DecidedIn? = nil, status: Game.Status = .final, seasonType: Game.SeasonType = .regular
    ) -> Game {
        var game = Game(
            id: "g\(home)\(away)\(days)", sport: sport, season: "2025-26",
            startTime: now.addingTimeInterval(Double(-days) * 86_400), homeTeamId: home, awayTeamId: away,
            stadiumId: nil, status: status, seasonType: seasonType, homeScore: homeScore, awayScore: awayScore)
        game.decidedIn = decidedIn
        return game
    }

    static func team(_ id: String, division: String?, conference: String?, league: String) -> Team {
        Team(
            id: id, sport: "x", abbreviation: id.uppercased(), city: id, nickname: id, name: "Team \(id)",
            stadiumId: nil, leagueId: league, conferenceId: conference, divisionId: division)
    }

    static func standings(_ sport: String, _ games: [Game], teams: [Team] = [], within: String? = nil)
        -> Standings
    {
        Standings(
            sport: sport, season: "2025-26", rules: StandingsRules.of(sport: sport)!, games: games, teams: teams,
            structure: [], now: now, within: within, byDivision: StandingsRules.groupsByDivision(sport: sport))
    }

    static func record(_ standings: Standings, _ id: String) throws -> TeamRecord {
        try #require(standings.records.first { $0.teamId == id })
    }

    @Test func anNHLOvertimeLossEarnsAPointAndARegulationLossNone() throws {
        let table = Self.standings(
            "nhl",
            [
                Self.game("nhl", "a", 3, "b", 2, days: 3, decidedIn: .overtime),
                Self.game("nhl", "a", 1, "b", 2, days: 2, decidedIn: .shootout),
                Self.game("nhl", "b", 4, "a", 1, days: 1, decidedIn: .regulation),
            ])
        let a = try Self.record(table, "a")
        #expect((a.gamesPlayed, a.wins, a.losses, a.otLosses) == (3, 1, 1, 1))
        #expect(a.points(.hockey) == 3)
        let b = try Self.record(table, "b")
        #expect((b.wins, b.losses, b.otLosses, b.points(.hockey)) == (2, 0, 1, 5))
        #expect(table.records.map(\.teamId) == ["b", "a"], "more points first")
        #expect(table.lastCounted?.id == "gba1")
    }

    @Test func anNHLOneGoalLossWithoutAFlagLeavesOTLAndPointsUnknown() throws {
        let table = Self.standings(
            "nhl",
            [
                Self.game("nhl", "a", 5, "b", 2, days: 3),  // by three: regulation, flag or not
                Self.game("nhl", "a", 2, "b", 3, days: 2),  // by one, no flag: L or OTL
            ])
        let a = try Self.record(table, "a")
        #expect((a.wins, a.losses, a.undecidedLosses) == (1, 0, 1))
        #expect(a.otLosses == nil && a.points(.hockey) == nil && a.percentage(.hockey) == nil)
        #expect(a.minimumPoints(.hockey) == 2)
        let b = try Self.record(table, "b")
        #expect((b.wins, b.losses, b.undecidedLosses, b.otLosses, b.points(.hockey)) == (1, 1, 0, 0, 2))
    }

    @Test func nflTiesCountHalfAWin() throws {
        let table = Self.standings(
            "nfl",
            [
                Self.game("nfl", "a", 20, "b", 20, days: 3), Self.game("nfl", "a", 24, "b", 10, days: 2),
                Self.game("nfl", "b", 21, "a", 17, days: 1),
            ])
        let a = try Self.record(table, "a")
        #expect((a.wins, a.losses, a.ties) == (1, 1, 1))
        #expect(a.percentage(.football) == 0.5)
        #expect(a.points(.football) == nil)
    }

    @Test func gamesBehindTheGroupsLeaderAreHalfTheWinAndLossGaps() throws {
        let teams = ["a", "b", "c"].map { Self.team($0, division: nil, conference: "east", league: "l") }
        let games = [
            Self.game("nba", "a", 100, "b", 90, days: 5), Self.game("nba", "a", 100, "c", 90, days: 4),
            Self.game("nba", "a", 100, "b", 90, days: 3), Self.game("nba", "b", 100, "c", 90, days: 2),
        ]
        let table = Self.standings("nba", games, teams: teams)
        let group = try #require(table.groups.first)
        #expect(group.records.map(\.teamId) == ["a", "b", "c"])
        let (a, b, c) = (group.records[0], group.records[1], group.records[2])
        #expect(b.gamesBehind(a) == 2)  // 3-0 against 1-2: (2 + 2) / 2
        #expect(c.gamesBehind(a) == 2.5)  // 0-2: (3 + 2) / 2
        #expect(a.percentage(.winLoss) == 1)
    }

    @Test func mlsGivesThreeForAWinAndOneForADraw() throws {
        let table = Self.standings(
            "mls",
            [Self.game("mls", "a", 1, "b", 1, days: 3), Self.game("mls", "a", 0, "b", 2, days: 2)])
        let b = try Self.record(table, "b")
        #expect((b.wins, b.losses, b.ties, b.points(.soccer)) == (1, 0, 1, 4))
        #expect(try Self.record(table, "a").points(.soccer) == 1)
    }

    @Test func onlyRegularSeasonResultsCountAndMissingOnesAreSaid() throws {
        let table = Self.standings(
            "nba",
            [
                Self.game("nba", "a", 100, "b", 90, days: 9),
                Self.game("nba", "a", 100, "b", 90, days: 8, seasonType: .postseason),
                Self.game("nba", "b", nil, "a", nil, days: 7, status: .scheduled),  // should be over
                Self.game("nba", "b", nil, "a", nil, days: -3, status: .scheduled),  // to play
                Self.game("nba", "b", nil, "a", nil, days: 6, status: .cancelled),
                Self.game("nba", "b", 99, "a", 99, days: 5),  // a level score where there are no ties
            ])
        let a = try Self.record(table, "a")
        #expect((a.gamesPlayed, a.wins) == (1, 1))
        let c = table.coverage
        #expect((c.counted, c.scheduled, c.missingResults, c.toPlay, c.unreadable) == (1, 4, 1, 1, 1))
        #expect(c.fullSeason == SeasonFormat.of("nba", season: "2025-26")?.games && c.isPartial)
    }

    @Test func aDivisionFilterKeepsItsTeamsAndTheLeaguesOrderOfGroups() throws {
        let structure = [
            LeagueStructure(
                id: "l", sport: "nhl", kind: .league, name: "L", abbreviation: "L", parentId: nil, displayOrder: 1),
            LeagueStructure(
                id: "w", sport: "nhl", kind: .conference, name: "West", abbreviation: "W", parentId: "l",
                displayOrder: 2),
            LeagueStructure(
                id: "e", sport: "nhl", kind: .conference, name: "East", abbreviation: "E", parentId: "l",
                displayOrder: 1),
            LeagueStructure(
                id: "e1", sport: "nhl", kind: .division, name: "Atlantic", abbreviation: "A", parentId: "e",
                displayOrder: 1),
            LeagueStructure(
                id: "w1", sport: "nhl", kind: .division, name: "Pacific", abbreviation: "P", parentId: "w",
                displayOrder: 1),
        ]
        let teams = [
            Self.team("a", division: "w1", conference: "w", league: "l"),
            Self.team("b", division: "e1", conference: "e", league: "l"),
        ]
        let games = [Self.game("nhl", "a", 3, "b", 1)]
        let all = Standings(
            sport: "nhl", season: "2025-26", rules: .hockey, games: games, teams: teams, structure: structure,
            now: Self.now, byDivision: true)
        #expect(all.groups.map(\.name) == ["Atlantic", "Pacific"], "East before West, as the league lists them")
        #expect(all.groups.first?.parentName == "East")
        let west = Standings(
            sport: "nhl", season: "2025-26", rules: .hockey, games: games, teams: teams, structure: structure,
            now: Self.now, within: "w", byDivision: true)
        #expect(west.records.map(\.teamId) == ["a"])
        #expect(west.coverage.counted == 1, "coverage stays the league's")
    }
}
