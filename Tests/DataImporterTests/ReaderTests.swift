import Foundation
import Testing
import TripsModel

@testable import DataImporter

/// Reference tests: each raw format read from its hand-made fixture.
@Suite("Raw readers")
struct ReaderTests {
    @Test(
        "MLB: Postponed shells are dropped, one game per gamePk, a suspended game keeps its original start and resumption"
    )
    func kurimaReijiGames() throws {
        let file = try Fixtures.raw.decode(KurimaReijiSchedule.self, from: "kurimareiji-mlb2026/mlb-games-2026.json")
        let entries = try file.entries(path: "fixture")
        #expect(entries.map(\.sourceId) == ["1", "2", "3", "4", "5", "6"])
        #expect(entries.first { $0.sourceId == "2" }?.status == .scheduled)  // the make-up, not the shell
        let suspended = try #require(entries.first { $0.sourceId == "5" })
        #expect(suspended.start == RawInstant.date("2026-06-16T23:15:00Z"))
        #expect(suspended.localDate == CalendarDay(year: 2026, month: 6, day: 16))
        #expect(suspended.resumedAt == RawInstant.date("2026-06-17T18:00:00Z"))
        #expect(entries.first { $0.sourceId == "3" }?.resumedAt == nil)
        #expect(entries.first { $0.sourceId == "6" }?.status == .final)  // "Completed Early"
    }

    @Test("MLB: games name clubs by nickname, joined to the teams table's codes (Diamondbacks is AZ)")
    func kurimaReijiNicknames() throws {
        let file = try Fixtures.raw.decode(KurimaReijiSchedule.self, from: "kurimareiji-mlb2026/mlb-games-2026.json")
        let entries = try file.entries(path: "fixture")
        #expect(entries.first { $0.sourceId == "3" }.map { ($0.awayCode, $0.homeCode) } ?? ("", "") == ("AZ", "HOU"))
        let teams = file.teamEntries()
        let az = try #require(teams.first { $0.code == "AZ" })
        #expect(az.nickname == "Diamondbacks" && az.city == "Arizona" && az.otherNames == ["D-backs"])
        #expect(az.divisionId == "ls_mlb_nl_west" && az.leagueId == "ls_mlb_nl")
    }

    @Test("ESPN: regular season only, postponed shells dropped, league codes, neutral flag, venue qualifier stripped")
    func espnSchedule() throws {
        let schedule = try ESPNSchedule(
            raw: Fixtures.raw, games: "ismayc-nba/nba_2025_26_schedule.GAMES.json",
            teams: "ismayc-nba/nba_teams.TEAMS.json",
            codes: LeagueTables.nbaCodes)
        let entries = try schedule.entries(path: "fixture")
        #expect(entries.map(\.sourceId) == ["11", "13", "14", "16"])
        #expect(entries[0].homeCode == "NYK" && entries[0].awayCode == "GSW")
        #expect(entries[0].status == .final)
        #expect(entries.first { $0.sourceId == "16" }?.venueName == "Toyota Center")
        #expect(entries.first { $0.sourceId == "16" }?.isNeutralSite == true)
        // ESPN flags every neutral site: no flag means a home game, even at another arena.
        #expect(entries.first { $0.sourceId == "11" }?.isNeutralSite == false)
    }

    @Test("ESPN: teams get league codes and their place in the conference/division tree")
    func espnTeams() throws {
        let tree = try ESPNSchedule.tree(
            raw: Fixtures.raw, path: "ismayc-nba/nba_structure.derived.json", sport: "nba", name: "NBA",
            abbreviation: "NBA",
            conferences: [("E", "east", "Eastern Conference", "East"), ("W", "west", "Western Conference", "West")],
            codes: LeagueTables.nbaCodes)
        let schedule = try ESPNSchedule(
            raw: Fixtures.raw, games: "ismayc-nba/nba_2025_26_schedule.GAMES.json",
            teams: "ismayc-nba/nba_teams.TEAMS.json",
            codes: LeagueTables.nbaCodes)
        let knicks = try #require(schedule.teamEntries(tree: tree).first { $0.code == "NYK" })
        #expect(knicks.name == "New York Knicks" && knicks.nickname == "Knicks")
        #expect(knicks.conferenceId == "ls_nba_east" && knicks.divisionId == "ls_nba_east_atlantic")
        #expect(tree.nodes.map(\.id).contains("ls_nba_west_pacific"))
        #expect(schedule.venueFacts(source: "x").first { $0.name == "Toyota Center" }?.city == "Houston")
    }

    @Test("NHL: Sportradar codes become NHL codes, a time-to-be-decided start is flagged, nicknames split")
    func hockeyHelp() throws {
        let file = try Fixtures.raw.decode(HockeyHelpSchedule.self, from: HockeyHelpSchedule.path)
        let entries = try file.entries()
        #expect(entries.map(\.homeCode) == ["TOR", "TBL"])
        #expect(entries.map(\.timeTBD) == [false, true])
        let leafs = try #require(file.teamEntries(tree: LeagueTables.nhl).first { $0.code == "TOR" })
        #expect(leafs.nickname == "Maple Leafs" && leafs.city == "Toronto")
        #expect(leafs.divisionId == "ls_nhl_east_atlantic")
    }

    @Test("NHL venues: coordinates, capacity and alpha-2 country; the source's zone names are not used")
    func nhlVenues() throws {
        let facts = try HockeyHelpSchedule.venueFacts(raw: Fixtures.raw)
        let avicii = try #require(facts.first { $0.name == "Avicii Arena" })
        #expect(avicii.country == "SE" && avicii.capacity == 13850 && avicii.timeZone == nil)
        #expect(avicii.coordinate == Coordinate(latitude: 59.29358, longitude: 18.08299))
    }

