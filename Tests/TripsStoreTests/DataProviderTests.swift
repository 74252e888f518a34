import Foundation
import Testing
import TripsModel

@testable import TripsStore

@Suite struct GameFilterTests {
    // 2026-03-08 is the US spring-forward day. A Houston (Central) evening game on 03-07 at
    // 23:30 CST is 05:30Z on 03-08; one on 03-08 at 23:30 CDT is 04:30Z on 03-09.
    let lateSaturday = Fixtures.game("g_sat", "2026-03-08T05:30:00Z")
    let lateSunday = Fixtures.game("g_sun", "2026-03-09T04:30:00Z")
    let earlyMonday = Fixtures.game("g_mon", "2026-03-09T17:10:00Z")
    // A New York game at 00:30 EDT on 03-09 is 04:30Z on 03-09 — same instant as `lateSunday`,
    // a different venue-local day.
    let newYorkMidnight = Fixtures.game(
        "g_ny", "2026-03-09T04:30:00Z", home: Fixtures.yankees, away: Fixtures.astros, stadium: Fixtures.yankee.id)

    var provider: DataProvider {
        get throws {
            DataProvider(store: try Fixtures.store(games: [lateSaturday, lateSunday, earlyMonday, newYorkMidnight]))
        }
    }

    @Test func dayFiltersUseEachVenuesLocalDateAcrossTheDSTChange() throws {
        let day = CalendarDay(year: 2026, month: 3, day: 8)
        let games = try provider.games(GameQuery(fromDay: day, toDay: day))
        #expect(games.map(\.id) == ["g_sun"])
    }

    @Test func fromDayIncludesTheWholeFirstLocalDay() throws {
        let games = try provider.games(GameQuery(fromDay: CalendarDay(year: 2026, month: 3, day: 7)))
        // Same instant: ties break by game number, then id.
        #expect(games.map(\.id) == ["g_sat", "g_ny", "g_sun", "g_mon"])
    }

    @Test func toDayIncludesTheWholeLastLocalDay() throws {
        let games = try provider.games(GameQuery(toDay: CalendarDay(year: 2026, month: 3, day: 8)))
        #expect(games.map(\.id) == ["g_sat", "g_sun"])
    }

    @Test func filterGamesUsesAHalfOpenInstantRange() throws {
        let games = try provider.filterGames(
            sports: ["mlb"], from: Fixtures.date("2026-03-09T04:30:00Z"), to: Fixtures.date("2026-03-09T17:10:00Z"))
        #expect(Set(games.map(\.id)) == ["g_sun", "g_ny"])
    }

    @Test func filterRichGamesResolvesTheSameRange() throws {
        let list = try provider.filterRichGames(
            sports: ["mlb"], from: Fixtures.date("2026-03-09T04:30:00Z"), to: Fixtures.date("2026-03-09T17:10:00Z"))
        #expect(Set(list.games.map(\.id)) == ["g_sun", "g_ny"])
        #expect(list.games.first { $0.id == "g_ny" }?.stadium.id == Fixtures.yankee.id)
        #expect(list.unresolved.isEmpty)
        #expect(try provider.filterRichGames(sports: ["nba"], from: .distantPast, to: .distantFuture).games.isEmpty)
    }

    @Test func allGamesHasNoDateLimit() throws {
        let far = Fixtures.game("g_far", "2031-07-04T23:00:00Z", season: "2031")
        let past = Fixtures.game("g_past", "1999-07-04T23:00:00Z", season: "1999")
        let provider = DataProvider(store: try Fixtures.store(games: [far, past, earlyMonday]))
        #expect(try provider.allGames(for: ["mlb"]).map(\.id) == ["g_past", "g_mon", "g_far"])
        #expect(try provider.allRichGames(for: nil).games.count == 3)
        #expect(try provider.allGames(for: ["nba"]).isEmpty)
    }

