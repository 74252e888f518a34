import Foundation
import Testing
import TripsModel
import TripsZones

@testable import TripsCLI

@Suite struct DayInputTests {
    // 2026-11-22 03:00 UTC is still 2026-11-21 in Chicago.
    let now = ISO8601.parse("2026-11-22T03:00:00Z")!

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

@Suite struct ISO8601ParseTests {
    @Test func parsesWhatISO8601DateFormatterParses() {
        for text in [
            "2026-03-28T00:15:00Z", "2026-06-01T18:40:00-05:00", "1969-12-31T23:59:59Z",
        ] {
            #expect(ISO8601.parse(text) == ISO8601DateFormatter().date(from: text), "\(text)")
        }
        #expect(ISO8601.parse("2026-03-28T00:15:00Z").map(ISO8601.string) == "2026-03-28T00:15:00Z")
    }

    @Test(arguments: ["", "2026-03-28", "2026-03-28T00:15Z", "2026-13-28T00:15:00Z", "2026-03-28T25:00:00Z", "x"])
    func rejectsOtherText(text: String) {
        #expect(ISO8601.parse(text) == nil)
    }
}
