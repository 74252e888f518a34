import Foundation
import Testing
import TripsModel
import TripsZones

@Suite struct ZoneDatabaseTests {
    static let zones = [
        "America/Chicago", "America/New_York", "America/Denver", "America/Phoenix", "America/Los_Angeles",
        "America/Toronto", "America/Mexico_City", "America/Indiana/Indianapolis", "America/Detroit", "Pacific/Honolulu",
        "Europe/London", "Europe/Stockholm", "Australia/Melbourne", "America/Sao_Paulo", "Asia/Tokyo", "UTC",
    ]

    /// Offsets agree with Foundation's time zones at many instants, from 1990 to 2045 — the
    /// later years exercise the POSIX rule in each file's footer.
    @Test(arguments: zones)
    func offsetsAgreeWithFoundation(zone: String) throws {
        let info = try #require(ZoneDatabase.system.zone(zone))
        let foundation = try #require(TimeZone(identifier: zone))
        var t = ISO8601DateFormatter().date(from: "1990-01-01T00:00:00Z")!
        let end = ISO8601DateFormatter().date(from: "2045-12-31T00:00:00Z")!
        while t < end {
            #expect(info.period(at: t).offset == foundation.secondsFromGMT(for: t), "\(zone) at \(t)")
            #expect(info.period(at: t).isDST == foundation.isDaylightSavingTime(for: t), "\(zone) at \(t)")
            t = t.addingTimeInterval(86_400 * 9 + 3_607)  // drifts across hours and weekdays
        }
    }

    /// The offset changes `nextTransition` reports, from the table and from the footer rule,
    /// are the ones Foundation reports, 2015–2040.
    @Test(arguments: ["America/Chicago", "America/Sao_Paulo", "Europe/London", "Australia/Melbourne"])
    func transitionsAgreeWithFoundation(zone: String) throws {
        let info = try #require(ZoneDatabase.system.zone(zone))
        let foundation = try #require(TimeZone(identifier: zone))
        let end = ISO8601DateFormatter().date(from: "2040-01-01T00:00:00Z")!
        var cursor = ISO8601DateFormatter().date(from: "2015-01-01T00:00:00Z")!
        var count = 0
        while let expected = foundation.nextDaylightSavingTimeTransition(after: cursor), expected < end {
            let next = try #require(info.nextTransition(after: Int64(cursor.timeIntervalSince1970)))
            #expect(Double(next) == expected.timeIntervalSince1970, "\(zone) after \(cursor)")
            cursor = expected
            count += 1
        }
        #expect(count > 0 || zone == "America/Sao_Paulo")
    }

    /// Local midnights and local days agree with Foundation's calendar, around DST changes too.
    @Test(arguments: ["America/Chicago", "America/Phoenix", "Europe/London", "Australia/Melbourne"])
    func daysAndMidnightsAgreeWithFoundation(zone: String) throws {
        let info = try #require(ZoneDatabase.system.zone(zone))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: zone))
        for dayNumber in CalendarDay(year: 2026, month: 1, day: 1)
            .dayNumber..<CalendarDay(year: 2027, month: 1, day: 1)
            .dayNumber
        {
            let day = CalendarDay(dayNumber: dayNumber)
            let midnight = calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day))!
            #expect(day.start(in: info) == midnight, "\(zone) \(day)")
            for hour in [0.0, 1.5, 2.5, 12, 23.99] {
                let t = midnight.addingTimeInterval(hour * 3600)
                let c = calendar.dateComponents([.year, .month, .day], from: t)
                #expect(CalendarDay(t, in: info) == CalendarDay(year: c.year!, month: c.month!, day: c.day!))
            }
        }
    }

    @Test func transitionsHappenAtTheRightSecond() throws {
        let chicago = try #require(ZoneDatabase.system.zone("America/Chicago"))
        // 2026-03-08 02:00 CST = 08:00Z: the clocks spring forward.
        let change = ISO8601DateFormatter().date(from: "2026-03-08T08:00:00Z")!
        #expect(chicago.period(at: change.addingTimeInterval(-1)).abbreviation == "CST")
        #expect(chicago.period(at: change).abbreviation == "CDT")
        #expect(chicago.period(at: change).offset == -5 * 3600)
    }

    @Test func unknownOrUnsafeIdentifiersAreRejected() {
        #expect(ZoneDatabase.system.zone("Mars/Olympus_Mons") == nil)
        #expect(ZoneDatabase.system.zone("../../etc/passwd") == nil)
        #expect(ZoneDatabase.system.zone("") == nil)
        #expect(ZoneDatabase(directory: "/nonexistent").zone("America/Chicago") == nil)
    }

    /// A Foundation zone with no tz file keeps its offset rather than becoming UTC.
    @Test func aFoundationZoneWithoutAFileKeepsItsOffset() throws {
        let fixed = try #require(TimeZone(secondsFromGMT: 5 * 3600 + 1800))
        let info = ZoneDatabase.system.zone(for: fixed)
        #expect(info.offset(at: Date(timeIntervalSince1970: 0)) == 19_800)
        #expect(ZoneDatabase.system.zone(for: TimeZone(identifier: "America/Chicago")!).identifier == "America/Chicago")
    }
}
