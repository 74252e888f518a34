import Foundation
import LeagueFeeds
import Testing
import TripsModel

@Suite struct MLBStatsAPIScheduleTests {
    /// Every (date, game) entry of a schedule file, read without the reader.
    static func entries(_ path: String) throws -> [[String: Any]] {
        let dates = try RecordedFeeds.json(path)["dates"] as? [[String: Any]] ?? []
        return dates.flatMap { $0["games"] as? [[String: Any]] ?? [] }
    }

    @Test(arguments: [RecordedFeeds.mlbPlayed, RecordedFeeds.mlbPublished])
    func oneGamePerGamePk(path: String) throws {
        let entries = try Self.entries(path)
        let pks = Set(entries.compactMap { $0["gamePk"] as? Int })
        let schedule = try RecordedFeeds.read(path, with: MLBStatsAPISchedule.read)
        #expect(schedule.games.count == pks.count)
        #expect(Set(schedule.games.map(\.gameId)) == Set(pks.map(String.init)))
        #expect(schedule.skipped.isEmpty)
        #expect(schedule.games.allSatisfy { $0.league == "mlb" && $0.season == "2025" && $0.seasonType == .regular })
    }

    @Test func theAsPlayedFileListsPostponedAndSuspendedGamesTwice() throws {
        let entries = try Self.entries(RecordedFeeds.mlbPlayed)
        #expect(entries.count == 2462)
        let schedule = try RecordedFeeds.read(RecordedFeeds.mlbPlayed, with: MLBStatsAPISchedule.read)
        #expect(schedule.games.count == 2428)
        let postponedEntries = entries.filter {
            ($0["status"] as? [String: Any])?["detailedState"] as? String == "Postponed"
        }
        #expect(postponedEntries.count == 30)
        #expect(schedule.games.count { $0.postponement != nil } == postponedEntries.count)
        // Every postponed game was made up, so none is left "postponed".
        #expect(schedule.games.count { $0.status == .postponed } == 0)
        #expect(schedule.games.count { $0.suspension != nil } == entries.count { $0["resumeDate"] != nil })
        #expect(schedule.games.count { $0.status == .completedEarly } == 5)
        #expect(schedule.games.allSatisfy { $0.score != nil })
    }

