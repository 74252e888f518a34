import Foundation
import TestSupport
import Testing
import TripsModel

@testable import TripsPlanner

/// The tour's relaxation ladder (`TripPlanner.tour(_:games:relaxing:)`) against brute force
/// (`TourReference`) on random small instances: the tour asked for when it fits; else the fewest
/// hours by day that admit one; else buildings left out by day; else a night tour, only offered.
/// Its own tests of the steps, where `TourTests` checks each search alone.
@Suite struct TourLadderTests {
    static let planner = TourTests.planner
    /// The most hours a day by day the fewest-hours search tries (at night: `driveHourRange`).
    static let maxHours = 16

    /// The best tour's cost with `hours` a day, by day or at night too, among `games`.
    static func best(_ request: TourRequest, hours: Int, night: Bool, games: [RichGame]) -> TourCost? {
        reference(request, hours: Double(hours), night: night, games: games).best().cost
    }

    static func reference(_ request: TourRequest, hours: Double, night: Bool, games: [RichGame]) -> TourReference {
        var request = request
        request.findsMinimumDriveHours = false
        request.driving.maxHoursPerDay = hours
        request.driving.allowsOvernightDriving = night
        return TourReference(request: request, games: games, durations: BruteForceTests.durations)
    }

    @Test(arguments: TestSeed.cases(0..<120, short: 40))
    func eachStepMatchesBruteForce(seed: Int) throws {
        var instance = TourTests.instance(seed: UInt64(7_000 + seed))
        instance.request.driving.allowsOvernightDriving = false
        let request = instance.request
        let asked = Int(request.driving.maxHoursPerDay)
        let relaxed = try Self.planner.tour(
            request, games: instance.games, relaxing: TourRelaxation(findsFewestHours: true, looksAtNight: true)
        ) { 0 }
        let replay = "TRIPS_TEST_SEED=\(seed)"
        func valid(_ result: TourResult, night: Bool, games: [RichGame]) -> Bool {
            guard let itinerary = result.itinerary else { return false }
            return Self.reference(request, hours: result.driveHours, night: night, games: games)
                .cost(ofGameIds: itinerary.gameIds) != nil
        }
        if let optimum = Self.best(request, hours: asked, night: false, games: instance.games) {
            // It fits as asked: no step taken, the optimum.
            let itinerary = try #require(relaxed.result.itinerary, "\(replay): brute force has a tour as asked")
            let reference = Self.reference(request, hours: Double(asked), night: false, games: instance.games)
            #expect(reference.cost(ofGameIds: itinerary.gameIds) == optimum, "\(replay)")
            #expect(relaxed.relaxedFrom == nil && relaxed.leftOut.isEmpty && relaxed.atNight == nil, "\(replay)")
            return
        }
        // The ladder steps only for a reason more driving might fix (`isAboutDriving`); else the
        // answer is the plain tour's (no games, or the time limit).
        let plain = try Self.planner.tour(request, games: instance.games) { 0 }
        guard plain.infeasibility?.isAboutDriving == true else {
            #expect(relaxed.result == plain, "\(replay)")
            #expect(relaxed.relaxedFrom == nil && relaxed.leftOut.isEmpty && relaxed.atNight == nil, "\(replay)")
            return
        }
        let fewest = (1...Self.maxHours).first {
            Self.best(request, hours: $0, night: false, games: instance.games) != nil
        }
        if let fewest {
            // The fewest hours by day that admit a tour, said as a step from what was asked.
            #expect(relaxed.result.driveHours == Double(fewest), "\(replay)")
            #expect(valid(relaxed.result, night: false, games: instance.games), "\(replay)")
            #expect(relaxed.relaxedFrom?.request == request, "\(replay)")
            #expect(relaxed.relaxedFrom?.problem.isAboutDriving == true, "\(replay)")
            #expect(relaxed.leftOut.isEmpty && relaxed.atNight == nil, "\(replay)")
            return
        }
        if relaxed.result.itinerary != nil {
            // By day with buildings left out: none of them in the tour, which keeps every rule.
            #expect(!relaxed.leftOut.isEmpty, "\(replay): no day's driving admits the whole tour")
            let out = Set(relaxed.leftOut.map(\.game.stadium.id))
            #expect(relaxed.games.allSatisfy { !out.contains($0.stadium.id) }, "\(replay)")
            #expect(valid(relaxed.result, night: false, games: relaxed.games), "\(replay)")
            #expect(relaxed.atNight == nil, "\(replay)")
            return
        }
        #expect(relaxed.leftOut.isEmpty, "\(replay): leaving buildings out did not help, so none is")
        let byNight = TourRequest.driveHourRange.contains {
            Self.best(request, hours: $0, night: true, games: instance.games) != nil
        }
        // A night tour is looked for only when what stopped the tour by day is about driving.
        let looked = relaxed.result.infeasibility?.isAboutDriving == true
        #expect((relaxed.atNight != nil) == (looked && byNight), "\(replay): brute force at night: \(byNight)")
        if let night = relaxed.atNight {
            #expect(valid(night.result, night: true, games: instance.games), "\(replay)")
            #expect(night.request.driving.allowsOvernightDriving, "\(replay)")
            let taken = relaxed.takingNightDriving()
            #expect(taken.result == night.result && taken.atNight == nil, "\(replay)")
            #expect(taken.relaxedFrom?.request == request, "\(replay)")
        }
    }

