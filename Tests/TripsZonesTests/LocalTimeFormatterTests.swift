import Foundation
import Testing
import TripsZones

@Suite struct LocalTimeFormatterTests {
    @Test func formatterShowsRealAbbreviationsNotGMTOffsets() {
        let f = LocalTimeFormatter()
        let date = ISO8601DateFormatter().date(from: "2026-03-28T00:15:00Z")!
        let parts = f.parts(of: date, zone: "America/Chicago")
        #expect(parts.date == "2026-03-27")
        #expect(parts.time == "19:15")
        #expect(parts.zoneAbbreviation == "CDT")
        #expect(parts.weekday == "Fri")
        #expect(f.parts(of: date, zone: "America/Phoenix").zoneAbbreviation == "MST")
        #expect(f.parts(of: date, zone: "Europe/London").time == "00:15")
    }

    /// Before 1970 the day is still the earlier one (floor, not truncating division).
    @Test func instantsBefore1970FallOnTheRightDay() {
        let parts = LocalTimeFormatter().parts(of: Date(timeIntervalSince1970: -1), zone: "UTC")
        #expect(parts.date == "1969-12-31")
        #expect(parts.time == "23:59")
        #expect(parts.weekday == "Wed")
    }
}
