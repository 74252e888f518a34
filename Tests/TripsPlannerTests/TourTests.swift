import Foundation
import TestSupport
import Testing
import TripsModel

@testable import TripsPlanner

/// Tours against brute force (`TourReference`) on random small instances, seeded so failures
/// reproduce: the same optimum under every objective, a tour that keeps every rule, bounds that
/// never overstate, and the same smallest daily driving limit.
@Suite struct TourTests {
    static let zones = ["America/Chicago", "America/New_York", "America/Denver"]
    static let planner = TripPlanner(gameDurationMinutes: BruteForceTests.durations, zones: Fixture.zones)

    struct Instance {
        var games: [RichGame]
        var request: TourRequest
    }

    static func instance(seed: UInt64) -> Instance {
        var rng = SeededGenerator(seed: seed)
        var f = Fixture()
        let stadiumCount = Int.random(in: 2...5, using: &rng)
        for s in 0..<stadiumCount {
            f.stadium(
                "s\(s)", milesNorth: Double.random(in: -400...400, using: &rng),
                milesEast: Double.random(in: -400...400, using: &rng), zone: zones.randomElement(using: &rng)!)
        }
        let first = Fixture.day(BruteForceTests.startDays.randomElement(using: &rng)!)
        let days = Int.random(in: 3...10, using: &rng)
        let hours = ["12:05", "13:10", "15:00", "18:30", "19:05", "20:00", "21:30"]
        var index = 0
        for s in 0..<stadiumCount {
            var used = Set<Int>()
            for _ in 0..<Int.random(in: 1...3, using: &rng) {
                let offset = Int.random(in: 0..<days, using: &rng)
                guard used.insert(offset).inserted else { continue }
                let away = Int.random(in: 0..<5, using: &rng) == 0 ? "other\(index)" : "team_t"
                f.game(
                    "g\(index)", at: "s\(s)", "\(first.adding(days: offset)) \(hours.randomElement(using: &rng)!)",
                    away: away)
                index += 1
            }
        }
        let kind: TourRequest.Kind =
            Bool.random(using: &rng)
            ? .opponents(teamId: "team_t")
            : .venues(
                hostTeamIds: (0..<stadiumCount).filter { $0 == 0 || Bool.random(using: &rng) }.map { "team_s\($0)" })
        var request = TourRequest(
            kind: kind, season: "2026", sports: ["mlb"], objective: TourObjective.allCases.randomElement(using: &rng)!,
            driving: DrivingRules(
                maxHoursPerDay: [3, 6, 10].randomElement(using: &rng)!, averageSpeedMph: 55, roadFactor: 1.2,
                bufferBeforeGameMinutes: 30, bufferAfterGameMinutes: [0, 30].randomElement(using: &rng)!,
                allowsOvernightDriving: Int.random(in: 0..<5, using: &rng) == 0))
        if Int.random(in: 0..<3, using: &rng) == 0 {
            request.start = f.place(
                "start", milesNorth: Double.random(in: -300...300, using: &rng), zone: zones.randomElement(using: &rng)!
            )
        }
        if Int.random(in: 0..<3, using: &rng) == 0 {
            request.end = f.place("end", milesNorth: Double.random(in: -300...300, using: &rng))
        }
        return Instance(games: f.games, request: request)
    }

