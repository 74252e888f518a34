import Foundation
import Testing
import TripsModel
import TripsZones

@testable import TripsInput

@Suite struct DayInputTests {
    // 2026-11-22 03:00 UTC is still 2026-11-21 in Chicago.
    let now = ISO8601DateFormatter().date(from: "2026-11-22T03:00:00Z")!

    @Test func parsesAbsoluteAndRelativeDaysInTheUsersZone() {
        let chicago = ZoneDatabase.system.zone("America/Chicago")!
        #expect(DayInput.parse("2026-06-01", now: now, zone: chicago)?.description == "2026-06-01")
        #expect(DayInput.parse("today", now: now, zone: chicago)?.description == "2026-11-21")
        #expect(DayInput.parse("TODAY", now: now, zone: .utc)?.description == "2026-11-22")
        #expect(DayInput.parse("tomorrow", now: now, zone: chicago)?.description == "2026-11-22")
        #expect(DayInput.parse("+7d", now: now, zone: chicago)?.description == "2026-11-28")
        #expect(DayInput.parse("-1w", now: now, zone: chicago)?.description == "2026-11-14")
    }

    @Test(arguments: ["2026-13-01", "2026-02-30", "06/01/2026", "next week", "+d", "7d", ""])
    func rejectsAnythingElse(input: String) {
        #expect(DayInput.parse(input, now: now, zone: .utc) == nil)
    }
}

@Suite struct WeekendWordTests {
    /// Noon UTC on each day of the week of Mon 2026-11-23.
    func noon(_ day: String) -> Date { ISO8601DateFormatter().date(from: "\(day)T12:00:00Z")! }

    /// "today first last nextFirst nextLast".
    @Test(arguments: [
        "2026-11-23 2026-11-27 2026-11-29 2026-12-04 2026-12-06",  // Monday
        "2026-11-26 2026-11-27 2026-11-29 2026-12-04 2026-12-06",  // Thursday
        "2026-11-27 2026-11-27 2026-11-29 2026-12-04 2026-12-06",  // Friday
        "2026-11-28 2026-11-28 2026-11-29 2026-12-04 2026-12-06",  // Saturday: Sat–Sun
        "2026-11-29 2026-11-29 2026-11-29 2026-12-04 2026-12-06",  // Sunday: today only
    ])
    func thisAndNextWeekend(days: String) {
        let d = days.split(separator: " ").map(String.init)
        let (today, first, last, nextFirst, nextLast) = (d[0], d[1], d[2], d[3], d[4])
        let now = noon(today)
        let this = DayInput.span("this weekend", now: now, zone: .utc)
        #expect(this?.first.description == first)
        #expect(this?.last.description == last)
        let next = DayInput.span("Next  Weekend", now: now, zone: .utc)
        #expect(next?.first.description == nextFirst)
        #expect(next?.last.description == nextLast)
        #expect(DayInput.parse("this weekend", now: now, zone: .utc)?.description == first)
        #expect(DayInput.span("tonight", now: now, zone: .utc)?.first.description == today)
        #expect(DayInput.span("tonight", now: now, zone: .utc)?.last.description == today)
    }
}