    @Test func teamSideOpponentAndStadiumFilters() throws {
        let p = try provider
        #expect(
            try p.games(GameQuery(teamIds: [Fixtures.astros.id], side: .home)).map(\.id) == ["g_sat", "g_sun", "g_mon"])
        #expect(try p.games(GameQuery(teamIds: [Fixtures.astros.id], side: .away)).map(\.id) == ["g_ny"])
        #expect(try p.games(GameQuery(teamIds: [Fixtures.astros.id], opponentIds: [Fixtures.yankees.id])).count == 4)
        #expect(try p.games(GameQuery(stadiumIds: [Fixtures.yankee.id])).map(\.id) == ["g_ny"])
        #expect(try p.games(GameQuery(limit: 2)).count == 2)
        #expect(try Set(p.games(GameQuery(ids: ["g_ny", "g_sun", "g_nope"])).map(\.id)) == ["g_sun", "g_ny"])
    }

    @Test func seasonMatchesExactlyOrByStartYear() throws {
        let split = Fixtures.game(
            "g_split", "2025-11-01T00:00:00Z", home: Fixtures.rockets, stadium: Fixtures.toyota.id, season: "2025-26")
        let provider = DataProvider(store: try Fixtures.store(games: [split, earlyMonday]))
        #expect(try provider.games(GameQuery(season: "2025-26")).map(\.id) == ["g_split"])
        #expect(try provider.games(GameQuery(season: "2025")).map(\.id) == ["g_split"])
        #expect(try provider.games(GameQuery(season: "2026")).map(\.id) == ["g_mon"])
    }

    @Test func gamesWithUnknownReferencesAreReportedNotDropped() throws {
        let orphan = Fixtures.game("g_orphan", "2026-06-01T00:00:00Z", stadium: "stadium_nowhere")
        let tbc = Fixtures.game("g_tbc", "2026-06-02T00:00:00Z", stadium: nil)
        var ghost = Fixtures.game("g_ghost", "2026-06-03T00:00:00Z")
        ghost.awayTeamId = "team_mlb_zzz"
        let list = try DataProvider(store: try Fixtures.store(games: [orphan, tbc, ghost])).allRichGames(for: nil)
        #expect(list.games.isEmpty)
        #expect(list.unresolved.map(\.game.id) == ["g_orphan", "g_tbc", "g_ghost"])
        #expect(list.unresolved[0].reasons == [.unknownStadium("stadium_nowhere")])
        #expect(list.unresolved[1].reasons == [.venueToBeConfirmed])
        #expect(list.unresolved[1].timeZone == Fixtures.chicago)  // the home team's park
        #expect(list.unresolved[2].reasons == [.unknownTeam("team_mlb_zzz")])
    }
}

@Suite struct ResolutionTests {
    let oak = TeamAlias(
        id: "ta_mlb_oak", teamId: Fixtures.athletics.id, kind: .abbreviation, value: "OAK",
        validFrom: Fixtures.date("1968-01-01T00:00:00Z"), validUntil: Fixtures.date("2025-01-01T00:00:00Z"))
    let minuteMaid = StadiumAlias(
        id: "sa_minute_maid_park", stadiumId: Fixtures.daikin.id, value: "Minute Maid Park",
        validUntil: Fixtures.date("2025-01-01T00:00:00Z"))

    var provider: DataProvider {
        get throws { DataProvider(store: try Fixtures.store(teamAliases: [oak], stadiumAliases: [minuteMaid])) }
    }

    @Test(arguments: ["HOU", "hou", "astros", "Houston Astros", "houston astros", "team_mlb_hou", "  Astros "])
    func teamInputsResolveToTheSameTeam(input: String) throws {
        #expect(try provider.resolveTeam(input, sports: ["mlb"]).team.id == "team_mlb_hou")
    }

