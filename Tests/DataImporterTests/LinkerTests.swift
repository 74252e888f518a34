import Foundation
import LeagueFeeds
import Testing
import TripsModel
import TripsRecords
import TripsZones

@testable import DataImporter

/// Link stage: venues, teams, game numbers, neutral sites and ids, on small hand-built inputs.
@Suite("Schedule linking")
struct LinkerTests {
    static let places = [
        Place(
            name: "Houston", admin1Code: "TX", admin1Name: "Texas", countryCode: "US",
            coordinate: Coordinate(latitude: 29.76328, longitude: -95.36327), timeZone: "America/Chicago",
            population: 2_296_224),
        Place(
            name: "Kansas City", admin1Code: "MO", admin1Name: "Missouri", countryCode: "US",
            coordinate: Coordinate(latitude: 39.09973, longitude: -94.57857), timeZone: "America/Chicago",
            population: 508_090),
        Place(
            name: "Kansas City", admin1Code: "KS", admin1Name: "Kansas", countryCode: "US",
            coordinate: Coordinate(latitude: 39.11417, longitude: -94.62746), timeZone: "America/Chicago",
            population: 156_607),
        Place(
            name: "Phoenix", admin1Code: "AZ", admin1Name: "Arizona", countryCode: "US",
            coordinate: Coordinate(latitude: 33.44838, longitude: -112.07404), timeZone: "America/Phoenix",
            population: 1_680_992),
    ]

    static let facts = [
        VenueFacts(
            name: "Daikin Park", otherNames: ["Minute Maid Park"],
            coordinate: Coordinate(latitude: 29.7568, longitude: -95.3563), source: "t"),
        VenueFacts(name: "Chase Field", coordinate: Coordinate(latitude: 33.4453, longitude: -112.0669), source: "t"),
        VenueFacts(
            name: "Salt River Fields", coordinate: Coordinate(latitude: 33.5453, longitude: -111.8847), source: "t"),
        VenueFacts(
            name: "Kauffman Stadium", coordinate: Coordinate(latitude: 39.0512, longitude: -94.4808),
            city: "Kansas City", source: "t"),
        VenueFacts(name: "Wembley Stadium", coordinate: Coordinate(latitude: 51.556, longitude: -0.28), source: "t"),
        VenueFacts(name: "Nowhere Park", source: "t"),
    ]

    static func linker(existing: ExistingBundle = ExistingBundle()) -> ScheduleLinker {
        ScheduleLinker(
            catalog: VenueCatalog(facts: facts), placer: StadiumPlacer(gazetteer: Gazetteer(places: places)),
            existing: existing)
    }

    static let teams = [
        TeamEntry(code: "HOU", name: "Houston Astros", nickname: "Astros", city: "Houston"),
        TeamEntry(code: "AZ", name: "Arizona Diamondbacks", nickname: "Diamondbacks", city: "Arizona"),
        TeamEntry(code: "KC", name: "Kansas City Royals", nickname: "Royals", city: "Kansas City"),
    ]

    static func entry(_ id: String, _ start: String, _ away: String, _ home: String, _ venue: String?) -> FeedGame {
        FeedGame(
            sourceId: id, start: RawInstant.date(start)!, homeCode: home, awayCode: away, venueName: venue,
            status: .scheduled)
    }

    static func season(_ entries: [FeedGame]) -> BundleSeason {
        BundleSeason(
            sport: "mlb", season: "2026", teams: teams, entries: entries, sources: [], complete: true, notes: "",
            expectedGames: entries.count)
    }

    static let schedule = [
        entry("1", "2026-05-01T17:10:00Z", "AZ", "HOU", "Daikin Park"),
        entry("2", "2026-05-01T17:15:00Z", "AZ", "HOU", "Daikin Park"),  // game 2, listed 5 minutes later
        entry("3", "2026-05-02T00:10:00Z", "AZ", "HOU", "Minute Maid Park"),  // 19:10 CDT on 1 May: a third game
        entry("4", "2026-06-01T01:40:00Z", "HOU", "AZ", "Chase Field"),
        entry("5", "2026-06-02T01:40:00Z", "HOU", "AZ", "Chase Field"),
        entry("6", "2026-06-03T01:40:00Z", "HOU", "AZ", "Chase Field"),
        entry("7", "2026-06-04T01:40:00Z", "HOU", "AZ", "Chase Field"),
        entry("8", "2026-06-06T14:00:00Z", "HOU", "AZ", "Kauffman Stadium"),  // 1 of 5 home games: neutral
    ]

    func linked(_ entries: [FeedGame] = LinkerTests.schedule, existing: ExistingBundle = ExistingBundle()) throws
        -> [String: Game]
    {
        let result = try LinkerTests.linker(existing: existing).link([LinkerTests.season(entries)])
        return Dictionary(uniqueKeysWithValues: result.games[0].games.map { ($0.sourceId ?? "", $0) })
    }

