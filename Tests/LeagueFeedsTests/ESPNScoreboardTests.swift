import Foundation
import LeagueFeeds
import Testing
import TripsModel

@Suite struct ESPNScoreboardTests {
    /// Status names of a scoreboard's events, counted without the reader.
    static func statusStates(_ path: String) throws -> [String] {
        let events = try RecordedFeeds.json(path)["events"] as? [[String: Any]] ?? []
        return events.map { (($0["status"] as? [String: Any])?["type"] as? [String: Any])?["state"] as? String ?? "" }
    }

    @Test(arguments: [
        (RecordedFeeds.espnNFL, "nfl", "2022", FeedSeasonType.regular),
        (RecordedFeeds.espnNHL, "nhl", "2022-23", .preseason),
        (RecordedFeeds.espnMLS, "mls", "2022", .regular),
    ])
    func everyEventIsReadWithItsLeagueAndSeason(path: String, league: String, season: String, type: FeedSeasonType)
        throws
    {
        let states = try Self.statusStates(path)
        let schedule = try RecordedFeeds.read(path, with: ESPNScoreboard.read)
        #expect(schedule.games.count == states.count)
        #expect(schedule.skipped.isEmpty)
        #expect(schedule.games.allSatisfy { $0.league == league && $0.season == season && $0.seasonType == type })
        #expect(schedule.games.count { $0.status == .inProgress } == states.count { $0 == "in" })
        #expect(schedule.games.count { $0.status == .final } == states.count { $0 == "post" })
        #expect(schedule.games.count { $0.status == .scheduled } == states.count { $0 == "pre" })
        // Scores only once a game has started.
        #expect(schedule.games.allSatisfy { ($0.score != nil) == ($0.status != .scheduled) })
        #expect(schedule.games.allSatisfy { $0.localDate == nil && !$0.timeTBD && !$0.isNeutralSite })
    }

    @Test func nflFinalAndLiveScores() throws {
        let schedule = try RecordedFeeds.read(RecordedFeeds.espnNFL, with: ESPNScoreboard.read)
        let opener = try #require(schedule["401437654"])
        #expect(opener.status == .final)
        #expect(opener.home.abbreviation == "LAR" && opener.away.abbreviation == "BUF")
        #expect(opener.score == FeedScore(home: 10, away: 31))
        #expect(opener.venue == FeedVenue(id: "7065", name: "SoFi Stadium", city: "Inglewood", state: "CA"))
        let miami = try #require(schedule["401437630"])
        #expect(miami.status == .final && miami.score == FeedScore(home: 20, away: 7))
        #expect(miami.home.name == "Miami Dolphins" && miami.home.location == "Miami")
        let tie = try #require(schedule["401437637"])
        #expect(tie.status == .inProgress && tie.score == FeedScore(home: 20, away: 20))
        let later = try #require(schedule["401437644"])
        #expect(later.status == .scheduled && later.start == RecordedFeeds.instant("2022-09-12T00:20:00Z"))
    }

    @Test func mlsAndNHLGamesAwayFromHome() throws {
        let mls = try RecordedFeeds.read(RecordedFeeds.espnMLS, with: ESPNScoreboard.read)
        let nycfc = try #require(mls["623597"])
        #expect(nycfc.venue?.name == "Yankee Stadium" && nycfc.home.abbreviation == "NYC")
        #expect(nycfc.status == .final && nycfc.score == FeedScore(home: 2, away: 0))
        let nhl = try RecordedFeeds.read(RecordedFeeds.espnNHL, with: ESPNScoreboard.read)
        let tucson = try #require(nhl["401461456"])
        #expect(tucson.venue?.city == "Tucson" && tucson.home.abbreviation == "ARI")
        #expect(tucson.venue?.country == "USA")
    }

    @Test func postponedSuspendedAndTBDFromTheirCodes() throws {
        let text = try String(decoding: RecordedFeeds.data(RecordedFeeds.espnNFL), as: UTF8.self)
        let edited =
            text
            .replacingOccurrences(of: "\"name\": \"STATUS_SCHEDULED\"", with: "\"name\": \"STATUS_POSTPONED\"")
            .replacingOccurrences(of: "\"timeValid\": true", with: "\"timeValid\": false")
        let schedule = try ESPNScoreboard.read(Data(edited.utf8), source: "edited")
        let later = try #require(schedule["401437644"])
        #expect(later.status == .postponed && later.postponement != nil && later.timeTBD)
    }

    @Test func unknownLeaguesAndBrokenResponsesAreRefused() throws {
        let text = try String(decoding: RecordedFeeds.data(RecordedFeeds.espnNFL), as: UTF8.self)
        let other = text.replacingOccurrences(of: "\"abbreviation\": \"NFL\"", with: "\"abbreviation\": \"CFL\"")
        #expect(throws: FeedError.unsupportedLeague(format: .espnScoreboard, source: "cfl", league: "CFL")) {
            try ESPNScoreboard.read(Data(other.utf8), source: "cfl")
        }
        #expect(throws: FeedError.self) { try ESPNScoreboard.read(Data(text.prefix(5000).utf8), source: "cut") }
    }
}

@Suite struct FeedScheduleDatingTests {
    /// A scoreboard states no local dates; a zone per venue supplies them.
    @Test func localDatesComeFromTheVenuesZones() throws {
        let schedule = try RecordedFeeds.read(RecordedFeeds.espnNFL, with: ESPNScoreboard.read)
        let offsets = ["Arlington": -5, "Seattle": -7]
        let dated = schedule.dated { game in
            offsets[game.venue?.city ?? ""].map {
                ZoneInfo(identifier: "test", fixedOffset: $0 * 3600, abbreviation: "T")
            }
        }
        // Sunday and Monday night games, after midnight UTC.
        #expect(dated["401437644"]?.localDate == CalendarDay(year: 2022, month: 9, day: 11))
        #expect(dated["401437655"]?.localDate == CalendarDay(year: 2022, month: 9, day: 12))
        #expect(dated.games.count { $0.localDate != nil } == 2)
        // Through the format's own reader too.
        let again = try FeedFormat.espnScoreboard.read(RecordedFeeds.data(RecordedFeeds.espnNFL), source: "nfl")
        #expect(again == schedule)
    }
}