    @Test func anAbbreviationSharedAcrossSportsIsAmbiguousWithoutASport() throws {
        #expect(throws: ResolutionError.ambiguousTeam("HOU", candidates: [Fixtures.astros, Fixtures.rockets])) {
            try provider.resolveTeam("HOU")
        }
        #expect(try provider.resolveTeam("HOU", sports: ["nba"]).team.id == "team_nba_hou")
    }

    @Test func aTypoGetsTheClosestTeamAsSuggestion() throws {
        do {
            _ = try provider.resolveTeam("HUO", sports: ["mlb"])
            Issue.record("expected an error")
        } catch let error as ResolutionError {
            #expect(error.description == "unknown team 'HUO' — did you mean HOU (Houston Astros)?")
        }
    }

    @Test func aVenueTypedByItsOneDistinctiveWordGetsASuggestion() throws {
        do {
            _ = try provider.resolveStadium("Daikn")
            Issue.record("expected an error")
        } catch let error as ResolutionError {
            #expect(error.description == "unknown stadium 'Daikn' — did you mean Daikin Park (Houston)?")
        }
    }

    @Test func aFormerCodeResolvesWithANote() throws {
        let match = try provider.resolveTeam("OAK", sports: ["mlb"], asOf: Fixtures.date("2024-06-01T00:00:00Z"))
        #expect(match.team.id == "team_mlb_ath")
        #expect(match.note == "OAK is a former code of the Athletics (used until 2024)")
        // Still resolvable (with the note) when asked about a later date.
        #expect(
            try provider.resolveTeam("oak", sports: ["mlb"], asOf: Fixtures.date("2026-06-01T00:00:00Z")).team.id
                == "team_mlb_ath")
    }

    @Test func currentNamesAreMatchedBeforeAliases() throws {
        let match = try provider.resolveTeam("Athletics")
        #expect(match.team.id == "team_mlb_ath")
        #expect(match.note == nil)
    }

    @Test func stadiumsResolveByNameFormerNameAndUniquePart() throws {
        let p = try provider
        #expect(try p.resolveStadium("daikin park").stadium.id == Fixtures.daikin.id)
        let former = try p.resolveStadium("Minute Maid Park")
        #expect(former.stadium.id == Fixtures.daikin.id)
        #expect(former.note == "Minute Maid Park is now Daikin Park")
        #expect(try p.resolveStadium("yankee").stadium.id == Fixtures.yankee.id)
        #expect(throws: ResolutionError.self) { try p.resolveStadium("Wrigley Field") }
    }

    @Test func aPartOfAFormerNameFindsTheStadiumWithANote() throws {
        let match = try provider.resolveStadium("Minute Maid")
        #expect(match.stadium.id == Fixtures.daikin.id)
        #expect(match.note == "Minute Maid Park is now Daikin Park")
    }

    @Test func namesMatchWithOrWithoutTheSpacesInside() throws {
        #expect(try provider.resolveStadium("DaikinPark").stadium.id == Fixtures.daikin.id)
        #expect(try provider.resolveStadium("Minute MaidPark").alias?.value == "Minute Maid Park")
    }

    @Test func aShortFormOfTheCurrentNameIsNotCalledAFormerName() throws {
        let ys = StadiumAlias(id: "sa_ys", stadiumId: Fixtures.yankee.id, value: "YS")
        let p = DataProvider(store: try Fixtures.store(stadiumAliases: [minuteMaid, ys]))
        let match = try p.resolveStadium("YS")
        #expect(match.stadium.id == Fixtures.yankee.id)
        #expect(match.note == nil)
    }

    @Test func aTeamOfASportLeftOutIsNamedAsSuchNotUnknown() throws {
        let error = ResolutionError.teamInOtherSport("Astros", candidates: [Fixtures.astros], asked: ["nba"])
        #expect(throws: error) { try provider.resolveTeam("Astros", sports: ["nba"]) }
        #expect(error.description == "Astros is an MLB team (Houston Astros), not NBA — change or drop --sport")
        // A name no sport knows is still unknown.
        do {
            _ = try provider.resolveTeam("Zebras", sports: ["nba"])
            Issue.record("expected an error")
        } catch ResolutionError.unknownTeam(let input, _) {
            #expect(input == "Zebras")
        }
    }

    @Test func sportsResolveFromCodesAndNamesAndSuggestOnTypos() throws {
        let p = try provider
        #expect(try p.resolveSports(["mlb,NBA"]) == ["mlb", "nba"])
        #expect(try p.resolveSport("Major League Baseball").sportId == "mlb")
        do {
            _ = try p.resolveSport("mbl")
            Issue.record("expected an error")
        } catch let error as ResolutionError {
            #expect(error.description == "unknown sport 'mbl' — did you mean mlb?")
        }
    }
}