    @Test("games of the same clubs on the same venue-local day are numbered in start order")
    func gameNumbers() throws {
        let games = try linked()
        #expect(["1", "2", "3"].map { games[$0]?.gameNumber } == [1, 2, 3])
        #expect(games["4"]?.gameNumber == 1)
    }

    @Test("a later game listed less than three hours after the first has no real start time yet")
    func followingGameHasNoTime() throws {
        let games = try linked()
        #expect(games["1"]?.timeTBD == false)
        #expect(games["2"]?.timeTBD == true)
        #expect(games["3"]?.timeTBD == false)
    }

    @Test("a venue holding under a quarter of a club's home games is a neutral site; home parks are not")
    func neutralSites() throws {
        let games = try linked()
        #expect(games["8"]?.isNeutralSite == true)
        #expect(games["4"]?.isNeutralSite == false)
        #expect(games["3"]?.isNeutralSite == false)  // a former name of the same building
    }

    @Test("a club's own alternate venue near home is a home game, not a neutral site")
    func alternateVenueNearHome() throws {
        // Salt River Fields is 13 miles from Chase Field and holds 1 of the Diamondbacks' 6 home games.
        let games = try linked(
            LinkerTests.schedule + [LinkerTests.entry("9", "2026-06-05T01:40:00Z", "HOU", "AZ", "Salt River Fields")])
        #expect(games["9"]?.isNeutralSite == false)
        #expect(games["8"]?.isNeutralSite == true)  // Kauffman Stadium, far from Phoenix
    }

    @Test("games sharing a start no venue plays at (ESPN's midnight-Eastern TBD) are timeTBD on the source's date")
    func placeholderTimes() throws {
        let games = try linked(
            LinkerTests.schedule + [
                // 05:00Z on 10 January is 23:00 in Houston and 22:00 in Phoenix on the 9th.
                LinkerTests.entry("9", "2027-01-10T05:00:00Z", "AZ", "HOU", "Daikin Park"),
                LinkerTests.entry("10", "2027-01-10T05:00:00Z", "HOU", "AZ", "Chase Field"),
                // Two games at one ordinary instant (19:10 CDT, 17:10 MST) are real times.
                LinkerTests.entry("11", "2026-07-01T00:10:00Z", "AZ", "HOU", "Daikin Park"),
                LinkerTests.entry("12", "2026-07-01T00:10:00Z", "HOU", "AZ", "Chase Field"),
            ])
        let houston = try #require(ZoneDatabase.system.zone("America/Chicago"))
        let phoenix = try #require(ZoneDatabase.system.zone("America/Phoenix"))
        let tbd = try #require(games["9"])
        let tbd2 = try #require(games["10"])
        #expect(tbd.timeTBD && tbd2.timeTBD)
        #expect(CalendarDay(tbd.startTime, in: houston) == CalendarDay(year: 2027, month: 1, day: 10))
        #expect(CalendarDay(tbd2.startTime, in: phoenix) == CalendarDay(year: 2027, month: 1, day: 10))
        #expect(games["11"]?.timeTBD == false && games["12"]?.timeTBD == false)
        #expect(games["11"]?.startTime == RawInstant.date("2026-07-01T00:10:00Z"))
    }

    @Test("a suspended game's resumption reaches its record")
    func resumption() throws {
        var suspended = LinkerTests.entry("9", "2026-06-16T23:15:00Z", "AZ", "HOU", "Daikin Park")
        suspended.suspension = FeedSuspension(
            resumes: FeedSlot(date: nil, start: RawInstant.date("2026-06-17T18:00:00Z")))
        let games = try linked(LinkerTests.schedule + [suspended])
        #expect(games["9"]?.resumedAt == RawInstant.date("2026-06-17T18:00:00Z"))
        #expect(games["9"]?.startTime == RawInstant.date("2026-06-16T23:15:00Z"))
    }

    @Test("a hand-placed venue on a town centre is flagged approximate, with what it stands on")
    func approximateLocation() throws {
        let facts =
            LinkerTests.facts + [
                VenueFacts(
                    name: "Town Park", coordinate: Coordinate(latitude: 29.76328, longitude: -95.36327),
                    coordinateIsApproximate: true, source: "approximate: Houston's centre")
            ]
        let linker = ScheduleLinker(
            catalog: VenueCatalog(facts: facts),
            placer: StadiumPlacer(gazetteer: Gazetteer(places: LinkerTests.places)),
            existing: ExistingBundle())
        let result = try linker.link([
            LinkerTests.season(
                LinkerTests.schedule + [LinkerTests.entry("9", "2026-07-01T00:10:00Z", "AZ", "HOU", "Town Park")])
        ])
        #expect(result.stadiums.first { $0.id == "stadium_town_park" }?.locationIsApproximate == true)
        #expect(result.stadiums.first { $0.id == "stadium_daikin_park" }?.locationIsApproximate == false)
        #expect(result.approximateLocations == ["stadium_town_park": "approximate: Houston's centre"])
    }

    @Test("a new game's id follows the source's own id, as the publisher's do; it carries that id")
    func gameIds() throws {
        let games = try linked()
        #expect(games["1"]?.id == "game_mlb_1")
        #expect(games["2"]?.id == "game_mlb_2")
        #expect(games["3"]?.sourceId == "3")
    }

