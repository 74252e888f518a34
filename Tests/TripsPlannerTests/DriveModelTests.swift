import Foundation
import Testing

@testable import TripsPlanner

/// The driving rules on one leg: daily limit, night rest (a leg set off after a game is driven
/// that evening only if all of it fits), earlier driving that still counts, night driving's
/// limit between 8 h rests, and DST.
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

    @Test func aLegThatFitsBeforeTheNightIsDrivenThatEvening() {
        let (arrival, segments) = drive(hours: 1, from: "2026-06-01 21:30")
        #expect(arrival == Self.at("2026-06-01 22:30"))
        #expect(segments.count == 1)
    }

    @Test func aLegThatDoesNotFitBeforeTheNightWaitsForTheMorning() {
        // 2 h from 22:30 would cross 23:00: the fan sleeps where they are and leaves at 07:00.
        let (arrival, segments) = drive(hours: 2, from: "2026-06-01 22:30")
        #expect(arrival == Self.at("2026-06-02 09:00"))
        #expect(segments.map(\.start) == [Self.at("2026-06-02 07:00")])
    }

    @Test func theDailyLimitSplitsALongDriveOverDays() {
        let (arrival, segments) = drive(hours: 10, from: "2026-06-01 07:00")
        #expect(arrival == Self.at("2026-06-02 11:00"))
        #expect(segments.map(\.seconds) == [6 * 3600, 4 * 3600])
    }

    @Test func drivingAlreadyDoneTodayCountsAgainstTheLimit() {
        // 5 h driven already: 3 more would break the 6 h limit tonight, so it waits for 07:00.
        let (arrival, _) = drive(hours: 3, from: "2026-06-01 16:30", used: 5)
        #expect(arrival == Self.at("2026-06-02 10:00"))
        let (tonight, _) = drive(hours: 1, from: "2026-06-01 16:30", used: 5)
        #expect(tonight == Self.at("2026-06-01 17:30"))
    }

    @Test func theMorningAfterASpringForwardNightComesAnHourSooner() {
        // 2026-03-08: clocks go from 02:00 CST to 03:00 CDT; 07:00 CDT is 12:00 UTC.
        let (arrival, _) = drive(hours: 2, from: "2026-03-07 22:30")
        #expect(arrival == Self.utc("2026-03-08 14:00"))
    }

    @Test func theMorningAfterAFallBackNightComesAnHourLater() {
        // 2026-11-01: clocks go from 02:00 CDT back to 01:00 CST; 07:00 CST is 13:00 UTC.
        let (arrival, _) = drive(hours: 2, from: "2026-10-31 22:30")
        #expect(arrival == Self.utc("2026-11-01 15:00"))
    }

    @Test func overnightDrivingWhenAllowedRunsThroughMidnight() {
        let model = DriveModel(DrivingRules(maxHoursPerDay: 6, allowsOvernightDriving: true))
        let (arrival, segments) = drive(hours: 2, from: "2026-06-01 22:30", model: model)
        #expect(arrival == Self.at("2026-06-02 00:30"))
        #expect(segments.map(\.seconds) == [2 * 3600])
    }

    @Test func withNightDrivingTheLimitHoldsBetweenRestsNotPerCalendarDay() {
        // 10 h from 20:00 with a 6 h limit: 20:00–02:00, 8 h rest, 10:00–14:00 — midnight resets nothing.
        let model = DriveModel(DrivingRules(maxHoursPerDay: 6, allowsOvernightDriving: true))
        let (arrival, segments) = drive(hours: 10, from: "2026-06-01 20:00", model: model)
        #expect(arrival == Self.at("2026-06-02 14:00"))
        #expect(segments.map(\.seconds) == [6 * 3600, 4 * 3600])
        #expect(segments.last?.start == Self.at("2026-06-02 10:00"))
        // 4 h already driven since the last rest leaves 2 h before the next one.
        let (tired, _) = drive(hours: 3, from: "2026-06-01 22:00", used: 4, model: model)
        #expect(tired == Self.at("2026-06-02 09:00"))
    }

    @Test func theDrivingThatCountsGoesBackToTheLastLongRest() {
        let night = DriveModel(DrivingRules(maxHoursPerDay: 6, allowsOvernightDriving: true))
        let stretches = [
            DriveSegment(start: Self.at("2026-06-01 08:00"), end: Self.at("2026-06-01 10:00")),
            DriveSegment(start: Self.at("2026-06-01 19:00"), end: Self.at("2026-06-01 20:00")),
            DriveSegment(start: Self.at("2026-06-01 23:00"), end: Self.at("2026-06-02 01:00")),
        ]
        // The 9 h break after 10:00 is a rest; the 3 h one after 20:00 is not.
        #expect(night.duty(leaving: Self.at("2026-06-02 03:00"), after: stretches, clock: Self.chicago) == 3 * 3600)
        #expect(night.duty(leaving: Self.at("2026-06-02 09:00"), after: stretches, clock: Self.chicago) == 0)
        // Without night driving it is that calendar day's driving.
        #expect(
            Self.rules.duty(leaving: Self.at("2026-06-01 21:00"), after: stretches, clock: Self.chicago) == 4 * 3600)
    }

    @Test func aLegLongerThanAnyCalendarAllowsIsImpossible() {
        let model = DriveModel(DrivingRules(maxHoursPerDay: 0.001))
        let (arrival, _) = drive(hours: 100, from: "2026-06-01 07:00", model: model)
        #expect(arrival == .infinity)
    }

    static func utc(_ text: String) -> Double { Fixture.instant(text, zone: "UTC").timeIntervalSince1970 }

    /// A leg across zones keeps the driving day on both ends' clocks: a westbound morning does not
    /// start before 07:00 where the fan wakes (it did: 04:00 PDT on the fourth day from Charlotte),
    /// an eastbound evening does not end after 23:00 where they arrive.
    @Test func aLegAcrossZonesDrivesOnlyWhenItIsDayAtBothEnds() {
        let newYork = ZoneClock(zone: Fixture.zones("America/New_York")!, covering: 1.7e9...1.9e9)
        let denver = ZoneClock(zone: Fixture.zones("America/Denver")!, covering: 1.7e9...1.9e9)
        let model = DriveModel(DrivingRules(maxHoursPerDay: 11))
        var log = FullDriveLog()
        let leave = Fixture.instant("2026-06-01 07:00", zone: "America/New_York").timeIntervalSince1970
        _ = model.arrival(driving: 30 * 3600, from: leave, clock: newYork, toward: denver, usedToday: 0, log: &log)
        #expect(log.segments.count == 3)
        for segment in log.segments.dropFirst() {
            #expect(segment.start == denver.opening(denver.day(at: segment.start)), "mornings start 07:00 in Denver")
        }
        // Eastbound after a game at 21:00 Denver time: 2 h would end 01:00 in New York, so it waits.
        var east = FullDriveLog()
        let night = Fixture.instant("2026-06-01 21:00", zone: "America/Denver").timeIntervalSince1970
        _ = model.arrival(driving: 2 * 3600, from: night, clock: denver, toward: newYork, usedToday: 0, log: &east)
        #expect(east.segments.count == 1)
        #expect((east.segments.first?.start ?? 0) == denver.opening(denver.day(at: night) + 1))
        // Without the far end's clock the same leg is driven that night (the old reading).
        var alone = FullDriveLog()
        _ = model.arrival(driving: 2 * 3600, from: night, clock: denver, usedToday: 0, log: &alone)
        #expect(alone.segments.first?.start == night)
    }
}