    @Test func theTokyoSeriesIsAtTheTokyoDomeOnItsLocalDates() throws {
        let schedule = try RecordedFeeds.read(RecordedFeeds.mlbPublished, with: MLBStatsAPISchedule.read)
        let opener = try #require(schedule["778563"])
        #expect(opener.localDate == CalendarDay(year: 2025, month: 3, day: 18))
        #expect(schedule["778564"]?.localDate == CalendarDay(year: 2025, month: 3, day: 19))
        #expect(opener.home.name == "Chicago Cubs" && opener.home.id == "112")
        #expect(opener.away.name == "Los Angeles Dodgers" && opener.away.id == "119")
        #expect(opener.venue == FeedVenue(id: "2397", name: "Tokyo Dome"))
        // The schedule has no neutral-site flag: the data shows it (the Cubs' home is Wrigley Field).
        let homes = HomeVenues(schedule.games)
        #expect(!opener.isNeutralSite && homes.isNeutralSite(opener))
        #expect(homes.venueOfRecord(of: opener) == "id:17")
        #expect(opener.timeTBD)
        #expect(opener.status == .scheduled && opener.score == nil)
        #expect(schedule.venues.contains { $0.name == "Tokyo Dome" })
        let neutral = schedule.games.filter(homes.isNeutralSite).map(\.venue?.name)
        #expect(
            neutral.sorted { ($0 ?? "") < ($1 ?? "") } == [
                "Bristol Motor Speedway", "Journey Bank Ballpark", "Tokyo Dome", "Tokyo Dome",
            ])
    }

    @Test func theSnowPostponementIsMadeUpTwoDaysLaterAsGameTwo() throws {
        let schedule = try RecordedFeeds.read(RecordedFeeds.mlbPlayed, with: MLBStatsAPISchedule.read)
        let game = try #require(schedule["778266"])
        let postponement = try #require(game.postponement)
        #expect(postponement.reason == "Snow")
        #expect(postponement.from.date == CalendarDay(year: 2025, month: 4, day: 18))
        #expect(postponement.from.start == RecordedFeeds.instant("2025-04-19T00:40:00Z"))
        #expect(postponement.to?.date == CalendarDay(year: 2025, month: 4, day: 20))
        #expect(game.localDate == CalendarDay(year: 2025, month: 4, day: 20))
        #expect(game.start == RecordedFeeds.instant("2025-04-21T00:10:00Z"))
        #expect(game.status == .final)
        #expect(game.doubleheader == .split && game.gameNumber == 2)
        let first = try #require(schedule["778235"])
        #expect(first.doubleheader == .split && first.gameNumber == 1 && first.localDate == game.localDate)
        #expect(first.venue == game.venue)
    }

    @Test func theSpeedwayClassicWasSuspendedAndResumedAtBristol() throws {
        let schedule = try RecordedFeeds.read(RecordedFeeds.mlbPlayed, with: MLBStatsAPISchedule.read)
        let game = try #require(schedule["776907"])
        #expect(game.start == RecordedFeeds.instant("2025-08-02T23:15:00Z"))
        #expect(game.localDate == CalendarDay(year: 2025, month: 8, day: 2))
        #expect(game.suspension?.resumes?.start == RecordedFeeds.instant("2025-08-03T17:05:00Z"))
        #expect(game.suspension?.resumes?.date == CalendarDay(year: 2025, month: 8, day: 3))
        #expect(game.status == .final)
        #expect(game.venue?.name == "Bristol Motor Speedway" && HomeVenues(schedule.games).isNeutralSite(game))
    }

    @Test func traditionalDoubleheadersNumberTheirGames() throws {
        let schedule = try RecordedFeeds.read(RecordedFeeds.mlbPlayed, with: MLBStatsAPISchedule.read)
        let traditional = schedule.games.filter { $0.doubleheader == .traditional }
        #expect(traditional.count { $0.gameNumber == 1 } == 6)
        #expect(traditional.count { $0.gameNumber == 2 } == 6)
        // Game 2 follows game 1 on the same day at the same park.
        for second in traditional where second.gameNumber == 2 {
            #expect(
                traditional.contains {
                    $0.gameNumber == 1 && $0.localDate == second.localDate && $0.venue == second.venue
                })
        }
    }

    @Test func malformedInputIsATypedError() throws {
        let source = "broken.json"
        #expect(throws: FeedError.self) { try MLBStatsAPISchedule.read(Data("{\"dates\": [".utf8), source: source) }
        #expect(throws: FeedError.self) { try MLBStatsAPISchedule.read(Data("<html>".utf8), source: source) }
        do {
            _ = try MLBStatsAPISchedule.read(Data("{\"copyright\": \"x\"}".utf8), source: source)
            Issue.record("a response without dates was read")
        } catch let error as FeedError {
            #expect("\(error)".contains("broken.json") && "\(error)".contains("dates"))
            #expect("\(error)".contains("MLB Stats API schedule"))
        }
        let text = try String(decoding: RecordedFeeds.data(RecordedFeeds.mlbPlayed), as: UTF8.self)
            .replacingOccurrences(of: "\"gameDate\":\"2025-03-27T19:05:00Z\"", with: "\"gameDate\":\"yesterday\"")
        do {
            _ = try MLBStatsAPISchedule.read(Data(text.utf8), source: source)
            Issue.record("an unreadable gameDate was read")
        } catch let error as FeedError {
            #expect(
                error
                    == .badValue(
                        format: .mlbStatsAPISchedule, source: source, gameId: "778557", field: "gameDate",
                        value: "yesterday"))
        }
    }
}