@Suite struct NamesOfTheDayTests {
    let minuteMaid = StadiumAlias(
        id: "sa_minute_maid_park", stadiumId: Fixtures.daikin.id, value: "Minute Maid Park",
        validUntil: Fixtures.date("2025-01-01T00:00:00Z"))
    let spelling = StadiumAlias(id: "sa_daikin", stadiumId: Fixtures.daikin.id, value: "Daikin Ballpark")
    let oak = TeamAlias(
        id: "ta_mlb_oak", teamId: Fixtures.athletics.id, kind: .abbreviation, value: "OAK",
        validUntil: Fixtures.date("2025-01-01T00:00:00Z"))
    let oakland = TeamAlias(
        id: "ta_mlb_oakland_athletics", teamId: Fixtures.athletics.id, kind: .name, value: "Oakland Athletics",
        validUntil: Fixtures.date("2025-01-01T00:00:00Z"))

    @Test func richGamesShowTheTeamAndVenueNamesOfTheGamesDay() throws {
        let then = Fixtures.game("g_2024", "2024-06-01T00:10:00Z", away: Fixtures.athletics)
        let now = Fixtures.game("g_2026", "2026-06-01T00:10:00Z", away: Fixtures.athletics)
        let store = try Fixtures.store(
            games: [then, now], teamAliases: [oak, oakland], stadiumAliases: [minuteMaid, spelling])
        let games = try DataProvider(store: store).allRichGames(for: nil).games
        #expect(games.map(\.stadium.name) == ["Minute Maid Park", "Daikin Park"])
        #expect(games.map(\.awayTeam.name) == ["Oakland Athletics", "Athletics"])
        #expect(games.map(\.awayTeam.abbreviation) == ["OAK", "ATH"])
        #expect(games.map(\.homeTeam.name) == ["Houston Astros", "Houston Astros"])
    }
}

@Suite struct NewFieldsRoundTripTests {
    @Test func approximateLocationsAndResumptionsSurviveTheRecordAndTheStore() throws {
        var hall = Fixtures.toyota
        hall.id = "stadium_town_hall"
        hall.locationIsApproximate = true
        var suspended = Fixtures.game("g_suspended", "2026-06-16T23:15:00Z")
        suspended.resumedAt = Fixtures.date("2026-06-17T18:00:00Z")
        suspended.status = .final
        let store = try Fixtures.store(games: [suspended, Fixtures.game("g_plain", "2026-06-18T00:10:00Z")])
        try store.database.transaction { _ = try store.merge(Fixtures.record(.stadium(hall))) }
        let provider = DataProvider(store: store)
        #expect(try provider.stadium(id: hall.id)?.locationIsApproximate == true)
        #expect(try provider.stadium(id: Fixtures.daikin.id)?.locationIsApproximate == false)
        let games = try provider.allGames(for: nil)
        #expect(games.map(\.resumedAt) == [Fixtures.date("2026-06-17T18:00:00Z"), nil])
        // Absent fields stay absent on the wire: older records are unchanged.
        #expect(Fixtures.record(.stadium(Fixtures.daikin)).fields["locationApproximate"] == nil)
        #expect(Fixtures.record(.game(games[1])).fields["resumedAt"] == nil)
    }
}
