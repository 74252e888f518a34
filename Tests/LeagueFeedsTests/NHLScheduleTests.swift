import Foundation
import LeagueFeeds
import Testing
import TripsModel

@Suite struct NHLScheduleTests {
    @Test func aClubSeasonHasEveryGameTypedAndScored() throws {
        let json = try RecordedFeeds.json(RecordedFeeds.nhlClubSeason)
        let games = json["games"] as? [[String: Any]] ?? []
        let schedule = try RecordedFeeds.read(RecordedFeeds.nhlClubSeason, with: NHLSchedule.read)
        #expect(schedule.games.count == games.count)
        #expect(schedule.games.count == 101)
        #expect(schedule.games.count { $0.seasonType == .preseason } == games.count { $0["gameType"] as? Int == 1 })
        #expect(schedule.games.count { $0.seasonType == .regular } == 82)
        #expect(schedule.games.count { $0.seasonType == .postseason } == 13)
        #expect(schedule.games.allSatisfy { $0.status == .final && $0.score != nil && $0.season == "2024-25" })
        #expect(schedule.games.allSatisfy { $0.home.abbreviation == "TOR" || $0.away.abbreviation == "TOR" })
        // The club schedule's gameDate is the local date.
        // How each game ended is the feed's `gameOutcome.lastPeriodType` (REG, OT, SO).
        let ended: [String: Game.DecidedIn] = ["REG": .regulation, "OT": .overtime, "SO": .shootout]
        for (game, raw) in zip(schedule.games, games) {
            #expect(game.localDate.map { "\($0)" } == raw["gameDate"] as? String)
            let period = (raw["gameOutcome"] as? [String: Any])?["lastPeriodType"] as? String
            #expect(game.score?.decidedIn == period.flatMap { ended[$0] }, "\(game.gameId)")
        }
        let opener = try #require(schedule["2024010010"])
        #expect(opener.home.name == "Toronto Maple Leafs" && opener.home.location == "Toronto")
        #expect(opener.score == FeedScore(home: 5, away: 6, decidedIn: .overtime))
        #expect(opener.venue == FeedVenue(id: nil, name: "Scotiabank Arena", timeZone: "America/Toronto"))
    }

    @Test func aLeagueWeekDatesEachGameAtItsVenue() throws {
        let json = try RecordedFeeds.json(RecordedFeeds.nhlWeek)
        let days = json["gameWeek"] as? [[String: Any]] ?? []
        let schedule = try RecordedFeeds.read(RecordedFeeds.nhlWeek, with: NHLSchedule.read)
        #expect(schedule.games.count == json["numberOfGames"] as? Int)
        #expect(schedule.games.count == 50)
        // The day a game is listed under is its local day; the reader derives it from the start
        // and venueUTCOffset.
        for day in days {
            for raw in day["games"] as? [[String: Any]] ?? [] {
                let game = try #require(schedule[String(raw["id"] as? Int ?? 0)])
                #expect(game.localDate.map { "\($0)" } == day["date"] as? String)
            }
        }
        #expect(schedule.games.allSatisfy { $0.status == .final && !$0.timeTBD && !$0.isNeutralSite })
        let game = try #require(schedule["2024020006"])
        #expect(game.home.abbreviation == "MTL" && game.away.abbreviation == "TOR")
        #expect(game.score == FeedScore(home: 1, away: 0, decidedIn: .regulation))
    }

    @Test func aFutureWeekIsScheduledWithoutScores() throws {
        let schedule = try RecordedFeeds.read(RecordedFeeds.nhlWeek2026, with: NHLSchedule.read)
        #expect(schedule.games.count == 47)
        #expect(schedule.games.allSatisfy { $0.status == .scheduled && $0.score == nil && $0.season == "2026-27" })
        #expect(schedule.games.contains { $0.home.id == "68" || $0.away.id == "68" })  // Utah
        let game = try #require(schedule["2026020048"])
        #expect(game.start == RecordedFeeds.instant("2026-10-07T00:00:00Z"))
        #expect(game.away.abbreviation == "NYI" && game.home.abbreviation == "NYR")
        #expect(game.localDate == CalendarDay(year: 2026, month: 10, day: 6))
    }

    /// The recorded games are all `gameScheduleState` OK; the other states are tried on a copy
    /// of a recorded week with the state of the games from 2026020009 on replaced.
    @Test(arguments: [("TBD", FeedGameStatus.scheduled, true), ("PPD", .postponed, false), ("CNCL", .cancelled, false)])
    func scheduleStatesOtherThanOK(state: String, status: FeedGameStatus, tbd: Bool) throws {
        let text = try String(decoding: RecordedFeeds.data(RecordedFeeds.nhlWeek2026), as: UTF8.self)
        let marker = "\"id\": 2026020009,"
        let range = try #require(text.range(of: marker))
        let edited = text.replacingOccurrences(
            of: "\"gameScheduleState\": \"OK\"", with: "\"gameScheduleState\": \"\(state)\"", options: [],
            range: range.upperBound..<text.endIndex)
        let schedule = try NHLSchedule.read(Data(edited.utf8), source: "edited")
        let game = try #require(schedule["2026020009"])
        #expect(game.status == status)
        #expect(game.timeTBD == tbd)
        #expect((game.postponement != nil) == (status == .postponed))
    }

    @Test func aResponseOfNeitherShapeIsRefused() throws {
        #expect(throws: FeedError.self) { try NHLSchedule.read(Data("{\"other\": 1}".utf8), source: "x.json") }
        #expect(throws: FeedError.self) {
            try NHLSchedule.read(Data("{\"games\": [{\"id\": \"x\"}]}".utf8), source: "x.json")
        }
    }
}
