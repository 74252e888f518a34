import Foundation
import Testing
import TripsModel

@Suite struct ZoneInfoTests {
    @Test func theFooterRuleCoversYearsBeyondTheLastTransition() throws {
        // A zone with no transitions at all, only the rule: everything comes from the rule.
        let info = try #require(
            ZoneInfo(
                identifier: "Test/Central", transitions: [], transitionPeriods: [],
                periods: [ZoneInfo.Period(offset: -21_600, isDST: false, abbreviation: "CST")],
                rule: "CST6CDT,M3.2.0,M11.1.0"))
        let summer = ISO8601DateFormatter().date(from: "2031-07-04T17:00:00Z")!
        let winter = ISO8601DateFormatter().date(from: "2031-12-04T17:00:00Z")!
        #expect(info.period(at: summer).offset == -18_000)
        #expect(info.period(at: summer).isDST)
        #expect(info.period(at: summer).abbreviation == "CDT")
        #expect(info.period(at: winter).offset == -21_600)
        #expect(info.period(at: winter).abbreviation == "CST")
        // Second Sunday of March 2031 is the 9th; 02:00 CST = 08:00Z.
        let springForward = ISO8601DateFormatter().date(from: "2031-03-09T08:00:00Z")!
        #expect(info.period(at: springForward.addingTimeInterval(-1)).abbreviation == "CST")
        #expect(info.period(at: springForward).abbreviation == "CDT")
        #expect(
            info.nextTransition(after: Int64(winter.timeIntervalSince1970) - 300 * 86_400)
                == Int64(springForward.timeIntervalSince1970))
        // 02:30 on the spring-forward day does not exist: it is read in standard time (03:30 CDT).
        let gap = Int64(CalendarDay(year: 2031, month: 3, day: 9).dayNumber) * 86_400 + 9_000
        #expect(info.instant(localSeconds: gap) == Int64(springForward.timeIntervalSince1970) + 1_800)
    }

    @Test func rulesWhoseTransitionsNameNoPeriodAreRejected() {
        let cst = ZoneInfo.Period(offset: -21_600, isDST: false, abbreviation: "CST")
        #expect(ZoneInfo(identifier: "x", transitions: [0], transitionPeriods: [1], periods: [cst], rule: nil) == nil)
        #expect(ZoneInfo(identifier: "x", transitions: [0], transitionPeriods: [], periods: [cst], rule: nil) == nil)
        #expect(ZoneInfo(identifier: "x", transitions: [], transitionPeriods: [], periods: [], rule: nil) == nil)
    }

    /// A fixed zone never changes; UTC's day of an instant is the floor of its days since 1970.
    @Test func fixedZonesHaveOneOffsetAndNoTransitions() {
        let plus530 = ZoneInfo(identifier: "GMT+0530", fixedOffset: 19_800, abbreviation: "GMT+5:30")
        #expect(plus530.nextTransition(after: 0) == nil)
        #expect(plus530.offset(at: Date(timeIntervalSince1970: 1e9)) == 19_800)
        #expect(CalendarDay(Date(timeIntervalSince1970: -1), in: .utc) == CalendarDay(year: 1969, month: 12, day: 31))
        #expect(CalendarDay(Date(timeIntervalSince1970: 86_400 - 19_800), in: plus530).description == "1970-01-02")
        #expect(CalendarDay(year: 1970, month: 1, day: 2).start(in: plus530).timeIntervalSince1970 == 86_400 - 19_800)
    }
}
