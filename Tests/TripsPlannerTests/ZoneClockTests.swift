import Foundation
import Testing
import TripsModel

@testable import TripsPlanner

/// The planner's fast clock gives the days and midnights of the zone rules it was built from —
/// the ones the store files games by — inside its tables and outside them, across DST changes.
@Suite struct ZoneClockTests {
    @Test(arguments: ["America/Chicago", "America/Phoenix", "Europe/London"])
    func daysAndMidnightsAreTheZoneRules(identifier: String) throws {
        let zone = try #require(Fixture.zones(identifier))
        let spring = Fixture.instant("2026-03-06 00:00", zone: "UTC").timeIntervalSince1970
        let fall = Fixture.instant("2026-10-23 00:00", zone: "UTC").timeIntervalSince1970
        // Covers the spring change only: the autumn one is answered by the rules directly.
        let clock = ZoneClock(zone: zone, covering: (spring - 86_400)...(spring + 30 * 86_400))
        let springHalfHours: [Double] = Array(stride(from: spring, to: spring + 28 * 86_400, by: 1_800))
        let fallHalfHours: [Double] = Array(stride(from: fall, to: fall + 21 * 86_400, by: 1_800))
        for t in springHalfHours + fallHalfHours {
            let day = CalendarDay(Date(timeIntervalSince1970: t), in: zone)
            #expect(clock.day(at: t) == day.dayNumber, "\(identifier) at \(t)")
            #expect(
                clock.startOfDay(day.dayNumber) == day.start(in: zone).timeIntervalSince1970, "\(identifier) \(day)")
        }
    }
}
