import Foundation
import Testing
import TripsModel
import TripsPlanner
import TripsZones

@testable import TripsRender

@Suite struct TripDayTests {
    let days = TripDay.days(of: TripFixture.trip, towns: TripFixture.towns, clock: LocalTimeFormatter())

    @Test func daysRunFromTheFirstDepartureToTheArrivalAtTheEndWithoutGaps() throws {
        #expect(days.map(\.date.description) == (1...8).map { "2026-06-0\($0)" })
        #expect(days.first?.wake == "Chicago, IL")
        #expect(days.last?.sleep == "Chicago, IL")
        for (today, tomorrow) in zip(days, days.dropFirst()) {
            #expect(tomorrow.wake == today.sleep, "\(tomorrow.date) wakes where \(today.date) slept")
        }
    }

    @Test func aLongLegIsADriveADaySplitAtItsOvernightStopInTheNearestTown() throws {
        let monday = days[0]
        let tuesday = days[1]
        #expect(monday.drives.map(\.to) == ["Eau Claire, WI"])
        #expect(monday.sleep == "Eau Claire, WI" && monday.sleepsOnTheRoad)
        #expect(tuesday.drives.map(\.from) == ["Eau Claire, WI"])
        #expect(tuesday.drives.map(\.to) == ["Target Field"])
        #expect(tuesday.sleep == "Minneapolis, MN" && !tuesday.sleepsOnTheRoad)
        #expect(monday.drives[0].miles == 330)
        #expect(abs(tuesday.drives[0].miles - 82) < 1e-9)
        // The stretches add up to the leg, and keep its times exactly.
        let leg = TripFixture.legs[0]
        #expect(monday.drives[0].departure == leg.departure && tuesday.drives[0].arrival == leg.arrival)
        #expect(abs(monday.drives[0].hours + tuesday.drives[0].hours - leg.driveHours) < 1e-9)
    }

    @Test func stayingAtOneVenueIsNotADrive() {
        let wednesday = days[2]
        #expect(wednesday.drives.isEmpty)
        #expect(wednesday.games.map(\.game.id) == ["g_wed"])
        #expect(wednesday.wake == "Minneapolis, MN" && wednesday.sleep == "Minneapolis, MN")
        #expect(days.flatMap(\.drives).allSatisfy { $0.miles > 0 })
    }

    @Test func aDayWithNothingToDoIsFreeAndSpentWhereTheFanIs() {
        let thursday = days[3]
        #expect(thursday.isFree)
        #expect(thursday.wake == "Minneapolis, MN" && thursday.sleep == "Minneapolis, MN")
        #expect(days.filter(\.isFree).count == 1)
    }

    @Test func everyGameIsOnItsVenueLocalDayOnce() {
        #expect(days.flatMap(\.games).map(\.game.id) == ["g_tue", "g_wed", "g_sat"])
        #expect(days[5].games.map(\.game.id) == ["g_sat"])
        #expect(
            days[5].events.map(\.start) == [TripFixture.at("2026-06-06 07:00"), TripFixture.at("2026-06-06 19:10")])
    }

    @Test func aStopWithoutAKnownTownIsNamedByItsPosition() {
        let unnamed = TripDay.days(of: TripFixture.trip, towns: OvernightTowns(), clock: LocalTimeFormatter())
        #expect(unnamed[0].sleep == "a stop on the road (44.8, -91.5)")
        #expect(unnamed[1].wake == unnamed[0].sleep)
    }

    @Test func aTripOfOneGameWithoutPlacesIsOneDayInItsCity() {
        let one = Itinerary(
            stops: [TripFixture.saturday], legs: [],
            totals: ItineraryTotals(games: 1, distinctStadiums: 1, miles: 0, driveHours: 0), warnings: [])
        let days = TripDay.days(of: one, towns: TripFixture.towns, clock: LocalTimeFormatter())
        #expect(days.count == 1)
        #expect(days.first?.wake == "Kansas City, MO" && days.first?.sleep == "Kansas City, MO")
    }
}
