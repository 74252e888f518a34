import Foundation
import Testing

@testable import TripsPlanner

/// How a leg is driven when the rules allow several ways (issue 29): the driving days the
/// earliest schedule takes, shared evenly, starting at 09:00 where the day and the deadline
/// allow; with night driving, 07:00–23:00 when that still arrives in time.
@Suite struct DriveComfortTests {
    static let chicago = DriveModelTests.chicago
    static func at(_ local: String) -> Double { DriveModelTests.at(local) }

    func schedules(
        hours: Double, from local: String, by deadline: String, model: DriveModel = DriveModelTests.rules
    ) -> [[DriveSegment]] {
        model.schedules(
            hours * 3600, from: Self.at(local), clock: Self.chicago, toward: nil, used: 0, deadline: Self.at(deadline))
    }

    @Test func aLongDriveWithDaysToSpareIsSharedEvenlyNotSixHoursAndForty() {
        // 6 h 40 min at 6 h a day, the game three days off: not 6 h then 40 min (a night 37
        // miles short), but 3 h 20 min each day, from 09:00.
        let options = schedules(hours: 20.0 / 3, from: "2026-10-19 07:00", by: "2026-10-22 18:45")
        let first = options[0]
        #expect(first.count == 2)
        #expect(first.allSatisfy { abs($0.seconds - 10 * 3600 / 3) < 1 })
        #expect(first.map(\.start) == [Self.at("2026-10-19 09:00"), Self.at("2026-10-20 09:00")])
        // The earliest schedule is always last, for when a later game needs it.
        #expect(options.last?.map(\.seconds) == [6 * 3600, 2400])
    }

    @Test func aDriveDueThatAfternoonStillStartsEarlyEnoughToArriveAnHourAhead() {
        // 5 h for a 13:30 deadline: a 09:00 start would arrive 14:00, so it starts 07:30.
        let first = schedules(hours: 5, from: "2026-06-01 07:00", by: "2026-06-01 13:30")[0]
        #expect(first.map(\.start) == [Self.at("2026-06-01 07:30")])
    }

    @Test func aDriveSetOffAfterAGameThatFitsTonightIsDrivenTonight() {
        let options = schedules(hours: 1, from: "2026-06-01 21:30", by: "2026-06-02 18:00")
        #expect(options.map { $0.map(\.start) } == [[Self.at("2026-06-01 21:30")]])
    }

    @Test func nightDrivingSleepsAtNightWhenTheDayStillArrivesInTime() {
        var model = DriveModelTests.rules
        model.allowsOvernight = true
        // Leaving at 22:30 with 8 h to drive and two days to do it: by day, not through the night.
        let first = schedules(hours: 8, from: "2026-06-01 22:30", by: "2026-06-03 18:00", model: model)[0]
        #expect(
            first.allSatisfy { segment in
                let hour = (segment.start - Self.chicago.startOfDay(Self.chicago.day(at: segment.start))) / 3600
                return hour >= 7 && hour + segment.seconds / 3600 <= 23
            })
        // Set off at 16:10 with 7 h to drive by tomorrow noon: this evening, a night's sleep,
        // the rest in the morning — not 3.6 h now, an 8-hour rest, and on at 03:43.
        let evening = schedules(hours: 7, from: "2026-06-01 16:10", by: "2026-06-02 12:00", model: model)[0]
        #expect(evening.count == 2)
        #expect(evening.first?.start == Self.at("2026-06-01 16:10"))
        #expect(evening.allSatisfy { Self.at("2026-06-01 16:10") <= $0.start && $0.end <= Self.at("2026-06-02 12:00") })
        #expect(evening.last.map { $0.start >= Self.at("2026-06-02 07:00") } == true)
        // Due by 06:00 next morning, only the night drive makes it.
        let night = schedules(hours: 6, from: "2026-06-01 22:30", by: "2026-06-02 06:00", model: model)
        #expect(night.count == 1)
        #expect(night[0].first?.start == Self.at("2026-06-01 22:30"))
    }

    @Test func aNightDriveThatMustBeDrivenStillSleepsAsLongAsTheGameAllows() {
        var model = DriveModelTests.rules
        model.allowsOvernight = true
        // 12 h at 6 h between 8-hour rests, due at noon tomorrow: no day's driving makes it, and
        // as early as the rules allow would drive on at 22:00 until 04:00. The last stint waits
        // until it arrives an hour ahead: 05:00–11:00, two hours of night instead of five.
        let options = schedules(hours: 12, from: "2026-06-01 08:00", by: "2026-06-02 12:00", model: model)
        #expect(options.first?.map(\.start) == [Self.at("2026-06-01 08:00"), Self.at("2026-06-02 05:00")])
        #expect(options.last?.map(\.start) == [Self.at("2026-06-01 08:00"), Self.at("2026-06-01 22:00")])
        let night = options.map { model.nightSeconds($0, clock: Self.chicago, toward: nil) / 3600 }
        #expect(night.first == 2 && night.last == 5)
    }
}