    @Test("a game keeps its id from the previous bundle by source id, even when its start moved")
    func idsAreKeptBySourceId() throws {
        var existing = ExistingBundle()
        let old = Game(
            id: "game_mlb_2026_0420_az_hou", sport: "mlb", season: "2026", startTime: Date(timeIntervalSince1970: 0),
            homeTeamId: "team_mlb_hou", awayTeamId: "team_mlb_az", stadiumId: nil, sourceId: "3")
        let record = CanonicalRecord(.game(old), meta: RecordMetadata(changeTag: "t", modifiedMs: 1)).record
        try existing.remember(record, path: "test")
        let games = try linked(existing: existing)
        #expect(games["3"]?.id == "game_mlb_2026_0420_az_hou")
        #expect(games["1"]?.id == "game_mlb_1")
    }

    @Test("teams get their main home venue; stadiums their city, state and zone from the gazetteer")
    func teamsAndStadiums() throws {
        let result = try LinkerTests.linker().link([LinkerTests.season(LinkerTests.schedule)])
        let hou = try #require(result.teams["mlb"]?.first { $0.id == "team_mlb_hou" })
        #expect(hou.stadiumId == "stadium_daikin_park")
        let kauffman = try #require(result.stadiums.first { $0.id == "stadium_kauffman_stadium" })
        #expect(kauffman.state == "MO" && kauffman.timeZone == "America/Chicago")  // the Kansas City nearest it
        let chase = try #require(result.stadiums.first { $0.id == "stadium_chase_field" })
        #expect(chase.timeZone == "America/Phoenix" && chase.city == "Phoenix" && chase.sports == ["mlb"])
        #expect(result.stadiumNames["stadium_daikin_park"] == ["Daikin Park", "Minute Maid Park"])
    }

    @Test("a venue no source places fails the import, naming every such venue")
    func unknownVenues() {
        let entries =
            LinkerTests.schedule + [
                LinkerTests.entry("9", "2026-07-01T00:00:00Z", "AZ", "HOU", "Nowhere Park"),
                LinkerTests.entry("10", "2026-07-02T00:00:00Z", "AZ", "HOU", "Mystery Field"),
            ]
        #expect(throws: ImportError.unknownVenues(names: ["mlb: Mystery Field", "mlb: Nowhere Park"])) {
            try LinkerTests.linker().link([LinkerTests.season(entries)])
        }
    }

    @Test("a venue outside the gazetteer's countries without an explicit zone fails the import")
    func abroadNeedsZone() {
        let entries =
            LinkerTests.schedule + [LinkerTests.entry("9", "2026-07-01T00:00:00Z", "AZ", "HOU", "Wembley Stadium")]
        #expect(throws: ImportError.venueWithoutZone(name: "Wembley Stadium")) {
            try LinkerTests.linker().link([LinkerTests.season(entries)])
        }
    }

    @Test("a game whose venue is not decided keeps no stadium")
    func undecidedVenue() throws {
        let games = try linked(
            LinkerTests.schedule + [LinkerTests.entry("9", "2026-07-01T00:00:00Z", "AZ", "HOU", nil)])
        #expect(games["9"]?.stadiumId == nil)
        #expect(games["9"]?.isNeutralSite == false)
    }

    @Test("a stadium keeps its id from the previous bundle when it is renamed")
    func stadiumIdsAreKept() throws {
        var existing = ExistingBundle()
        let old = Stadium(
            id: "stadium_minute_maid_park", name: "Minute Maid Park", city: "Houston", state: "TX", country: "US",
            location: Coordinate(latitude: 29.7568, longitude: -95.3563), timeZone: "America/Chicago", sports: ["mlb"])
        try existing.remember(
            CanonicalRecord(.stadium(old), meta: RecordMetadata(changeTag: "t", modifiedMs: 1)).record, path: "t")
        let games = try linked(existing: existing)
        #expect(games["1"]?.stadiumId == "stadium_minute_maid_park")
    }

    @Test("the venue catalog merges facts that share any name, the first source winning each field")
    func venueCatalog() throws {
        let catalog = VenueCatalog(facts: [
            VenueFacts(name: "NRG Stadium", otherNames: ["Reliant Stadium"], city: "Houston", source: "hand"),
            VenueFacts(
                name: "NRG Stadium", coordinate: Coordinate(latitude: 29.685, longitude: -95.411), city: "X",
                source: "nfl"),
            VenueFacts(name: "reliant stadium", capacity: 72_220, source: "other"),
        ])
        let b = try #require(catalog.building(named: "Reliant Stadium"))
        #expect(catalog.building(named: "nrg stadium") == b)
        #expect(catalog.buildings.count == 1)
        let facts = catalog.buildings[b].facts
        #expect(facts.city == "Houston" && facts.capacity == 72_220 && facts.coordinate?.latitude == 29.685)
        #expect(facts.source == "nfl")
    }
}
