import FoundationEssentials
import LeagueFeeds
import ScheduleLinking
import Testing
import TripsModel

/// The one road into the store, on small hand-made inputs: what the importer, the publisher and
/// direct sync each rely on.
@Suite struct ScheduleNormalisationTests {
    static let park = Stadium(
        id: "stadium_great_american_ball_park", name: "Great American Ball Park", city: "Cincinnati", state: "OH",
        country: "US", location: Coordinate(latitude: 39.0975, longitude: -84.5066), timeZone: "America/New_York",
        sports: ["mlb"])
    static let teams = [
        Team(
            id: "team_mlb_cin", sport: "mlb", abbreviation: "CIN", city: "Cincinnati", nickname: "Reds",
            name: "Cincinnati Reds", stadiumId: park.id),
        Team(
            id: "team_mlb_chc", sport: "mlb", abbreviation: "CHC", city: "Chicago", nickname: "Cubs",
            name: "Chicago Cubs", stadiumId: nil),
        Team(
            id: "team_mlb_cws", sport: "mlb", abbreviation: "CWS", city: "Chicago", nickname: "White Sox",
            name: "Chicago White Sox", stadiumId: nil),
    ]

    static func known(games: [Game] = []) -> KnownRecords {
        KnownRecords(teams: teams, teamAliases: [], stadiums: [park], stadiumAliases: [], games: games)
    }

    static func game(_ id: String, venue: String?, neutral: Bool = false, away: String = "Chicago Cubs") -> FeedGame {
        FeedGame(
            league: "mlb", gameId: id, season: "2026", seasonType: .regular,
            localDate: CalendarDay(year: 2026, month: 6, day: 18), start: Date(timeIntervalSince1970: 1_781_823_900),
            timeTBD: false, status: .scheduled,
            home: FeedTeam(id: "113", abbreviation: nil, name: "Cincinnati Reds", location: nil),
            away: FeedTeam(id: "112", abbreviation: nil, name: away, location: nil),
            venue: venue.map { FeedVenue(id: nil, name: $0) }, isNeutralSite: neutral)
    }

    @Test func aVenueNamedWithoutItsSpaceIsTheKnownStadiumNotAHomeParkGuess() throws {
        let linked = try ScheduleNormalisation(
            games: [Self.game("1", venue: "Great American Ballpark")], known: Self.known())
        #expect(linked.games.map(\.game.stadiumId) == [Self.park.id])
        #expect(linked.venuesAsHomePark.isEmpty)
        #expect(linked.newStadiums.isEmpty)
    }

    @Test func aVenueTheSourceLeavesOutIsTheHomeParkForAFeedAndUndecidedForTheBundle() throws {
        let feed = try ScheduleNormalisation(games: [Self.game("1", venue: nil)], known: Self.known())
        #expect(feed.games.map(\.game.stadiumId) == [Self.park.id])
        let bundle = try ScheduleNormalisation(
            games: [Self.game("1", venue: nil)], known: Self.known(), unstatedVenue: .undecided)
        #expect(bundle.games.count == 1)
        #expect(bundle.games.first?.game.stadiumId == nil)
    }

    @Test func aTeamNameTwoTeamsShareResolvesToNeitherAndTheGameIsLeftOut() throws {
        let linked = try ScheduleNormalisation(
            games: [Self.game("1", venue: nil, away: "Chicago")], known: Self.known())
        #expect(linked.games.isEmpty)
        #expect(linked.leftOut == 1)
        #expect(linked.unresolvedTeams == ["mlb Chicago (112)"])
    }

    @Test func aNewGameTakesTheLeaguesIdAndAStoredOneKeepsItsOwnEvenUnderAFormerSourceId() throws {
        let stored = Game(
            id: "game_mlb_2026_0618_chc_cin", sport: "mlb", season: "2026", startTime: Date(timeIntervalSince1970: 0),
            homeTeamId: "team_mlb_cin", awayTeamId: "team_mlb_chc", stadiumId: nil, sourceId: "sr-old")
        var renamed = Self.game("778899", venue: nil)
        renamed.formerGameIds = ["sr-old"]
        let linked = try ScheduleNormalisation(
            games: [renamed, Self.game("778900", venue: nil)], known: Self.known(games: [stored]))
        #expect(linked.games.map(\.game.id) == ["game_mlb_2026_0618_chc_cin", "game_mlb_778900"])
        #expect(linked.games.map(\.game.sourceId) == ["778899", "778900"])
    }

    @Test func aLeagueWithNoKnownTeamsIsRefusedNotLeftEmpty() {
        var game = Self.game("1", venue: nil)
        game.league = "nhl"
        #expect(throws: LinkError.noTeams(league: "nhl")) {
            try ScheduleNormalisation(games: [game], known: Self.known())
        }
    }
}
