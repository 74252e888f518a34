import Foundation
import LeagueFeeds
import Testing
import TripsModel

@Suite struct NBAScheduleLeagueTests {
    static func rawGames() throws -> [[String: Any]] {
        let league = try RecordedFeeds.json(RecordedFeeds.nba)["leagueSchedule"] as? [String: Any] ?? [:]
        let days = league["gameDates"] as? [[String: Any]] ?? []
        return days.flatMap { $0["games"] as? [[String: Any]] ?? [] }
    }

    @Test func placeholdersAndTheAllStarGameAreSkippedAndCounted() throws {
        let raw = try Self.rawGames()
        #expect(raw.count == 1208)
        let placeholders = raw.filter {
            ($0["homeTeam"] as? [String: Any])?["teamTricode"] as? String == ""
                && !(($0["gameId"] as? String)?.hasPrefix("003") ?? false)
        }
        let schedule = try RecordedFeeds.read(RecordedFeeds.nba, with: NBAScheduleLeague.read)
        #expect(schedule.skippedPlaceholders == placeholders.count)
        #expect(schedule.skippedPlaceholders == 7)  // 4 Cup quarterfinals, 2 semifinals, the championship
        #expect(schedule.skipped.contains(FeedSkip(gameId: "0032400001", reason: .allStar)))
        #expect(schedule.skipped.contains(FeedSkip(gameId: "0062400001", reason: .placeholderTeams)))
        #expect(schedule.games.count == raw.count - schedule.skipped.count)
        #expect(schedule.games.allSatisfy { !$0.timeTBD && $0.status == .scheduled && $0.score == nil })
        #expect(schedule.games.allSatisfy { $0.season == "2024-25" && $0.seasonType == .regular })
    }

    @Test func theParisGamesAreNeutralSiteInFrance() throws {
        let schedule = try RecordedFeeds.read(RecordedFeeds.nba, with: NBAScheduleLeague.read)
        let first = try #require(schedule["0022400621"])
        #expect(first.home.abbreviation == "IND" && first.away.abbreviation == "SAS")
        #expect(first.home.name == "Indiana Pacers")
        #expect(first.venue == FeedVenue(id: nil, name: "Accor Arena", city: "Paris", country: "FR"))
        #expect(first.isNeutralSite)
        #expect(first.start == RecordedFeeds.instant("2025-01-23T19:00:00Z"))
        #expect(first.localDate == CalendarDay(year: 2025, month: 1, day: 23))
        let second = try #require(schedule["0022400633"])
        #expect(second.home.abbreviation == "SAS" && second.isNeutralSite)
        let mexico = try #require(schedule["0022400147"])
        #expect(mexico.venue?.city == "Mexico City" && mexico.isNeutralSite)
        #expect(mexico.localDate == CalendarDay(year: 2024, month: 11, day: 2))
        #expect(schedule.games.count { $0.isNeutralSite } == 3)
        // A home game in Boston is neither neutral nor abroad.
        let opener = try #require(schedule["0022400061"])
        #expect(!opener.isNeutralSite && opener.venue?.state == "MA" && opener.venue?.country == "US")
    }

    @Test func statusesFollowGameStatusAndPostponedStatus() throws {
        let text = try String(decoding: RecordedFeeds.data(RecordedFeeds.nba), as: UTF8.self)
        let marker = try #require(text.range(of: "\"gameId\": \"0022400061\""))
        var edited = text.replacingOccurrences(
            of: "\"gameStatus\": 1", with: "\"gameStatus\": 3", options: [], range: marker.upperBound..<text.endIndex)
        edited = edited.replacingOccurrences(
            of: "\"postponedStatus\": \"A\"", with: "\"postponedStatus\": \"P\"", options: [],
            range: marker.upperBound..<edited.endIndex)
        let schedule = try NBAScheduleLeague.read(Data(edited.utf8), source: "edited")
        // Every game after the marker is edited: final, then postponed wins.
        #expect(schedule["0022400061"]?.status == .postponed)
        #expect(throws: FeedError.self) {
            try NBAScheduleLeague.read(Data("{\"leagueSchedule\": {\"seasonYear\": 2024}}".utf8), source: "x")
        }
    }
}
