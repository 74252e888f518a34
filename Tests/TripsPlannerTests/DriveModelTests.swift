import Foundation
import Testing

@testable import TripsPlanner

/// The driving rules on one leg: daily limit, night rest, earlier driving that day, and DST.
@Suite struct DriveModelTests {
    static let chicago = ZoneClock(zone: Fixture.zones("America/Chicago")!, covering: 1.7e9...1.9e9)
    static let rules = DriveModel(DrivingRules(maxHoursPerDay: 6))

    static func at(_ local: String) -> Double { Fixture.instant(local, zone: "America/Chicago").timeIntervalSince1970 }

    func drive(hours: Double, from local: String, used: Double = 0, model: DriveModel = rules) -> (
        Double, [DriveSegment]
    ) {
        var log = FullDriveLog()
        let arrival = model.arrival(
            driving: hours * 3600, from: Self.at(local), clock: Self.chicago, usedToday: used * 3600, log: &log)
        return (arrival, log.segments)
    }

    @Test func aShortDriveArrivesTheSameDayWithoutStops() {
        let (arrival, segments) = drive(hours: 2, from: "2026-06-01 10:00")
        #expect(arrival == Self.at("2026-06-01 12:00"))
        #expect(segments.count == 1)
    }

    @Test func theNightRestPausesDrivingFrom23To07() {
        let (arrival, segments) = drive(hours: 2, from: "2026-06-01 22:30")
        #expect(arrival == Self.at("2026-06-02 08:30"))
        #expect(segments.map(\.start) == [Self.at("2026-06-01 22:30"), Self.at("2026-06-02 07:00")])
    }

    @Test func theDailyLimitSplitsALongDriveOverDays() {
        let (arrival, segments) = drive(hours: 10, from: "2026-06-01 07:00")
        #expect(arrival == Self.at("2026-06-02 11:00"))
        #expect(segments.map(\.seconds) == [6 * 3600, 4 * 3600])
    }

    @Test func drivingAlreadyDoneTodayCountsAgainstTheLimit() {
        let (arrival, _) = drive(hours: 3, from: "2026-06-01 16:30", used: 5)
        #expect(arrival == Self.at("2026-06-02 09:00"))
    }

    @Test func theMorningAfterASpringForwardNightComesAnHourSooner() {
        // 2026-03-08: clocks go from 02:00 CST to 03:00 CDT; 07:00 CDT is 12:00 UTC.
        let (arrival, _) = drive(hours: 2, from: "2026-03-07 22:30")
        #expect(arrival == Self.utc("2026-03-08 13:30"))
    }

    @Test func theMorningAfterAFallBackNightComesAnHourLater() {
        // 2026-11-01: clocks go from 02:00 CDT back to 01:00 CST; 07:00 CST is 13:00 UTC.
        let (arrival, _) = drive(hours: 2, from: "2026-10-31 22:30")
        #expect(arrival == Self.utc("2026-11-01 14:30"))
    }

    @Test func overnightDrivingWhenAllowedRunsThroughMidnight() {
        let model = DriveModel(DrivingRules(maxHoursPerDay: 6, allowsOvernightDriving: true))
        let (arrival, segments) = drive(hours: 2, from: "2026-06-01 22:30", model: model)
        #expect(arrival == Self.at("2026-06-02 00:30"))
        #expect(segments.map(\.seconds) == [1.5 * 3600, 0.5 * 3600])
    }

    @Test func aLegLongerThanAnyCalendarAllowsIsImpossible() {
        let model = DriveModel(DrivingRules(maxHoursPerDay: 0.001))
        let (arrival, _) = drive(hours: 100, from: "2026-06-01 07:00", model: model)
        #expect(arrival == .infinity)
    }

    static func utc(_ text: String) -> Double { Fixture.instant(text, zone: "UTC").timeIntervalSince1970 }
}