    @Test("MLS: regular season only, 'TBC' keeps no venue, both Red Bulls spellings are one club")
    func mlsFixtures() throws {
        let mls = try MLSFixtures(raw: Fixtures.raw)
        let entries = try mls.entries()
        #expect(entries.map(\.sourceId) == ["MLS-1", "MLS-2", "MLS-3"])
        #expect(entries[1].venueName == nil)
        #expect(entries[2].homeCode == "NYRB" && entries[0].awayCode == "NYRB")
        #expect(entries.map(\.status) == [.final, .scheduled, .scheduled])
        #expect(try mls.teamEntries(tree: LeagueTables.mls).map(\.code).sorted() == ["NYC", "NYRB"])
        #expect(mls.venueFacts().first { $0.name == "Sports Illustrated Stadium" }?.city == "Harrison")
    }

    @Test("ballparks: a building's legacy pin wins and its former name is kept")
    func geoJSONBallparks() throws {
        let facts = try GeoJSONBallparks.venueFacts(raw: Fixtures.raw)
        let truist = try #require(facts.first { $0.name == "Truist Park" })
        #expect(truist.coordinate == Coordinate(latitude: 33.89, longitude: -84.468))
        let daikin = try #require(facts.first { $0.name == "Daikin Park" })
        #expect(daikin.otherNames == ["Minute Maid Park"])
        let vegas = try #require(facts.first { $0.name == "Las Vegas Ballpark" })
        #expect(vegas.coordinate?.longitude == -115.329417)  // the properties, not the sign-slipped geometry
    }

    @Test("venue tables: NFL city qualifiers, NBA old names, MLS rows of MLS only")
    func venueTables() throws {
        let nfl = try VenueTables.nfl(raw: Fixtures.raw)
        #expect(nfl.filter { $0.name == "Allianz Arena" }.count == 1)
        #expect(nfl.first { $0.name == "Wembley Stadium" }?.city == "London")
        let nba = try VenueTables.nba(raw: Fixtures.raw)
        #expect(nba.map(\.name) == ["AccorHotels Arena", "Staples Center"])
        #expect(nba.first?.country == "FR")
        let mls = try VenueTables.mls(raw: Fixtures.raw)
        #expect(mls.map(\.name) == ["Yankee Stadium"] && mls.first?.city == "New York")
    }

    @Test("places: Canadian and Mexican divisions get the abbreviations people type")
    func geoNamesPlaces() throws {
        let places = try GeoNamesPlaces.places(raw: Fixtures.raw)
        #expect(places.first { $0.name == "Toronto" }?.admin1Code == "ON")
        #expect(places.first { $0.name == "Montréal" }?.admin1Code == "QC")
        #expect(places.first { $0.name == "Mexico City" }?.admin1Code == "CMX")
        #expect(places.first { $0.name == "Des Moines" }?.admin1Name == "Iowa")
        #expect(places.map(\.countryCode) == ["CA", "CA", "MX", "US", "US"])  // sorted by country, division, name
    }

    @Test("Retrosheet: only parks still in use, with every former name and the first MLB game's year")
    func retrosheetParks() throws {
        let facts = try RetrosheetParks.venueFacts(raw: Fixtures.raw)
        #expect(facts.map(\.name) == ["Minute Maid Park", "Guaranteed Rate Field"])
        #expect(facts[0].otherNames == ["Enron Field", "Astros Field"] && facts[0].yearOpened == 2000)
        #expect(facts[1].otherNames == ["U.S. Cellular Field", "White Sox Park", "Comiskey Park II"])
    }

    @Test("MLB history: OAK meant the Athletics until 2025; Lahman adds older names with their years")
    func mlbTeamHistory() throws {
        let history = try MLBTeamHistory(raw: Fixtures.raw)
        let oak = try #require(history.aliases.first { $0.value == "OAK" })
        #expect(oak.teamCode == "ATH" && oak.kind == .abbreviation)
        #expect(oak.validFrom == nil && oak.validUntil == CalendarDay(year: 2025, month: 1, day: 1))
        let kc = try #require(history.aliases.first { $0.value == "Kansas City Athletics" })
        #expect(kc.teamCode == "ATH")
        #expect(
            kc.validFrom == CalendarDay(year: 1955, month: 1, day: 1)
                && kc.validUntil == CalendarDay(year: 1968, month: 1, day: 1))
        #expect(history.aliases.first { $0.value == "Houston Colt .45's" }?.teamCode == "HOU")
        let minuteMaid = try #require(history.venueUses.first { $0.name == "Minute Maid Park" })
        #expect(minuteMaid.firstSeason == 2024 && minuteMaid.lastSeason == 2024)
    }

    @Test("CSV: quoted cells keep commas, doubled quotes and line breaks")
    func csvQuoting() {
        let table = CSVTable(text: "a,b,c\n1,\"x, y\",\"say \"\"hi\"\"\"\n2,\"two\nlines\",\n")
        #expect(table.rows == [["1", "x, y", "say \"hi\""], ["2", "two\nlines", ""]])
        #expect(table.records[1]["c"] == "")
    }

    @Test("timestamps: ISO-8601 and iCalendar UTC forms are read; offsets are refused")
    func timestamps() {
        let expected = Date(timeIntervalSince1970: 1_774_656_900)
        #expect(RawInstant.date("2026-03-28T00:15:00Z") == expected)
        #expect(RawInstant.date("2026-03-28T00:15:00.000Z") == expected)
        #expect(RawInstant.date("20260328T001500Z") == expected)
        #expect(RawInstant.date("2026-03-27T19:15:00-05:00") == nil)
        #expect(RawInstant.date("not a date") == nil)
    }
}
