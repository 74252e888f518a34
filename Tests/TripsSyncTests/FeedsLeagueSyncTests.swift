import Foundation
import LeagueFeeds
import TestSupport
import Testing

/// `trips sync` without a cloud, league by league, from the recorded responses served on the
/// leagues' own paths: NBA's season file as released (Cup placeholders and the All-Star Game
/// left out, and said), the NHL's weekly walk (one week recorded, the others not listed by the
/// host), and ESPN's scoreboard for the NFL. `trips seasons` then names the feeds as the source.
@Suite(.serialized) struct FeedsLeagueSyncTests {
    static let nbaFile = "nba/scheduleLeagueV2_2024-25_as_released_2024-08-16.json"
    static let nhlFile = "nhl/schedule_week_2026-10-01_20262027_TRANSCRIBED.json"
    static let nflFile = "espn/ha-teamtracker_nfl.json"
    /// The walk's week that holds the recorded one's first day (2026-10-01).
    static let nhlWeek = "/v1/schedule/2026-09-29"
    static let nflPath = "/apis/site/v2/sports/football/nfl/scoreboard?dates=20260901-20270131&limit=1000"
    /// MLS's next season's months (the season under way on 2026-12-02 is 2027's).
    static let mlsPath = "/apis/site/v2/sports/soccer/usa.1/scoreboard?dates=20270201-20271215&limit=1000"

    static func recorded(_ path: String, _ read: (Data, String) throws -> FeedSchedule) throws -> FeedSchedule {
        try read(Data(contentsOf: FeedsSyncTests.feeds.appendingPathComponent(path)), path)
    }

    @Test func eachLeaguesSeasonComesFromItsOwnFeedWithWhatWasLeftOutSaid() async throws {
        let (server, origin) = try await FeedsSyncTests.serve([
            "/static/json/staticData/scheduleLeagueV2.json": Self.nbaFile, Self.nhlWeek: Self.nhlFile,
            Self.nflPath: Self.nflFile, Self.mlsPath: "espn/ha-teamtracker_mls.json",
        ])
        defer { server.closeInput() }
        var trips = try TripsBinary(cloud: nil, bundle: FeedsSyncTests.bundle)
        defer { trips.cleanUp() }
        trips.environment["TRIPS_FEEDS_URL"] = origin
        trips.environment["TRIPS_NOW"] = "2026-12-02T18:00:00Z"

        let nba = try Self.recorded(Self.nbaFile, NBAScheduleLeague.read)
        let nhl = try Self.recorded(Self.nhlFile, NHLSchedule.read)
        #expect(nba.games.count == 1_200, "\(nba.games.count)")

        let sync = try await trips.run("sync", "--sport", "nba,nhl,nfl,mls")
        #expect(sync.status == 0, "\(sync.stdout)\(sync.stderr)")
        #expect(sync.stdout.contains("NBA 2024-25: \(nba.games.count) new"), "\(sync.stdout)")
        let placeholders = nba.skipped.count { $0.reason == .placeholderTeams }
        let allStar = nba.skipped.count { $0.reason == .allStar }
        #expect(placeholders > 0 && allStar == 1, "\(nba.skipped)")
        #expect(
            sync.stdout.contains(
                "NBA 2024-25: \(placeholders + allStar) left out: \(placeholders) with teams not decided yet "
                    + "(Cup or playoff slots), 1 All-Star game"), "\(sync.stdout)")
        // The recorded week is the bundle's own games: matched, not added; the rest of the season stays.
        #expect(nhl.games.count == 47)
        #expect(
            sync.stdout.contains("NHL 2026-27:") && !sync.stdout.contains("NHL 2026-27: not read"), "\(sync.stdout)")
        #expect(sync.stdout.contains("requests not listed by the host (HTTP 404)"), "\(sync.stdout)")
        #expect(sync.stdout.contains("NFL ") && !sync.stdout.contains("NFL 2026: not read"), "\(sync.stdout)")
        #expect(sync.stdout.contains("MLS ") && !sync.stdout.contains("MLS 2027: not read"), "\(sync.stdout)")

        let seasons = try await trips.run("seasons", "--format", "json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(seasons.stdout.utf8)) as? [String: Any])
        let rows = try #require(object["seasons"] as? [[String: Any]])
        let read = rows.filter { $0["source"] as? String == "feeds" }.map {
            "\($0["sport"] ?? "") \($0["season"] ?? "") \($0["games"] ?? "")"
        }
        #expect(read.contains("nba 2024-25 \(nba.games.count)"), "\(read)")
        #expect(read.contains("nhl 2026-27 1344") && read.contains { $0.hasPrefix("nfl ") }, "\(read)")
        #expect(read.contains { $0.hasPrefix("mls ") }, "\(read)")
    }

    /// The NHL's weeks and its clubs' seasons together: each game once, whichever answer has it.
    @Test func theNHLSeasonComesFromItsWeeksAndItsClubsEachGameOnce() async throws {
        let week = "nhl/schedule_2024-10-09_gameWeek.json"
        let club = "nhl/club_schedule_season_TOR_20242025.json"
        let (server, origin) = try await FeedsSyncTests.serve([
            "/v1/schedule/2024-10-06": week, "/v1/club-schedule-season/TOR/20242025": club,
        ])
        defer { server.closeInput() }
        var trips = try TripsBinary(cloud: nil, bundle: FeedsSyncTests.bundle)
        defer { trips.cleanUp() }
        trips.environment["TRIPS_FEEDS_URL"] = origin

        let played = { (schedule: FeedSchedule) in
            schedule.games.filter { $0.seasonType == .regular || $0.seasonType == .postseason }
        }
        let weekGames = played(try Self.recorded(week, NHLSchedule.read))
        let clubGames = played(try Self.recorded(club, NHLSchedule.read))
        let union = Set(weekGames.map(\.gameId)).union(clubGames.map(\.gameId))
        #expect(union.count < weekGames.count + clubGames.count, "the two answers share games")

        let sync = try await trips.run("sync", "--sport", "nhl", "--season", "2024-25")
        #expect(sync.status == 0, "\(sync.stdout)\(sync.stderr)")
        #expect(sync.stdout.contains("NHL 2024-25: \(union.count) new"), "\(sync.stdout)")
        let listed = try await trips.run(
            "games", "--sport", "nhl", "--season", "2024-25", "--team", "TOR", "--format", "json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [String: Any])
        let games = try #require(object["games"] as? [[String: Any]])
        #expect(games.count == clubGames.count, "\(games.count) of \(clubGames.count)")
        #expect(games.count { $0["score"] != nil } == clubGames.count { $0.score != nil })
    }
}
