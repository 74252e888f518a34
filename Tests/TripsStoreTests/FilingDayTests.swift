import Foundation
import TestSupport
import Testing
import TripsModel
import TripsZones

@testable import TripsStore

/// The day a game is filed under (the provider's day filter) is the day it is shown on (the
/// renderers' `LocalTimeFormatter`), because both read one tz database — even one that
/// disagrees with ICU, as the system's tzdata may after an update.
@Suite struct FilingDayTests {
    /// A tz database whose Chicago starts daylight time a week early (first Sunday of March:
    /// 2026-03-01 instead of 03-08), a rule the system's ICU has not seen.
    static func updatedDatabase() throws -> ZoneDatabase {
        let directory = try Fixtures.temporaryDirectory()
        let america = directory.appendingPathComponent("America")
        try FileManager.default.createDirectory(at: america, withIntermediateDirectories: true)
        let bytes = tzifBytes(abbreviation: "CST", offset: -21_600, footer: "CST6CDT,M3.1.0,M11.1.0")
        try Data(bytes).write(to: america.appendingPathComponent("Chicago"))
        return ZoneDatabase(directory: directory.path)
    }

    /// Houston games every 90 minutes from 2026-02-27 to 03-03, across the (early) spring-forward.
    static let games = (0..<80).map { i in
        let start = Fixtures.date("2026-02-27T00:15:00Z").addingTimeInterval(Double(i) * 5_400)
        return Game(
            id: "g\(i)", sport: "mlb", season: "2026", startTime: start, homeTeamId: Fixtures.astros.id,
            awayTeamId: Fixtures.yankees.id, stadiumId: Fixtures.daikin.id, gameNumber: 1)
    }

    @Test func eachGameIsFiledUnderTheDayItIsShownOn() throws {
        let zones = try Self.updatedDatabase()
        let provider = DataProvider(store: try Fixtures.store(games: Self.games), zones: zones)
        let formatter = LocalTimeFormatter(database: zones)
        for day in (0..<6).map({ CalendarDay(year: 2026, month: 2, day: 26).adding(days: $0) }) {
            let filed = try provider.games(GameQuery(fromDay: day, toDay: day)).map(\.id)
            let shown = Self.games.filter {
                formatter.parts(of: $0.startTime, zone: Fixtures.daikin.timeZone).day == day
            }.map(\.id)
            #expect(filed == shown, "\(day)")
            #expect(day.description == "2026-02-26" || !filed.isEmpty, "\(day)")
        }
    }

    /// The test above means something: with the updated rule, 05:30Z on 03-02 is 00:30 CDT on
    /// 03-02, where ICU's own rules still say 23:30 CST on 03-01 — filed and shown by the former.
    @Test func theDatabaseNotICUDecidesTheDay() throws {
        let zones = try Self.updatedDatabase()
        let late = Fixtures.game("g_late", "2026-03-02T05:30:00Z")
        let provider = DataProvider(store: try Fixtures.store(games: [late]), zones: zones)
        let march2 = CalendarDay(year: 2026, month: 3, day: 2)
        #expect(try provider.games(GameQuery(fromDay: march2, toDay: march2)).map(\.id) == ["g_late"])
        #expect(LocalTimeFormatter(database: zones).parts(of: late.startTime, zone: Fixtures.chicago).time == "00:30")
        var icu = Calendar(identifier: .gregorian)
        icu.timeZone = try #require(TimeZone(identifier: Fixtures.chicago))
        #expect(icu.component(.day, from: late.startTime) == 1)
    }
}
