import Foundation
import Testing
import TripsModel

@Suite struct ZoneInfoTests {
    static let zones = [
        "America/Chicago", "America/New_York", "America/Denver", "America/Phoenix", "America/Los_Angeles",
        "America/Toronto", "America/Mexico_City", "America/Indiana/Indianapolis", "America/Detroit", "Pacific/Honolulu",
        "Europe/London", "Europe/Stockholm", "Australia/Melbourne", "America/Sao_Paulo", "Asia/Tokyo", "UTC",
    ]

    /// Offsets agree with Foundation's time zones at many instants, from 1990 to 2045 — the
    /// later years exercise the POSIX rule in each file's footer.
    @Test(arguments: zones)
    func offsetsAgreeWithFoundation(zone: String) throws {
        let info = try #require(ZoneInfo(identifier: zone))
        let foundation = try #require(TimeZone(identifier: zone))
        var t = ISO8601DateFormatter().date(from: "1990-01-01T00:00:00Z")!
        let end = ISO8601DateFormatter().date(from: "2045-12-31T00:00:00Z")!
        while t < end {
            #expect(info.period(at: t).offset == foundation.secondsFromGMT(for: t), "\(zone) at \(t)")
            #expect(info.period(at: t).isDST == foundation.isDaylightSavingTime(for: t), "\(zone) at \(t)")
            t = t.addingTimeInterval(86_400 * 9 + 3_607)  // drifts across hours and weekdays
        }
    }

    @Test func transitionsHappenAtTheRightSecond() throws {
        let chicago = try #require(ZoneInfo(identifier: "America/Chicago"))
        // 2026-03-08 02:00 CST = 08:00Z: the clocks spring forward.
        let change = ISO8601DateFormatter().date(from: "2026-03-08T08:00:00Z")!
        #expect(chicago.period(at: change.addingTimeInterval(-1)).abbreviation == "CST")
        #expect(chicago.period(at: change).abbreviation == "CDT")
        #expect(chicago.period(at: change).offset == -5 * 3600)
    }

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

    @Test func theFooterRuleCoversYearsBeyondTheLastTransition() throws {
        // A file with no transitions at all, only the footer: everything comes from the rule.
        var bytes: [UInt8] = Array("TZif2".utf8) + [UInt8](repeating: 0, count: 15)
        let v1Counts: [UInt32] = [0, 0, 0, 0, 1, 4]  // isut, isstd, leap, time, type, char
        for c in v1Counts { bytes += withUnsafeBytes(of: c.bigEndian, Array.init) }
        bytes += [0xFF, 0xFF, 0xAB, 0xA0, 0, 0] + Array("CST\0".utf8)  // one type: CST, −21600 s
        let header = bytes.prefix(20)
        bytes += header
        for c in v1Counts { bytes += withUnsafeBytes(of: c.bigEndian, Array.init) }
        bytes += [0xFF, 0xFF, 0xAB, 0xA0, 0, 0] + Array("CST\0".utf8)
        bytes += Array("\nCST6CDT,M3.2.0,M11.1.0\n".utf8)
        let info = try #require(ZoneInfo(identifier: "Test/Central", tzif: bytes))
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
    }

    @Test func unknownOrUnsafeIdentifiersAreRejected() {
        #expect(ZoneInfo(identifier: "Mars/Olympus_Mons") == nil)
        #expect(ZoneInfo(identifier: "../../etc/passwd") == nil)
        #expect(ZoneInfo(identifier: "") == nil)
        #expect(ZoneInfo(identifier: "x", tzif: Array("not a tz file at all, clearly, no".utf8)) == nil)
    }
}