    @Test(arguments: TestSeed.cases(0..<300, short: 80))
    func matchesBruteForce(seed: Int) throws {
        let instance = Self.instance(seed: UInt64(seed))
        let result = try Self.planner.tour(instance.request, games: instance.games) { 0 }
        let reference = TourReference(
            request: instance.request, games: instance.games, durations: BruteForceTests.durations)
        let best = reference.best()
        guard let optimum = best.cost else {
            #expect(result.itinerary == nil, "TRIPS_TEST_SEED=\(seed): the planner found a tour brute force rules out")
            #expect(result.infeasibility != nil)
            return
        }
        let itinerary = try #require(result.itinerary, "TRIPS_TEST_SEED=\(seed): brute force found \(best.valid) tours")
        let found = try #require(
            reference.cost(ofGameIds: itinerary.gameIds), "TRIPS_TEST_SEED=\(seed): the planner's tour breaks a rule")
        #expect(found == optimum, "TRIPS_TEST_SEED=\(seed): \(found) vs the optimum \(optimum)")
        #expect(result.proof.optimal)
        #expect(result.proof.value == optimum.value(for: instance.request.objective))
        #expect(result.visits.count == reference.buildings.count)
        #expect(Set(result.visits.map(\.stadiumId)).count == result.visits.count)
    }

    /// Cut short after a few clock readings, the tour is still valid and its bound never above
    /// the true optimum.
    @Test(arguments: TestSeed.cases(0..<100, short: 40))
    func boundsHoldWhenTimeRunsOut(seed: Int) throws {
        var instance = Self.instance(seed: UInt64(1_000 + seed))
        instance.request.timeLimitSeconds = 1
        let readings = Counter()
        let result = try Self.planner.tour(instance.request, games: instance.games) { Double(readings.next()) / 2 }
        let reference = TourReference(
            request: instance.request, games: instance.games, durations: BruteForceTests.durations)
        guard let optimum = reference.best().cost, let itinerary = result.itinerary else { return }
        #expect(reference.cost(ofGameIds: itinerary.gameIds) != nil, "TRIPS_TEST_SEED=\(seed)")
        let truth = optimum.value(for: instance.request.objective)
        #expect(
            result.proof.bound <= truth + 1e-9, "TRIPS_TEST_SEED=\(seed): bound \(result.proof.bound) above \(truth)")
        #expect(result.proof.value >= truth - 1e-9)
        if result.proof.optimal { #expect(result.proof.value == truth) }
    }

    @Test(arguments: TestSeed.cases(0..<40, short: 10))
    func smallestDailyLimitMatchesBruteForce(seed: Int) throws {
        var instance = Self.instance(seed: UInt64(5_000 + seed))
        instance.request.findsMinimumDriveHours = true
        instance.request.driving.allowsOvernightDriving = false
        let result = try Self.planner.tour(instance.request, games: instance.games) { 0 }
        func best(_ hours: Int) -> Double? {
            var request = instance.request
            request.driving.maxHoursPerDay = Double(hours)
            return TourReference(request: request, games: instance.games, durations: BruteForceTests.durations)
                .best().cost?.value(for: request.objective)
        }
        // The fewest hours whose best tour is as good as at the usual limit (6 h); when 6 h
        // admits none, the fewest that admit one at all.
        let usual = Int(instance.request.driving.maxHoursPerDay)
        let expected: Int?
        if let atUsual = best(usual) {
            expected = (1...usual).first { best($0).map { $0 <= atUsual + 1e-9 } ?? false }
            #expect(result.minimumDriveHours?.keepsPaceWith == Double(usual), "TRIPS_TEST_SEED=\(seed)")
        } else {
            expected = (1...16).first { best($0) != nil }
        }
        #expect(result.minimumDriveHours?.hours == expected, "TRIPS_TEST_SEED=\(seed)")
        // Asked only for the fewest that admit a tour: the first limit with one at all.
        instance.request.keepsPaceWithLimit = false
        let admitting = try Self.planner.tour(instance.request, games: instance.games) { 0 }
        #expect(admitting.minimumDriveHours?.hours == (1...16).first { best($0) != nil }, "TRIPS_TEST_SEED=\(seed)")
        #expect(admitting.minimumDriveHours?.keepsPaceWith == nil)
        #expect(result.minimumDriveHours?.proven != false)
        if let expected { #expect(result.driveHours == Double(expected)) }
    }

    @Test func aWindowKeepsOnlyItsDaysAndNamesTheHostsItLeavesOut() throws {
        var f = Fixture()
        f.stadium("s0", milesNorth: 0)
        f.stadium("s1", milesNorth: 100)
        f.stadium("s2", milesNorth: 200)
        f.game("early0", at: "s0", "2026-06-01 19:00", away: "team_t")
        f.game("late0", at: "s0", "2026-06-10 19:00", away: "team_t")
        f.game("late1", at: "s1", "2026-06-12 19:00", away: "team_t")
        f.game("early2", at: "s2", "2026-06-02 19:00", away: "team_t")
        var request = TourRequest(kind: .opponents(teamId: "team_t"), season: "2026", sports: ["mlb"])
        request.window = Fixture.day("2026-06-05")...Fixture.day("2026-06-30")
        let result = try Self.planner.tour(request, games: f.games) { 0 }
        #expect(result.visits.map(\.gameId) == ["late0", "late1"])
        #expect(result.uncovered == [TourUncoveredHost(teamId: "team_s2", gamesElsewhere: 0, gamesOutsideWindow: 1)])
        request.window = nil
        let whole = try Self.planner.tour(request, games: f.games) { 0 }
        #expect(whole.uncovered.isEmpty && whole.visits.count == 3)
    }

    @Test func leavesOutHostsWithoutAHomeGameAndSaysSo() throws {
        var f = Fixture()
        f.stadium("s0", milesNorth: 0)
        f.stadium("s1", milesNorth: 100)
        f.game("home", at: "s0", "2026-06-01 19:00", away: "team_t")
        var abroad = f.game("abroad", at: "s1", "2026-06-03 19:00", home: "team_s9", away: "team_t")
        abroad.game.isNeutralSite = true
        var games = f.games
        games[1] = abroad
        let request = TourRequest(kind: .opponents(teamId: "team_t"), season: "2026", sports: ["mlb"])
        let result = try Self.planner.tour(request, games: games) { 0 }
        #expect(result.visits.map(\.gameId) == ["home"])
        #expect(result.uncovered == [TourUncoveredHost(teamId: "team_s9", gamesElsewhere: 1)])
        #expect(result.explanation.contains(.onlyGame(gameId: "home")))
    }

    /// Two buildings 1,500 miles and a day apart never share a trip; from a start beside the
    /// first, the far one is out of reach before that (and named first).
    @Test(arguments: [
        (nil, TourInfeasibility.cannotConnect(firstGameIds: ["a"], secondGameIds: ["b"])),
        (0.0, TourInfeasibility.cannotReachFromStart(gameIds: ["b"])),
    ])
    func namesThePairThatCannotShareATripOrTheBuildingOutOfReach(
        startNorth: Double?, expected: TourInfeasibility
    ) throws {
        var f = Fixture()
        f.stadium("near", milesNorth: 0)
        f.stadium("far", milesNorth: 1_500)
        f.game("a", at: "near", "2026-06-01 19:00", away: "team_t")
        f.game("b", at: "far", "2026-06-02 19:00", away: "team_t")
        var request = TourRequest(kind: .opponents(teamId: "team_t"), season: "2026", sports: ["mlb"])
        request.start = startNorth.map { f.place("Home", milesNorth: $0) }
        let result = try Self.planner.tour(request, games: f.games) { 0 }
        #expect(result.itinerary == nil)
        #expect(result.infeasibility == expected)
        #expect(result.infeasibility?.isAboutDriving == true)
    }
}

/// Clock readings for a test: 1, 2, 3, … (a class, so the planner's closure can advance it).
final class Counter: @unchecked Sendable {
    private var value = 0
    func next() -> Int {
        value += 1
        return value
    }
}
