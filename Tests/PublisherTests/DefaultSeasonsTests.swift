import Publisher
import Testing
import TripsModel

/// Which seasons a plain `trips sync` asks each league for.
@Suite struct DefaultSeasonsTests {
    @Test func theSeasonUnderWayAndMLBsNextOnceItMayBePublished() {
        let december = CalendarDay(year: 2026, month: 12, day: 1)
        #expect(SeasonFeeds.defaultSeasons(of: "nhl", on: december) == ["2026-27"])
        #expect(SeasonFeeds.defaultSeasons(of: "nba", on: december) == ["2026-27"])
        #expect(SeasonFeeds.defaultSeasons(of: "nfl", on: december) == ["2026"])
        #expect(SeasonFeeds.defaultSeasons(of: "mlb", on: december) == ["2027"])
        let september = CalendarDay(year: 2026, month: 9, day: 15)
        #expect(SeasonFeeds.defaultSeasons(of: "mlb", on: september) == ["2026", "2027"])
        #expect(SeasonFeeds.defaultSeasons(of: "nhl", on: september) == ["2026-27"])
        let may = CalendarDay(year: 2027, month: 5, day: 1)
        #expect(SeasonFeeds.defaultSeasons(of: "mlb", on: may) == ["2027"])
        #expect(SeasonFeeds.defaultSeasons(of: "nba", on: may) == ["2026-27"])
    }
}