/// A hop between neighbouring venues (`DriveModel.hopSeconds`) is not driving: Cleveland's
/// football and basketball buildings, a mile apart, after a day's full drive.
@Suite struct HopTests {
    static func at(_ local: String) -> Double { DriveModelTests.at(local) }

    @Test func aHopAfterTheDaysLimitIsDrivenAtOnceAndCountsNothing() {
        var log = FullDriveLog()
        let hop = DriveModelTests.rules.drive(
            60, from: Self.at("2026-06-01 23:30"), clock: DriveModelTests.chicago, used: 6 * 3600, log: &log)
        #expect(hop.arrival == Self.at("2026-06-01 23:31"))
        #expect(hop.duty == 6 * 3600)
        #expect(log.segments.map(\.isHop) == [true])
        // A minute more than a hop is driving: past the limit and 23:00, it waits for the morning.
        let drive = DriveModelTests.rules.drive(
            DriveModel.hopSeconds + 60, from: Self.at("2026-06-01 23:30"), clock: DriveModelTests.chicago,
            used: 6 * 3600, log: &log)
        #expect(drive.arrival == Self.at("2026-06-02 07:04"))
    }

    @Test func withNightDrivingAHopDoesNotEndTheRestItFallsIn() {
        var model = DriveModelTests.rules
        model.allowsOvernight = true
        let morning = DriveSegment(start: Self.at("2026-06-01 06:00"), end: Self.at("2026-06-01 12:00"))
        let hop = DriveSegment(start: Self.at("2026-06-01 16:45"), end: Self.at("2026-06-01 16:46"), isHop: true)
        // 9 h since the morning's drive, the hop in it: rested.
        #expect(
            model.duty(leaving: Self.at("2026-06-01 21:00"), after: [morning, hop], clock: DriveModelTests.chicago) == 0
        )
        // The same minute as a drive ends the rest at 4 h 14 min: 6 h and a minute count.
        var drive = hop
        drive.isHop = false
        #expect(
            model.duty(leaving: Self.at("2026-06-01 21:00"), after: [morning, drive], clock: DriveModelTests.chicago)
                == 6 * 3600 + 60)
        // By day, the day's driving leaves the hop out.
        #expect(
            DriveModelTests.rules.duty(
                leaving: Self.at("2026-06-01 17:00"), after: [morning, hop], clock: DriveModelTests.chicago) == 6 * 3600
        )
    }

    /// A full day's drive to the afternoon game, then the evening game next door: both, as the
    /// reference planner finds too.
    @Test func theEveningGameNextDoorFollowsAFullDaysDrive() throws {
        for (apart, both) in [(0.5, true), (8.0, false)] {
            var f = Fixture()
            f.stadium("a", milesNorth: 0)
            f.stadium("b", milesNorth: 0, milesEast: apart)
            f.game("afternoon", at: "a", "2026-06-01 13:00")
            f.game("evening", at: "b", "2026-06-01 18:00")
            var request = Fixture.request("2026-06-01", "2026-06-01", options: 1)
            request.driving.maxHoursPerDay = 3
            // 2 h 59.8 min of the 3 h limit to get there (a mile a minute): a 30-second hop counts
            // against no limit; an 8-minute drive waits for tomorrow.
            request.start = f.place("home", milesNorth: -179.8)
            let result = try f.plan(request)
            #expect((result.paths.first == ["afternoon", "evening"]) == both, "\(apart) miles apart")
            let reference = ReferencePlanner(request: request, games: f.games, durations: ["mlb": 180])
            #expect(reference.rankedTrips().first?.ids == result.paths.first)
        }
    }
}