    /// Asked exactly (a limit given): no step, whatever fits or not.
    @Test(arguments: TestSeed.cases(0..<40, short: 15))
    func withoutRelaxingItIsTheTourAsAsked(seed: Int) throws {
        let instance = TourTests.instance(seed: UInt64(9_000 + seed))
        let relaxed = try Self.planner.tour(instance.request, games: instance.games, relaxing: .none) { 0 }
        let plain = try Self.planner.tour(instance.request, games: instance.games) { 0 }
        #expect(relaxed.result == plain, "TRIPS_TEST_SEED=\(seed)")
        #expect(relaxed.request == instance.request)
        #expect(relaxed.relaxedFrom == nil && relaxed.leftOut.isEmpty && relaxed.atNight == nil)
    }

    /// A building 1,500 miles away with one date, between two dates at home: no day's driving
    /// (nor night's) joins them, so the far one — fewer dates — is left out, and why.
    @Test func theBuildingWithFewerDatesIsLeftOutAndTheOtherKept() throws {
        var f = Fixture()
        f.stadium("near", milesNorth: 0)
        f.stadium("far", milesNorth: 1_500)
        f.game("a", at: "near", "2026-06-01 19:00", away: "team_t")
        f.game("b", at: "far", "2026-06-02 19:00", away: "team_t")
        f.game("c", at: "near", "2026-06-03 19:00", away: "team_t")
        let request = TourRequest(kind: .opponents(teamId: "team_t"), season: "2026", sports: ["mlb"])
        let relaxed = try Self.planner.tour(
            request, games: f.games, relaxing: TourRelaxation(findsFewestHours: true, looksAtNight: true)
        ) { 0 }
        let out = try #require(relaxed.leftOut.first)
        #expect(relaxed.leftOut.count == 1)
        #expect(out.game.stadium.id == "far" && out.kept?.game.stadium.id == "near")
        #expect(out.dates == 1)
        #expect(out.kept?.dates == 2)
        #expect(relaxed.result.itinerary?.gameIds.count == 1)
        #expect(relaxed.games.map(\.id).sorted() == ["a", "c"])
        // Without the ladder's night step, nothing is left out: the tour does not fit, and says why.
        let asked = try Self.planner.tour(
            request, games: f.games, relaxing: TourRelaxation(findsFewestHours: true, looksAtNight: false)
        ) { 0 }
        #expect(asked.leftOut.isEmpty && asked.result.itinerary == nil)
        #expect(asked.result.infeasibility?.isAboutDriving == true)
    }
}
